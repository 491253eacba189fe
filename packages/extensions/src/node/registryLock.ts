// The registry's lock: every read-change-write of registry.json holds `registry.lock`, created
// with O_EXCL, so two `rozi extensions …` processes (or the CLI and the server's Discover
// installs) never lose each other's update. The lock names its holder (pid, time); a holder that
// died or held it past REGISTRY_LOCK_STALE_MS is treated as gone and its lock removed. Holders
// keep it for a read and an atomic write, milliseconds, so waiting is a short synchronous poll.
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const REGISTRY_LOCK_FILE = 'registry.lock';
/** Far above any real hold (a read plus an atomic write) and short enough to recover from a crash. */
export const REGISTRY_LOCK_STALE_MS = 30_000;
const POLL_MS = 10;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock whose holder is gone or that outlived any real hold; unreadable counts as held. */
function isStale(file: string, now: number): boolean {
  try {
    const [pid] = readFileSync(file, 'utf8').split(' ').map(Number);
    if (pid !== undefined && Number.isInteger(pid) && pid > 0 && !alive(pid)) return true;
    return now - statSync(file).mtimeMs > REGISTRY_LOCK_STALE_MS;
  } catch {
    return false; // gone between the open and here (released): just try again
  }
}

export class RegistryLockedError extends Error {}

export function withRegistryLock<T>(extensionsDir: string, fn: () => T, o: { timeoutMs?: number } = {}): T {
  mkdirSync(extensionsDir, { recursive: true });
  const file = join(extensionsDir, REGISTRY_LOCK_FILE);
  return withLockFile(
    {
      file,
      timeoutMs: o.timeoutMs,
      busy: `another rozi is changing the extension registry (${file}); try again`,
    },
    fn,
  );
}

export interface LockFileOptions {
  /** The lock file; its directory must exist. */
  file: string;
  timeoutMs?: number | undefined;
  /** The error message when the lock stays held past the timeout. */
  busy: string;
}

/** Runs `fn` holding `o.file` (O_EXCL, holder pid and time; a dead or stale holder's lock is taken over). */
export function withLockFile<T>(o: LockFileOptions, fn: () => T): T {
  const file = o.file;
  const deadline = Date.now() + (o.timeoutMs ?? 10_000);
  for (;;) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid} ${Date.now()}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (isStale(file, Date.now())) {
        // Two waiters may both see the same stale lock; unlinking twice is harmless (ENOENT), and
        // a holder never waits long enough to be called stale while alive.
        try {
          unlinkSync(file);
        } catch {
          // already removed by the other waiter
        }
        continue;
      }
      if (Date.now() > deadline) throw new RegistryLockedError(o.busy);
      sleepSync(POLL_MS);
    }
  }
  try {
    return fn();
  } finally {
    try {
      unlinkSync(file);
    } catch {
      // removed as stale by someone else after a hold past REGISTRY_LOCK_STALE_MS; nothing to release
    }
  }
}
