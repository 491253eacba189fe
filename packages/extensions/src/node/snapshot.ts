// The snapshot of an extension directory that placed contributions run from (spec: "Run on the
// session host"): which files it holds, whether it stays within 32 MiB and 4096 files, which links
// make it unusable, and its content digest. .git, .hg, .svn, __pycache__ and *.pyc are left out.
// A symbolic link to a file inside the extension is taken as that file; a link to a directory or to
// anything outside the extension is a problem (invalid only when placed contributions exist, which
// the pure validator decides from these facts). The walk is iterative and stops at the limits, so
// a huge or hostile tree costs bounded time. Special files (sockets, FIFOs, devices) are not
// content and are left out without being opened: reading a FIFO would block.
// The one walk and digest for install (the digest the registry records), load (the facts that make
// an extension with placed contributions invalid) and `extensions check`. It is synchronous
// because the registry loader is; the limits bound what one call can cost.
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SnapshotFacts } from '../manifest/index';

export const SNAPSHOT_MAX_BYTES = 32 * 1024 * 1024;
export const SNAPSHOT_MAX_FILES = 4096;
const EXCLUDED_NAMES = new Set(['.git', '.hg', '.svn', '__pycache__']);

export interface SnapshotFile {
  /** Relative to the extension directory, `/`-separated. */
  path: string;
  size: number;
  executable: boolean;
  /** Where the file really is, when `path` is a link to it. */
  linkTarget: string | undefined;
}

export type SnapshotProblem = SnapshotFacts['problems'][number] & { path: string };

export interface Snapshot {
  files: SnapshotFile[];
  totalBytes: number;
  problems: SnapshotProblem[];
  /** `sha256:<hex>` over paths, modes and contents; undefined when not asked for or over the limits. */
  digest: string | undefined;
}

export interface SnapshotOptions {
  /** Read every file and compute the content digest (the check only needs the listing). */
  digest?: boolean;
  maxBytes?: number;
  maxFiles?: number;
}

function isExcluded(name: string): boolean {
  return EXCLUDED_NAMES.has(name) || name.endsWith('.pyc');
}

function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel);
}

export async function takeSnapshot(dir: string, options: SnapshotOptions = {}): Promise<Snapshot> {
  return takeSnapshotSync(dir, options);
}

export function takeSnapshotSync(dir: string, options: SnapshotOptions = {}): Snapshot {
  const maxBytes = options.maxBytes ?? SNAPSHOT_MAX_BYTES;
  const maxFiles = options.maxFiles ?? SNAPSHOT_MAX_FILES;
  const root = realpathSync(dir);
  const files: SnapshotFile[] = [];
  const problems: SnapshotProblem[] = [];
  let totalBytes = 0;
  let overLimit = false;
  const pending: string[] = [''];

  while (pending.length > 0 && !overLimit) {
    const relDir = pending.pop() as string;
    const names = readdirSync(join(root, relDir)).sort();
    for (const name of names) {
      if (isExcluded(name)) continue;
      const rel = relDir === '' ? name : `${relDir}/${name}`;
      const abs = join(root, rel);
      const info = lstatSync(abs);
      let size = info.size;
      let mode = info.mode;
      let linkTarget: string | undefined;
      if (info.isDirectory()) {
        pending.push(rel);
        continue;
      }
      if (info.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(abs);
        } catch {
          problems.push({
            code: 'snapshot-link',
            path: rel,
            message: `${rel} is a symbolic link that points nowhere`,
          });
          continue;
        }
        if (!inside(root, target)) {
          problems.push({
            code: 'snapshot-link',
            path: rel,
            message: `${rel} is a symbolic link to ${target}, outside the extension`,
          });
          continue;
        }
        const targetInfo = statSync(target);
        if (targetInfo.isDirectory()) {
          problems.push({
            code: 'snapshot-link',
            path: rel,
            message: `${rel} is a symbolic link to a directory; a snapshot copies links as files only`,
          });
          continue;
        }
        if (!targetInfo.isFile()) continue;
        size = targetInfo.size;
        mode = targetInfo.mode;
        linkTarget = toPosix(relative(root, target));
      } else if (!info.isFile()) continue;

      files.push({ path: rel, size, executable: (mode & 0o111) !== 0, linkTarget });
      totalBytes += size;
      if (files.length > maxFiles || totalBytes > maxBytes) {
        overLimit = true;
        const what =
          files.length > maxFiles
            ? `more than ${maxFiles} files`
            : `more than ${maxBytes / (1024 * 1024)} MiB`;
        problems.push({
          code: 'snapshot-too-large',
          path: '',
          message: `the extension directory holds ${what}, past the snapshot limits (32 MiB, 4096 files)`,
        });
        break;
      }
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const digest = options.digest && !overLimit ? digestOf(root, files) : undefined;
  return { files, totalBytes, problems, digest };
}

/** sha256 over each file's path, executable bit, size and bytes, in path order. */
function digestOf(root: string, files: SnapshotFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.path}\0${file.executable ? 'x' : '-'}\0${file.size}\0`);
    // Read at most the size listed: a file growing during the walk must not stretch the bound.
    const fd = openSync(join(root, file.linkTarget ?? file.path), 'r');
    try {
      const buffer = Buffer.alloc(file.size);
      let offset = 0;
      while (offset < file.size) {
        const bytesRead = readSync(fd, buffer, offset, file.size - offset, offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
      }
      hash.update(buffer.subarray(0, offset));
    } finally {
      closeSync(fd);
    }
  }
  return `sha256:${hash.digest('hex')}`;
}

/** The facts the manifest validator takes: the file list and the problems. */
export function snapshotFacts(snapshot: Snapshot): SnapshotFacts {
  return {
    files: snapshot.files.map((f) => f.path),
    problems: snapshot.problems.map(({ code, message }) => ({ code, message })),
  };
}
