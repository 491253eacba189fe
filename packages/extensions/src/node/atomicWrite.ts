// The one atomic file write of the codebase (config.toml, snapshot, histories, token, extension
// registry, index files): a reader, a crash or a full disk sees the old file or the new one,
// never half of one. Lives in the node part of @rozi/extensions because the extension registry
// writes through it and the server imports this package, never the reverse; server code imports
// it as apps/server/src/persist/atomicWrite.ts.
//
// Steps, each one there because of a failure seen without it:
//  * every byte written, the count checked: one write(2) on a nearly full disk wrote 8192 of
//    the bytes and the short file was renamed over config.toml and snapshot.json;
//  * fsync the file, rename, fsync the directory: without the last, a power cut may keep the
//    old directory entry or none;
//  * the old file's permission bits kept (0600 for a new file) and a symlinked target written
//    through, so a dotfiles link stays a link;
//  * on any failure the temp file goes and the error says the old file is unchanged.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** Permission bits for a file that does not exist yet (default 0600); an existing file keeps its own. */
  mode?: number;
  /**
   * Runs after the new bytes are on disk and just before the rename; throwing aborts the write
   * (temp file removed, old file untouched) and the thrown error reaches the caller as it is.
   * config.toml edits use it to see a hand edit that landed while they were writing.
   */
  beforeRename?: () => void;
}

/** Thrown when nothing was replaced: the file at `path` is as it was before the call. */
export class AtomicWriteError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    detail: string,
  ) {
    super(`could not write ${path}: ${detail} (${code}); the previous file is unchanged`);
    this.name = 'AtomicWriteError';
  }
}

function errnoOf(err: unknown): string {
  return (err as NodeJS.ErrnoException | undefined)?.code ?? 'EIO';
}

function messageOf(err: unknown): string {
  const code = errnoOf(err);
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'EDQUOT') return 'disk quota exceeded';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'read-only file system';
  return err instanceof Error ? err.message : String(err);
}

/** The file a write to `path` must replace: a symlink's target, else `path` itself. */
function writeTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path; // Missing (a new file) or a dangling link: write the name as given.
  }
}

function existingMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return undefined;
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) {
    const n = writeSync(fd, bytes, off, bytes.length - off);
    if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'ENOSPC' });
    off += n;
  }
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces `path` with `data` atomically and durably. Throws AtomicWriteError (old file intact)
 * when any step before the rename fails; callers report it to whoever asked for the write.
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): void {
  const target = writeTarget(path);
  const dir = dirname(target);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const mode = existingMode(target) ?? opts.mode ?? 0o600;
  const tmp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined;
  let aborted: unknown;
  try {
    fd = openSync(tmp, 'wx', mode);
    fchmodSync(fd, mode); // open's mode passes through the umask; the kept mode must not.
    writeAll(fd, bytes);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    if (opts.beforeRename) {
      try {
        opts.beforeRename();
      } catch (err) {
        aborted = err;
        throw err;
      }
    }
    renameSync(tmp, target);
  } catch (err) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // The write already failed; its error is the one to report.
      }
    }
    try {
      unlinkSync(tmp);
    } catch {
      // Never created, or already gone.
    }
    if (aborted !== undefined) throw aborted;
    throw new AtomicWriteError(path, errnoOf(err), messageOf(err));
  }
  try {
    fsyncDir(dir);
  } catch (err) {
    // The new file is in place; only its durability across a power cut is in doubt.
    throw Object.assign(new Error(`wrote ${path} but could not sync its directory: ${messageOf(err)}`), {
      code: errnoOf(err),
    });
  }
}
