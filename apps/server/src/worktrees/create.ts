// Making a worktree for an agent: check the repository can have a complete one (no submodules,
// LFS only with git-lfs), refuse a branch that exists or a directory in the way, warn that a dirty
// base checkout's changes stay behind, then `git worktree add -b` and record turn 0.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { recordBase } from './checkpoint';
import { firstLine, git, gitOut } from './git';
import type { WorktreeRecord } from './registry';
import { WorktreeError } from './worktreeError';

export interface RepoInfo {
  top: string;
  /** The checkout's branch (short name), or null when detached. */
  branch: string | null;
  head: string;
  /** Uncommitted entries in the checkout (porcelain lines). */
  dirty: number;
}

export async function repoOf(dir: string): Promise<RepoInfo> {
  if (!existsSync(dir)) throw new WorktreeError('not-a-repo', `${dir} does not exist`);
  const top = await git({ cwd: dir, args: ['rev-parse', '--show-toplevel'] });
  if (top.code !== 0)
    throw new WorktreeError(
      'not-a-repo',
      `${dir} is not in a git repository: start the agent from a pane inside one (or pass --cwd DIR)`,
    );
  const root = top.stdout.trim();
  const head = await git({ cwd: root, args: ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'] });
  if (head.code !== 0)
    throw new WorktreeError('not-a-repo', `${root} has no commit yet: commit something first`);
  const branch = await git({ cwd: root, args: ['symbolic-ref', '--quiet', '--short', 'HEAD'] });
  const status = await gitOut({
    cwd: root,
    args: ['status', '--porcelain', '-z'],
    what: 'read the checkout',
  });
  return {
    top: root,
    branch: branch.code === 0 ? branch.stdout.trim() : null,
    head: head.stdout.trim(),
    dirty: status.split('\0').filter((l) => l !== '').length,
  };
}

/** Submodules and LFS: what would make a new worktree silently incomplete. */
async function checkSupported(top: string): Promise<void> {
  if (existsSync(join(top, '.gitmodules')))
    throw new WorktreeError(
      'unsupported-repo',
      `${basename(top)} has submodules (.gitmodules): a new worktree would hold them empty, so rozi does not make one; use a plain checkout for this repository`,
    );
  const attributes = join(top, '.gitattributes');
  if (existsSync(attributes) && /filter=lfs/.test(readFileSync(attributes, 'utf8'))) {
    const lfs = await git({ cwd: top, args: ['lfs', 'version'] });
    if (lfs.code !== 0)
      throw new WorktreeError(
        'unsupported-repo',
        `${basename(top)} keeps files in Git LFS (filter=lfs in .gitattributes) but git-lfs is not installed: install git-lfs, then try again`,
      );
  }
}

export async function checkBranchName(o: { top: string; branch: string }): Promise<void> {
  const ok = await git({ cwd: o.top, args: ['check-ref-format', '--branch', o.branch] });
  if (ok.code !== 0) throw new WorktreeError('invalid', `'${o.branch}' is not a valid branch name`);
  const exists = await git({
    cwd: o.top,
    args: ['show-ref', '--verify', '--quiet', `refs/heads/${o.branch}`],
  });
  if (exists.code === 0)
    throw new WorktreeError(
      'branch-exists',
      `branch ${o.branch} already exists in ${o.top}: choose another --branch`,
    );
}

export async function resolveBase(o: { top: string; base: string }): Promise<string> {
  const r = await git({ cwd: o.top, args: ['rev-parse', '--verify', '--quiet', `${o.base}^{commit}`] });
  if (r.code !== 0) throw new WorktreeError('invalid', `base '${o.base}' is not a commit in ${o.top}`);
  return r.stdout.trim();
}

export interface CreatePlan {
  repo: RepoInfo;
  branch: string;
  base: string;
  baseCommit: string;
  dir: string;
  warnings: string[];
}

/** A default branch name: `rozi/<program>-<4 hex>`. */
export function defaultBranch(program: string | undefined): string {
  const word = (basename(program ?? 'agent').replace(/[^A-Za-z0-9_-]+/g, '') || 'agent').slice(0, 24);
  return `rozi/${word}-${randomBytes(2).toString('hex')}`;
}

/** Everything checked before anything is written. */
export async function planWorktree(o: {
  cwd: string;
  branch: string;
  base?: string;
  dirFor: (repo: string, branch: string) => string;
}): Promise<CreatePlan> {
  const repo = await repoOf(o.cwd);
  await checkSupported(repo.top);
  await checkBranchName({ top: repo.top, branch: o.branch });
  const base = o.base ?? repo.branch ?? repo.head;
  const baseCommit = await resolveBase({ top: repo.top, base });
  const dir = o.dirFor(repo.top, o.branch);
  if (existsSync(dir))
    throw new WorktreeError('invalid', `${dir} already exists: choose another --branch or move it`);
  const warnings: string[] = [];
  if (repo.dirty > 0 && (o.base === undefined || baseCommit === repo.head))
    warnings.push(
      `${repo.top} has ${repo.dirty} uncommitted change${repo.dirty === 1 ? '' : 's'}; the worktree starts from ${base} without them`,
    );
  return { repo, branch: o.branch, base, baseCommit, dir, warnings };
}

export async function createWorktree(plan: CreatePlan): Promise<WorktreeRecord> {
  const add = await git({
    cwd: plan.repo.top,
    args: ['worktree', 'add', '-b', plan.branch, plan.dir, plan.baseCommit],
  });
  if (add.code !== 0) throw new WorktreeError('git-failed', `git worktree add: ${firstLine(add.stderr)}`);
  const record: WorktreeRecord = {
    id: randomBytes(4).toString('hex'),
    // /proc reports a pane's cwd with links resolved: keep the same spelling to find it again.
    path: realpathSync(plan.dir),
    repo: plan.repo.top,
    branch: plan.branch,
    base: plan.base,
    baseCommit: plan.baseCommit,
    created: Date.now(),
  };
  await recordBase({ dir: plan.dir, id: record.id, commit: plan.baseCommit });
  return record;
}
