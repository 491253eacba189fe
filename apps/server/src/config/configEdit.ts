// The one write path of config.toml (key editor, tab settings, agent editor, extension enable
// state): an edit is a function from the file's current text to the new text, so a hand edit
// that lands meanwhile is merged by running the edit again on the newer text, never overwritten.
//  - `rozi` processes take turns through a lock file beside config.toml (the server and the CLI
//    never interleave their read-change-write);
//  - an editor that saves while we write is seen before the rename (the file is compared with
//    the text the edit was computed from) and the edit is computed again on its text;
//  - a writer that writes in place into the old file during the rename itself is seen after it
//    (the old file, still open, changed). What it appended is put back into the new file, after
//    our text and before anything appended to the new file since; a file it rewrote whole is
//    edited and written again. A writer that opened the old file before the rename and writes
//    after it is waited for (replacedWriters.ts: it still holds the replaced file open for
//    writing) before that check.
// Only a rename-style save landing in the microseconds between the last compare and our rename
// can still be overwritten; nothing short of the editor taking our lock closes that.
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { withLockFile } from '@rozi/extensions/node';
import { writeFileAtomic } from '../persist/atomicWrite';
import { configStore } from './configStore';
import { waitForReplacedWriters } from './replacedWriters';

export const CONFIG_EDIT_ATTEMPTS = 8;
/** Tries go on past CONFIG_EDIT_ATTEMPTS while this much time has not passed: on a loaded machine a
 * write and its fsync can take longer than the gap between a busy writer's saves. */
export const CONFIG_EDIT_BUDGET_MS = 5_000;

export interface FileState {
  existed: boolean;
  bytes: Buffer;
}

export type EditFn = (text: string, state: FileState) => { text: string } | { error: string };

export type ConfigEditResult =
  | { ok: true; changed: boolean; before: FileState; after: Buffer }
  | { ok: false; code: 'refused' | 'conflict'; error: string };

class ChangedUnderEdit extends Error {}

interface Opened {
  fd: number | null;
  state: FileState;
  stamp: string | null;
}

function open(file: string): Opened {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { fd: null, state: { existed: false, bytes: Buffer.alloc(0) }, stamp: null };
    throw err;
  }
  try {
    const bytes = readFileSync(fd);
    return { fd, state: { existed: true, bytes }, stamp: stampOf(fd) };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

function stampOf(fd: number): string {
  const s = fstatSync(fd, { bigint: true });
  // Not ctime: replacing the file unlinks the old inode, which moves its ctime.
  return `${s.size}:${s.mtimeNs}`;
}

function bytesNow(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}

const sameState = (a: Buffer | null, b: FileState): boolean =>
  a === null ? !b.existed : b.existed && a.equals(b.bytes);

/** Writes `bytes` unless the file stopped being `want` before the rename; false when it had. */
function writeIfStill(file: string, bytes: Buffer, want: FileState): boolean {
  try {
    writeFileAtomic(file, bytes, {
      beforeRename: () => {
        if (!sameState(bytesNow(file), want)) throw new ChangedUnderEdit();
      },
    });
    return true;
  } catch (err) {
    if (err instanceof ChangedUnderEdit) return false;
    throw err;
  }
}

/** What a writer put into the file our rename replaced: text it appended, or the whole file it rewrote. */
function lateWrite(opened: Opened): { appended: Buffer } | { rewritten: Buffer } | null {
  if (opened.fd === null || stampOf(opened.fd) === opened.stamp) return null;
  const old = readAt0(opened.fd);
  const had = opened.state.bytes;
  if (old.length >= had.length && old.subarray(0, had.length).equals(had))
    return old.length > had.length ? { appended: old.subarray(had.length) } : null;
  return { rewritten: old };
}

/**
 * Text appended into the file we replaced goes back after what we wrote (`wrote`) and before
 * anything appended to our file since, so append-only writers keep their order.
 */
function withCarried(now: FileState, wrote: Buffer, carried: Buffer): Buffer {
  const ours = now.existed && now.bytes.subarray(0, wrote.length).equals(wrote);
  return ours
    ? Buffer.concat([wrote, carried, now.bytes.subarray(wrote.length)])
    : Buffer.concat([now.bytes, carried]);
}

/** One locked attempt loop; see the file comment. Throws only when the write itself fails. */
function editLocked(file: string, edit: EditFn): ConfigEditResult {
  let base: FileState | null = null;
  let expected: FileState | null = null;
  let first: FileState | null = null;
  let wrote: Buffer | null = null;
  // Appended into a file we replaced and so in no file now: written back before anything else.
  let carried: Buffer | null = null;
  const deadline = Date.now() + CONFIG_EDIT_BUDGET_MS;
  let attempt = 0;
  for (; attempt < CONFIG_EDIT_ATTEMPTS || Date.now() < deadline; attempt++) {
    const opened = open(file);
    try {
      const now = opened.state;
      let out: Buffer;
      let want: FileState;
      if (carried !== null && wrote !== null) {
        out = withCarried(now, wrote, carried);
        want = now;
      } else {
        // `base`: what the edit is applied to; `expected`: what must still be in the file at the rename.
        if (base === null || expected === null || !sameState(now.bytes, expected)) base = expected = now;
        first ??= base;
        const r = edit(base.bytes.toString('utf8'), base);
        if ('error' in r) return { ok: false, code: 'refused', error: r.error };
        out = Buffer.from(r.text, 'utf8');
        const unchanged = base.existed ? out.equals(base.bytes) : out.length === 0;
        if (unchanged && base === expected)
          return { ok: true, changed: wrote !== null, before: first, after: wrote ?? out };
        want = expected;
      }
      if (!writeIfStill(file, out, want)) {
        if (carried === null) base = expected = null;
        continue;
      }
      wrote = out;
      carried = null;
      // A write into the file we replaced, between the compare and the rename, or by a writer
      // that opened it before the rename and had not written yet (waited for).
      if (opened.fd !== null) waitForReplacedWriters(file);
      const late = lateWrite(opened);
      if (late && 'appended' in late) {
        carried = late.appended;
        continue;
      }
      if (late) {
        base = { existed: true, bytes: late.rewritten };
        expected = { existed: true, bytes: out };
        continue;
      }
      return { ok: true, changed: true, before: first ?? now, after: out };
    } finally {
      if (opened.fd !== null) closeSync(opened.fd);
    }
  }
  return {
    ok: false,
    code: 'conflict',
    error: `${file} kept changing while it was being edited (${attempt} tries); ${wrote ? 'the last try was written, check the file' : 'nothing was written'}`,
  };
}

function readAt0(fd: number): Buffer {
  const size = Number(fstatSync(fd).size);
  const buf = Buffer.alloc(size);
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buf, off, size - off, off);
    if (n <= 0) break;
    off += n;
  }
  return buf.subarray(0, off);
}

/**
 * Applies `edit` to config.toml under the lock, merging hand edits that land meanwhile (see the
 * file comment). A refused edit or a file that kept changing writes nothing and says why; a
 * failed write throws AtomicWriteError (the old file intact).
 */
export function editConfigFile(o: { file: string; edit: EditFn }): ConfigEditResult {
  const dir = dirname(o.file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const result = withLockFile(
    {
      file: join(dir, `.${basename(o.file)}.lock`),
      busy: `another rozi is editing ${o.file}; try again`,
    },
    () => editLocked(o.file, o.edit),
  );
  if (result.ok && result.changed) configStore(o.file).reload();
  return result;
}
