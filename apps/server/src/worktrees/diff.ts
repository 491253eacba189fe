// A diff between two tree-ishes, shaped for a reader that may be looking at 2,000 files or 50 MB:
// the whole file list with statuses comes from `--raw` (object ids compared, no file read), line
// counts of one page's files and their patches with it, and the counts of every file from one
// `--raw --numstat` when asked (the browser asks after it has drawn the list, diffCounts); a file
// too large to read (by lines or bytes) or binary is named, never sent. All of it is cached per
// (repository, from, to) when those are object ids (diffCache.ts): paging through a 2,000-file
// diff, or the view refetching an unchanged worktree, reads no diff again.
import { cacheable, LruCache } from './diffCache';
import { git, gitOut } from './git';
import { WorktreeError } from './worktreeError';

export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'type-changed';

/** A changed file as `--raw --numstat` describes it. */
interface Counted {
  path: string;
  /** The name before a rename or copy. */
  oldPath: string | null;
  status: FileStatus;
  added: number;
  removed: number;
  binary: boolean;
}

export interface DiffFile extends Counted {
  /** Which page holds its patch. */
  page: number;
  /** Its lines are counted: false for a file off the page while only the page was counted (0s then). */
  counted: boolean;
}

/** A file's counts, as diffCounts answers them. */
export type FileCounts = Pick<Counted, 'path' | 'added' | 'removed' | 'binary'>;

export interface FilePatch {
  path: string;
  /** Unified diff text of this file (from `diff --git`), or null when omitted. */
  patch: string | null;
  omitted: null | 'binary' | 'large';
}

export interface DiffPage {
  files: DiffFile[];
  /** added/removed sum the counted files; counted says whether that is every file. */
  totals: { files: number; added: number; removed: number; counted: boolean };
  page: number;
  pages: number;
  patches: FilePatch[];
}

/** A file with more changed lines than this is listed with its counts, not shown. */
export const MAX_FILE_LINES = 5000;
/** A file whose patch is larger than this is listed, not shown (minified files, one-line data). */
export const MAX_FILE_PATCH_BYTES = 1024 * 1024;
/**
 * A page holds this many files, in the list's order: pages are known before any line is counted.
 * A page's weight is bounded by the per-file caps above and its patch bytes (PAGE_BYTES), and
 * the view draws a file's hunks only near the viewport.
 */
export const PAGE_FILES = 25;
/** What one page's patch read may bring back before falling back to file by file. */
const PAGE_BYTES = 8 * 1024 * 1024;

const STATUS: Record<string, FileStatus> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  T: 'type-changed',
};

/**
 * `diff --raw --numstat -z` in one read: first a raw entry per file (":modes ids STATUS\0path\0",
 * two paths for R/C), then a count per file ("a\tr\tpath\0", or "a\tr\t\0old\0new\0" for a
 * rename; "-\t-" for binary), both in the same order. A raw header starts with ':', a count never
 * does, so the two parts are told apart by position alone (paths may hold any byte but NUL).
 */
export function parseRawNumstat(out: string): Counted[] {
  const parts = out.split('\0');
  const raw: Array<{ path: string; oldPath: string | null; status: FileStatus }> = [];
  const counts = new Map<string, { added: number; removed: number; binary: boolean }>();
  for (let i = 0; i < parts.length;) {
    const head = parts[i++] ?? '';
    if (head === '') continue;
    if (head.startsWith(':')) {
      const letter = head.split(' ').at(-1)?.[0] ?? 'M';
      const status = STATUS[letter] ?? 'modified';
      if (letter === 'R' || letter === 'C') {
        const from = parts[i++] ?? '';
        raw.push({ path: parts[i++] ?? '', oldPath: from, status });
      } else raw.push({ path: parts[i++] ?? '', oldPath: null, status });
      continue;
    }
    // The path is everything after the second tab (a path may hold tabs itself).
    const t1 = head.indexOf('\t');
    const t2 = head.indexOf('\t', t1 + 1);
    const [a, r, inline] = [head.slice(0, t1), head.slice(t1 + 1, t2), head.slice(t2 + 1)];
    let path = inline;
    if (inline === '') {
      i++; // the old name; the raw entry carries it
      path = parts[i++] ?? '';
    }
    const binary = a === '-' && r === '-';
    counts.set(path, { added: binary ? 0 : Number(a), removed: binary ? 0 : Number(r), binary });
  }
  return raw.map((f) => ({ ...f, ...(counts.get(f.path) ?? { added: 0, removed: 0, binary: false }) }));
}

