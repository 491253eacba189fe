// A diff between two tree-ishes, shaped for a reader that may be looking at 2,000 files or 50 MB:
// the whole file list with statuses and counts comes from one cheap `--raw --numstat`, patches
// only for one page of files, and a file too large to read (by lines or bytes) or binary is named,
// never sent. Both are cached per (repository, from, to) when those are object ids (diffCache.ts): paging through a
// 2,000-file diff, or the view refetching an unchanged worktree, reads no diff again.
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
}

export interface FilePatch {
  path: string;
  /** Unified diff text of this file (from `diff --git`), or null when omitted. */
  patch: string | null;
  omitted: null | 'binary' | 'large';
}

export interface DiffPage {
  files: DiffFile[];
  totals: { files: number; added: number; removed: number };
  page: number;
  pages: number;
  patches: FilePatch[];
}

/** A file with more changed lines than this is listed with its counts, not shown. */
export const MAX_FILE_LINES = 5000;
/** A file whose patch is larger than this is listed, not shown (minified files, one-line data). */
export const MAX_FILE_PATCH_BYTES = 1024 * 1024;
/** A page holds at most this many files and this many changed lines. */
export const PAGE_FILES = 25;
export const PAGE_LINES = 8000;
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

const showable = (f: DiffFile): boolean => !f.binary && f.added + f.removed <= MAX_FILE_LINES;

/** Numbers pages: a new page when the files or the lines of the current one are full. */
function paginate(files: DiffFile[]): number {
  let page = 0;
  let count = 0;
  let lines = 0;
  for (const f of files) {
    const weight = showable(f) ? f.added + f.removed : 0;
    if (count > 0 && (count >= PAGE_FILES || lines + weight > PAGE_LINES)) {
      page++;
      count = 0;
      lines = 0;
    }
    f.page = page;
    count++;
    lines += weight;
  }
  return files.length === 0 ? 1 : page + 1;
}

const pathspecs = (files: DiffFile[]): string[] =>
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
  files: DiffFile[];
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

interface FileList {
  files: DiffFile[];
  pages: number;
}

/** File lists of recent ranges (a 2,000-file list is about 200 KB). */
const lists = new LruCache<FileList>({ entries: 32, bytes: 64 * 1024 * 1024 });
/** Pages of patches of recent ranges, bounded by their size. */
const pagesRead = new LruCache<Map<string, string | null>>({ entries: 128, bytes: 64 * 1024 * 1024 });

/** The file list of `from`..`to` with counts, and the patches of one page. */
export async function diffPage(o: {
  dir: string;
  from: string;
  to: string;
  page?: number;
}): Promise<DiffPage> {
  const cache = cacheable(o.from, o.to);
  const key = `${o.dir}\0${o.from}\0${o.to}`;
  let list = cache ? lists.get(key) : undefined;
  if (!list) {
    list = await fileList(o);
    if (cache)
      lists.set(
        key,
        list,
        list.files.reduce((n, f) => n + 64 + 2 * f.path.length, 0),
      );
  }
  const { files, pages } = list;
  const page = Math.min(Math.max(0, o.page ?? 0), pages - 1);
  const onPage = files.filter((f) => f.page === page);
  const pageKey = `${key}\0${page}`;
  let patches = cache ? pagesRead.get(pageKey) : undefined;
  if (!patches) {
    patches = await patchesOf({ ...o, files: onPage.filter(showable) });
    if (cache)
      pagesRead.set(
        pageKey,
        patches,
        [...patches.values()].reduce((n, p) => n + (p?.length ?? 0), 0),
      );
  }
  return {
    files,
    totals: {
      files: files.length,
      added: files.reduce((n, f) => n + f.added, 0),
      removed: files.reduce((n, f) => n + f.removed, 0),
    },
    page,
    pages,
    patches: onPage.map((f) => {
      if (f.binary) return { path: f.path, patch: null, omitted: 'binary' };
      const patch = patches.get(f.path) ?? null;
      return { path: f.path, patch, omitted: patch === null ? 'large' : null };
    }),
  };
}

/** Every changed file of `from`..`to` with its status, counts and page (one git read). */
async function fileList(o: { dir: string; from: string; to: string }): Promise<FileList> {
  const out = await gitOut({
    cwd: o.dir,
    args: ['diff', '-M', '-z', '--raw', '--numstat', '--no-color', '--no-ext-diff', o.from, o.to],
    what: 'list the changes',
  });
  const files: DiffFile[] = parseRawNumstat(out).map((f) => ({ ...f, page: 0 }));
  return { files, pages: paginate(files) };
}

/** Whether a tree-ish exists in this repository (a checkpoint turn, a base). */
export async function resolves(o: { dir: string; rev: string }): Promise<boolean> {
  return (
    (await git({ cwd: o.dir, args: ['rev-parse', '--verify', '--quiet', `${o.rev}^{tree}`] })).code === 0
  );
}
