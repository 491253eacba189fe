// Who still holds the config file we just replaced, open for writing. A hand edit such as
// `echo … >> config.toml` opens the path and then writes; when our rename lands between its open
// and its write, the write goes into the replaced inode, which nobody will read again. Comparing
// the old file's size and mtime right after the rename catches the writes that already happened;
// this catches the ones still to come: as long as another process has the replaced inode open for
// writing, we wait for it to close before we compare. Linux only (/proc); elsewhere it finds no
// one and the compare alone stands.
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';

/** Far above an append's open-to-close on a loaded machine, short enough for a save a person waits on. */
export const REPLACED_WRITER_WAIT_MS = 2_000;
const POLL_MS = 2;

const O_ACCMODE = 0o3;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return []; // a process that ended, or one of another user's
  }
}

function openForWriting(pid: string, fd: string): boolean {
  try {
    const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'));
    return flags !== null && (parseInt(flags[1]!, 8) & O_ACCMODE) !== 0;
  } catch {
    return false; // closed meanwhile
  }
}

/** How /proc names a file that was at `file` when a rename replaced it; null when its folder is gone. */
export function replacedPathOf(file: string): string | null {
  try {
    return `${join(realpathSync(dirname(file)), basename(file))} (deleted)`;
  } catch {
    return null;
  }
}

/** Whether a process other than this one has `deletedPath` (a replaced file) open for writing. */
export function heldForWriting(deletedPath: string): boolean {
  const self = String(process.pid);
  for (const pid of list('/proc')) {
    if (pid === self || !/^\d+$/.test(pid)) continue;
    for (const fd of list(`/proc/${pid}/fd`)) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target === deletedPath && openForWriting(pid, fd)) return true;
    }
  }
  return false;
}

/**
 * Waits (synchronously, at most REPLACED_WRITER_WAIT_MS) until no other process holds the file
 * that a rename onto `file` just replaced open for writing. Returns false when one still did.
 */
export function waitForReplacedWriters(file: string): boolean {
  const deletedPath = replacedPathOf(file);
  if (deletedPath === null) return true;
  const deadline = Date.now() + REPLACED_WRITER_WAIT_MS;
  while (heldForWriting(deletedPath)) {
    if (Date.now() >= deadline) return false;
    sleepSync(POLL_MS);
  }
  return true;
}
