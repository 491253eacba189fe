// Why a PTY could not be made. node-pty reports every forkpty(3) failure as the same sentence,
// "forkpty(3) failed.", with the errno dropped — the user learns nothing they can act on. The
// two steps that fail are opening a pseudo-terminal and forking; the first is repeated here to
// get its errno back, and the limits that apply are read from /proc, so the message names the
// cause (too many open files in this server, none left on the system, the process limit).
import { closeSync, constants, openSync, readdirSync, readFileSync } from 'node:fs';

const FORKPTY_FDS = 8;

function limit(name: string): string | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(name));
    return line?.slice(name.length).trim().split(/\s+/)[0] ?? null;
  } catch {
    return null;
  }
}

function procNumber(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '?';
  }
}

function openFds(): number | null {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

/** The cause of a failed PTY spawn, as one clause ("too many open files: …"). */
export function ptyFailureCause(): string {
  // forkpty takes a few descriptors at once (master, slave, node-pty's own pipe): with only a
  // handful left that is the cause, even when the single open below would still succeed.
  const open = openFds();
  const max = Number(limit('Max open files'));
  if (open !== null && Number.isFinite(max) && open + FORKPTY_FDS > max)
    return `this server has too many open files (${open} open, limit ${max}; raise ulimit -n or close panes)`;
  let fd: number | undefined;
  try {
    fd = openSync('/dev/ptmx', constants.O_RDWR | constants.O_NOCTTY);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    switch (code) {
      case 'EMFILE':
        // Out of descriptors, /proc may not be readable either: the figures only when they are.
        return `this server has too many open files (EMFILE${open !== null ? `: ${open} open` : ''}${Number.isFinite(max) ? `, limit ${max}` : ''}; raise ulimit -n or close panes)`;
      case 'ENFILE':
        return 'the system has too many open files (ENFILE)';
      case 'ENOSPC':
        return `no pseudo-terminal is left (ENOSPC: ${procNumber('/proc/sys/kernel/pty/nr')} in use, kernel.pty.max ${procNumber('/proc/sys/kernel/pty/max')})`;
      default:
        return `cannot open /dev/ptmx (${code}: ${(err as Error).message})`;
    }
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  // A terminal opens, so the fork failed: the per-user process limit or memory.
  return `fork failed (the process limit for this user is ${limit('Max processes') ?? '?'}; or memory ran out)`;
}

/** node-pty's bare "forkpty(3) failed." with its cause added; other errors as they are. */
export function explainPtySpawnError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (!/forkpty/i.test(message)) return err instanceof Error ? err : new Error(message);
  return new Error(`${message.replace(/\.$/, '')}: ${ptyFailureCause()}`);
}
