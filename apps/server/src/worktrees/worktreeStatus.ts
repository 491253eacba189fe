// What a pane header and `rozi worktrees list` show for a worktree: its branch, how far ahead
// and behind its base it is, and how many uncommitted entries it holds. A directory deleted by
// hand reads as missing instead of failing.
import { existsSync } from 'node:fs';
import { git } from './git';
import type { WorktreeRecord } from './registry';

export interface WorktreeStatus {
  /** The branch checked out now (an agent may switch), null when detached. */
  branch: string | null;
  head: string | null;
  /**
   * The commit the base is at now: a merge moves it while the worktree's files and HEAD stay as
   * they were, and what "everything since the base" shows changes with it.
   */
  baseHead: string | null;
  ahead: number;
  behind: number;
  /** Uncommitted entries (staged, unstaged, untracked). */
  dirty: number;
  /** The first few of them, `XY path` as git prints them. */
  dirtyFiles: string[];
  /** The directory is gone (deleted by hand) or no longer a worktree. */
  missing: boolean;
}

export const MISSING: WorktreeStatus = {
  branch: null,
  head: null,
  baseHead: null,
  ahead: 0,
  behind: 0,
  dirty: 0,
  dirtyFiles: [],
  missing: true,
};

/** The base as a ref when it is a branch (so `behind` follows it), else the commit it was. */
export async function baseRev(r: WorktreeRecord): Promise<string> {
  const b = await git({ cwd: r.repo, args: ['show-ref', '--verify', '--quiet', `refs/heads/${r.base}`] });
  return b.code === 0 ? `refs/heads/${r.base}` : r.baseCommit;
}

export async function worktreeStatus(r: WorktreeRecord): Promise<WorktreeStatus> {
  if (!existsSync(r.path)) return MISSING;
  const st = await git({
    cwd: r.path,
    args: ['status', '--porcelain=v1', '-z', '--branch', '--untracked-files=all'],
  });
  if (st.code !== 0) return MISSING;
  const entries = st.stdout.split('\0').filter((l) => l !== '');
  const header = entries[0]?.startsWith('## ') ? entries.shift() : undefined;
  // Renames carry their old name as the next entry; it is not a change of its own.
  const files: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] ?? '';
    files.push(e);
    if (e[0] === 'R' || e[0] === 'C') i++;
  }
  const name = header?.slice(3).split('...')[0] ?? '';
  const branch =
    name === '' || name.startsWith('HEAD (no branch)') ? null : name.replace(/^No commits yet on /, '');
  const base = await baseRev(r);
  // Both in one run; a branch with no commit yet fails it, and then HEAD alone says null.
  let heads = await git({ cwd: r.path, args: ['rev-parse', 'HEAD', base] });
  if (heads.code !== 0)
    heads = await git({ cwd: r.path, args: ['rev-parse', '--verify', '--quiet', 'HEAD'] });
  const [head = '', baseHead = ''] = heads.code === 0 ? heads.stdout.split('\n').map((l) => l.trim()) : [];
  const counts = await git({
    cwd: r.path,
    args: ['rev-list', '--left-right', '--count', `${base}...HEAD`],
  });
  const [behind = 0, ahead = 0] = counts.code === 0 ? counts.stdout.trim().split(/\s+/).map(Number) : [0, 0];
  return {
    branch,
    head: head || null,
    baseHead: baseHead || null,
    ahead,
    behind,
    dirty: files.length,
    dirtyFiles: files.slice(0, 5),
    missing: false,
  };
}
