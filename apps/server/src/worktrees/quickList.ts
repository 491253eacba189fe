// The Changes view's first look at a live range while the snapshot is still hashing the files:
// which files differ from `from`, from git's stat data alone. `diff-index` (not --cached) compares
// the commit with the worktree through the worktree's own index and reads no file whose stat
// data changed (it names it modified); `ls-files -o` adds the untracked ones. A file touched but
// not changed shows here and leaves once the real diff arrives; renames are pairs here. Read only
// (GIT_OPTIONAL_LOCKS=0 in git.ts): it never writes an index, so it runs beside the snapshot.
import { gitOut } from './git';
import type { FileStatus } from './diff';

export interface QuickFile {
  path: string;
  status: FileStatus;
}

const STATUS: Record<string, FileStatus> = { A: 'added', D: 'deleted', M: 'modified', T: 'type-changed' };

/** `--name-status -z` output: a status letter and a path per entry, NUL-separated. */
export function parseNameStatus(out: string): QuickFile[] {
  const parts = out.split('\0');
  const files: QuickFile[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const letter = parts[i] ?? '';
    const path = parts[i + 1] ?? '';
    if (letter === '' || path === '') continue;
    files.push({ path, status: STATUS[letter[0] ?? 'M'] ?? 'modified' });
  }
  return files;
}

/** Git orders paths by their bytes; so does this (JS compares UTF-16 units, not the same past ASCII). */
const byBytes = (a: QuickFile, b: QuickFile): number =>
  Buffer.compare(Buffer.from(a.path), Buffer.from(b.path));

export async function quickList(o: { dir: string; from: string }): Promise<QuickFile[]> {
  const [changed, untracked] = await Promise.all([
    gitOut({
      cwd: o.dir,
      args: ['diff-index', '-z', '--name-status', '--no-renames', o.from, '--'],
      what: 'list the changes',
    }),
    gitOut({
      cwd: o.dir,
      args: ['ls-files', '-z', '--others', '--exclude-standard'],
      what: 'list untracked files',
    }),
  ]);
  const files = parseNameStatus(changed);
  const known = new Set(files.map((f) => f.path));
  for (const path of untracked.split('\0'))
    if (path !== '' && !known.has(path)) files.push({ path, status: 'added' });
  return files.sort(byBytes);
}