const showable = (f: Counted): boolean => !f.binary && f.added + f.removed <= MAX_FILE_LINES;

const pageCount = (files: number): number => Math.max(1, Math.ceil(files / PAGE_FILES));

const pathspecs = (files: Counted[]): string[] =>
  files.flatMap((f) => (f.oldPath ? [f.oldPath, f.path] : [f.path]));

/** Splits `git diff` output into one text per `diff --git` section, in order. */
function splitPatches(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  let at = 0;
  while (at <= text.length) {
    const next = text.indexOf('diff --git ', at);
    const isHead = next === 0 || (next > 0 && text[next - 1] === '\n');
    if (next === -1) break;
    if (isHead) {
      if (start >= 0) out.push(text.slice(start, next));
      start = next;
    }
    at = next + 1;
  }
  if (start >= 0) out.push(text.slice(start));
  return out;
}

async function patchesOf(o: {
  dir: string;
  from: string;
  to: string;
  files: Counted[];
}): Promise<Map<string, string | null>> {
  const base = ['diff', '-M', '--no-color', '--no-ext-diff', o.from, o.to, '--'];
  const env = { GIT_LITERAL_PATHSPECS: '1' };
  const byPath = new Map<string, string | null>();
  if (o.files.length === 0) return byPath;
  try {
    const text = await gitOut({
      cwd: o.dir,
      args: [...base, ...pathspecs(o.files)],
      env,
      maxBytes: PAGE_BYTES,
      what: 'read the diff',
    });
    const parts = splitPatches(text);
    if (parts.length === o.files.length) {
      o.files.forEach((f, i) =>
        byPath.set(f.path, (parts[i] ?? '').length > MAX_FILE_PATCH_BYTES ? null : (parts[i] ?? '')),
      );
      return byPath;
    }
  } catch (err) {
    if (!(err instanceof WorktreeError) || err.code !== 'too-large') throw err;
  }
  // Too large together, or sections that did not line up: one file at a time, each capped.
  for (const f of o.files) {
    try {
      const text = await gitOut({
        cwd: o.dir,
        args: [...base, ...pathspecs([f])],
        env,
        maxBytes: MAX_FILE_PATCH_BYTES,
        what: 'read the diff',
      });
      byPath.set(f.path, text);
    } catch (err) {
      if (!(err instanceof WorktreeError) || err.code !== 'too-large') throw err;
      byPath.set(f.path, null);
    }
  }
  return byPath;
}

/** One page read: its files with their counts, and their patches. */
interface PageRead {
  files: Counted[];
  patches: Map<string, string | null>;
}

/** File lists (raw: no counts) of recent ranges (a 2,000-file list is about 200 KB). */
const lists = new LruCache<Counted[]>({ entries: 32, bytes: 64 * 1024 * 1024 });
/** Every file's counts of recent ranges. */
const countsRead = new LruCache<Counted[]>({ entries: 32, bytes: 64 * 1024 * 1024 });
/** Pages of recent ranges, bounded by their size. */
const pagesRead = new LruCache<PageRead>({ entries: 128, bytes: 64 * 1024 * 1024 });

const listBytes = (files: Counted[]): number => files.reduce((n, f) => n + 64 + 2 * f.path.length, 0);

/**
 * The file list of `from`..`to` and the patches of one page. `counts: 'page'` counts the lines of
 * that page's files only (the rest say counted: false until diffCounts answers); 'all' counts
 * every file first (the CLI prints one table).
 */
export async function diffPage(o: {
  dir: string;
  from: string;
  to: string;
  page?: number;
  counts?: 'page' | 'all';
}): Promise<DiffPage> {
  const cache = cacheable(o.from, o.to);
  const key = `${o.dir}\0${o.from}\0${o.to}`;
  const all = o.counts === 'page' ? (cache ? countsRead.get(key) : undefined) : await diffCounts(o);
  let list = all ?? (cache ? lists.get(key) : undefined);
  if (!list) {
    list = await rawList(o);
    if (cache) lists.set(key, list, listBytes(list));
  }
  const pages = pageCount(list.length);
  const page = Math.min(Math.max(0, o.page ?? 0), pages - 1);
  const pageKey = `${key}\0${page}`;
  let read = cache ? pagesRead.get(pageKey) : undefined;
  if (!read) {
    const mine = list.slice(page * PAGE_FILES, (page + 1) * PAGE_FILES);
    const counted = all ? mine : await countOf({ ...o, files: mine });
    const patches = await patchesOf({ ...o, files: counted.filter(showable) });
    read = { files: counted, patches };
    if (cache)
      pagesRead.set(
        pageKey,
        read,
        [...patches.values()].reduce((n, p) => n + (p?.length ?? 0), 0) + listBytes(counted),
      );
  }
  const onPage = new Map(read.files.map((f) => [f.path, f]));
  const files: DiffFile[] = list.map((f, i) => {
    const c = onPage.get(f.path);
    const counted = all !== undefined || c !== undefined;
    return { ...f, ...(c ?? {}), page: Math.floor(i / PAGE_FILES), counted };
  });
  const countedFiles = files.filter((f) => f.counted);
  const patches = read.patches;
  return {
    files,
    totals: {
      files: files.length,
      added: countedFiles.reduce((n, f) => n + f.added, 0),
      removed: countedFiles.reduce((n, f) => n + f.removed, 0),
      counted: countedFiles.length === files.length,
    },
    page,
    pages,
    patches: read.files.map((f) => {
      if (f.binary) return { path: f.path, patch: null, omitted: 'binary' };
      const patch = patches.get(f.path) ?? null;
      return { path: f.path, patch, omitted: patch === null ? 'large' : null };
    }),
  };
}

/** Every changed file of `from`..`to` with its status, from the object ids alone (no file read). */
async function rawList(o: { dir: string; from: string; to: string }): Promise<Counted[]> {
  const out = await gitOut({
    cwd: o.dir,
    args: ['diff', '-M', '-z', '--raw', '--no-color', '--no-ext-diff', o.from, o.to],
    what: 'list the changes',
  });
  return parseRawNumstat(out);
}

/** The counts of some files of `from`..`to` (one page), in their order. */
async function countOf(o: { dir: string; from: string; to: string; files: Counted[] }): Promise<Counted[]> {
  if (o.files.length === 0) return [];
  const out = await gitOut({
    cwd: o.dir,
    args: [
      'diff',
      '-M',
      '-z',
      '--raw',
      '--numstat',
      '--no-color',
      '--no-ext-diff',
      o.from,
      o.to,
      '--',
      ...pathspecs(o.files),
    ],
    env: { GIT_LITERAL_PATHSPECS: '1' },
    what: 'count the changes',
  });
  const counted = new Map(parseRawNumstat(out).map((f) => [f.path, f]));
  return o.files.map((f) => counted.get(f.path) ?? f);
}

/** Every changed file of `from`..`to` with its status and counts (one git read, cached). */
export async function diffCounts(o: { dir: string; from: string; to: string }): Promise<Counted[]> {
  const cache = cacheable(o.from, o.to);
  const key = `${o.dir}\0${o.from}\0${o.to}`;
  const seen = cache ? countsRead.get(key) : undefined;
  if (seen) return seen;
  const out = await gitOut({
    cwd: o.dir,
    args: ['diff', '-M', '-z', '--raw', '--numstat', '--no-color', '--no-ext-diff', o.from, o.to],
    what: 'count the changes',
  });
  const files = parseRawNumstat(out);
  if (cache) countsRead.set(key, files, listBytes(files));
  return files;
}

/** Whether a tree-ish exists in this repository (a checkpoint turn, a base). */
export async function resolves(o: { dir: string; rev: string }): Promise<boolean> {
  return (
    (await git({ cwd: o.dir, args: ['rev-parse', '--verify', '--quiet', `${o.rev}^{tree}`] })).code === 0
  );
}
