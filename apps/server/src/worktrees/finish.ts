// Ending an agent's worktree: commit what it left, merge the branch into its base checkout,
// open a pull request with gh, or discard; and remove the worktree. Each refuses with one line
// when uncommitted work or a dirty base stands in the way, and a failed merge leaves the base as
// it was (merge --abort).
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { dropCheckpoints } from './checkpoint';
import { firstLine, git, gitOut } from './git';
import type { WorktreeRecord } from './registry';
import { worktreeStatus } from './worktreeStatus';
import { WorktreeError } from './worktreeError';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

async function requireClean(r: WorktreeRecord, doing: string): Promise<void> {
  const st = await worktreeStatus(r);
  if (st.missing) throw missing(r);
  if (st.dirty > 0)
    throw new WorktreeError(
      'dirty',
      `${r.path} has ${plural(st.dirty, 'uncommitted change')} (${st.dirtyFiles.join(', ')}): commit them first, or ${doing}`,
    );
}

export function missing(r: WorktreeRecord): WorktreeError {
  return new WorktreeError(
    'worktree-missing',
    `the worktree ${r.path} is gone (deleted by hand?): rozi worktrees remove ${r.id} forgets it`,
  );
}

/** Commits everything in the worktree on its branch, with the person's git identity. */
export async function commitAll(o: { record: WorktreeRecord; message: string }): Promise<{ commit: string }> {
  const r = o.record;
  if (!existsSync(r.path)) throw missing(r);
  await gitOut({ cwd: r.path, args: ['add', '-A'], what: 'stage the changes' });
  const staged = await git({ cwd: r.path, args: ['diff', '--cached', '--quiet'] });
  if (staged.code === 0) throw new WorktreeError('invalid', `nothing to commit in ${r.path}`);
  const c = await git({ cwd: r.path, args: ['commit', '-q', '-m', o.message] });
  if (c.code !== 0) throw new WorktreeError('git-failed', `git commit: ${firstLine(c.stderr || c.stdout)}`);
  return { commit: (await gitOut({ cwd: r.path, args: ['rev-parse', 'HEAD'], what: 'read HEAD' })).trim() };
}

/** The checkout that has `branch` checked out (`git worktree list`), or null. */
async function checkoutOf(o: { repo: string; branch: string }): Promise<string | null> {
  const out = await gitOut({
    cwd: o.repo,
    args: ['worktree', 'list', '--porcelain'],
    what: 'list worktrees',
  });
  let dir: string | null = null;
  for (const line of out.split('\n')) {
    if (line.startsWith('worktree ')) dir = line.slice('worktree '.length);
    else if (line === `branch refs/heads/${o.branch}`) return dir;
  }
  return null;
}

/** Merges the worktree's branch into its base branch where the base is checked out. */
export async function mergeIntoBase(
  r: WorktreeRecord,
): Promise<{ into: string; checkout: string; commit: string }> {
  await requireClean(r, 'commit them with --commit MESSAGE');
  const isBranch = await git({
    cwd: r.repo,
    args: ['show-ref', '--verify', '--quiet', `refs/heads/${r.base}`],
  });
  if (isBranch.code !== 0)
    throw new WorktreeError(
      'invalid',
      `the base ${r.base} is not a branch: merge ${r.branch} by hand where you want it`,
    );
  const checkout = await checkoutOf({ repo: r.repo, branch: r.base });
  if (!checkout)
    throw new WorktreeError(
      'invalid',
      `${r.base} is not checked out anywhere: check it out, then merge again`,
    );
  const base = await git({ cwd: checkout, args: ['status', '--porcelain', '--untracked-files=no'] });
  const dirty = base.stdout.split('\n').filter((l) => l !== '').length;
  if (dirty > 0)
    throw new WorktreeError(
      'dirty',
      `the base checkout ${checkout} has ${plural(dirty, 'uncommitted change')}: commit or stash them there, then merge again`,
    );
  const m = await git({
    cwd: checkout,
    args: ['merge', '--no-ff', '--no-edit', '-m', `Merge ${r.branch}`, r.branch],
  });
  if (m.code !== 0) {
    const conflicts = await git({ cwd: checkout, args: ['diff', '--name-only', '--diff-filter=U'] });
    await git({ cwd: checkout, args: ['merge', '--abort'] });
    const names = conflicts.stdout.split('\n').filter((l) => l !== '');
    throw new WorktreeError(
      'merge-conflict',
      names.length
        ? `merging ${r.branch} into ${r.base} conflicts in ${names.slice(0, 5).join(', ')}: nothing was merged; resolve in the worktree (merge ${r.base} there) and try again`
        : `git merge: ${firstLine(m.stderr || m.stdout)}`,
    );
  }
  return {
    into: r.base,
    checkout,
    commit: (await gitOut({ cwd: checkout, args: ['rev-parse', 'HEAD'], what: 'read the merge' })).trim(),
  };
}

/** gh on the server's PATH (the one panes inherit), or null. */
function ghOnPath(path: string | undefined): string | null {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, 'gh'), constants.X_OK);
      return join(dir, 'gh');
    } catch {
      // not in this directory
    }
  }
  return null;
}

/**
 * The branch a pull request merges into. gh's --base takes "the branch into which you want your
 * code merged" on the GitHub side: a local base branch is that name, a remote-tracking base
 * (origin/main) is the branch it tracks (main). A base that is no branch at all (a commit or a tag
 * the worktree was started from, `--base <sha>`) has nothing to pass: without --base, gh uses the
 * branch's gh-merge-base config, else the repository's default branch (gh pr create's manual). A
 * branch named by the caller (`rozi worktrees pr --into BRANCH`) wins.
 */
export async function pullRequestBase(o: { record: WorktreeRecord; into?: string }): Promise<string | null> {
  const r = o.record;
  if (o.into !== undefined) {
    const ok = await git({ cwd: r.repo, args: ['check-ref-format', '--branch', o.into] });
    if (ok.code !== 0 || o.into.startsWith('-'))
      throw new WorktreeError('invalid', `'${o.into}' is not a branch name`);
    return o.into;
  }
  const has = async (ref: string) =>
    (await git({ cwd: r.repo, args: ['show-ref', '--verify', '--quiet', ref] })).code === 0;
  if (await has(`refs/heads/${r.base}`)) return r.base;
  if (r.base.includes('/') && (await has(`refs/remotes/${r.base}`)))
    return r.base.slice(r.base.indexOf('/') + 1);
  return null;
}

/** Pushes the branch and opens a pull request against the base with gh. */
export async function openPullRequest(o: {
  record: WorktreeRecord;
  env: NodeJS.ProcessEnv;
  /** The branch to merge into, when not the worktree's base (a detached base has none). */
  into?: string;
}): Promise<{ url: string; base: string | null }> {
  const r = o.record;
  const gh = ghOnPath(o.env.PATH);
  if (!gh)
    throw new WorktreeError(
      'no-gh',
      `gh is not installed: push ${r.branch} (git push -u origin ${r.branch}) and open the pull request yourself`,
    );
  const base = await pullRequestBase({ record: r, into: o.into });
  await requireClean(r, 'commit them with --commit MESSAGE');
  const push = await git({ cwd: r.path, args: ['push', '-u', 'origin', r.branch] });
  if (push.code !== 0) throw new WorktreeError('git-failed', `git push: ${firstLine(push.stderr)}`);
  return new Promise((resolve, reject) => {
    execFile(
      gh,
      ['pr', 'create', ...(base ? ['--base', base] : []), '--head', r.branch, '--fill'],
      { cwd: r.path, env: { ...o.env, GH_PROMPT_DISABLED: '1' }, timeout: 60_000 },
      (err, stdout, stderr) => {
        if (err)
          reject(new WorktreeError('gh-failed', `gh pr create: ${firstLine(String(stderr)) || err.message}`));
        else resolve({ url: String(stdout).trim().split('\n').pop() ?? '', base });
      },
    );
  });
}

/**
 * Removes the worktree (refused with the reason while it holds uncommitted work, unless forced)
 * and its checkpoints; the branch stays unless `deleteBranch`. A directory already deleted by hand
 * is pruned and forgotten.
 */
export async function removeWorktree(o: {
  record: WorktreeRecord;
  force: boolean;
  deleteBranch: boolean;
}): Promise<{ removed: string; branchDeleted: boolean; wasMissing: boolean }> {
  const r = o.record;
  const gone = !existsSync(r.path);
  if (!gone && !o.force) await requireClean(r, 'pass --force to throw them away');
  if (gone) await git({ cwd: r.repo, args: ['worktree', 'prune'] });
  else {
    const rm = await git({
      cwd: r.repo,
      args: ['worktree', 'remove', ...(o.force ? ['--force', '--force'] : []), r.path],
    });
    if (rm.code !== 0) throw new WorktreeError('git-failed', `git worktree remove: ${firstLine(rm.stderr)}`);
  }
  await dropCheckpoints({ repo: r.repo, id: r.id });
  let branchDeleted = false;
  if (o.deleteBranch) {
    const d = await git({ cwd: r.repo, args: ['branch', '-D', r.branch] });
    branchDeleted = d.code === 0;
  }
  return { removed: r.path, branchDeleted, wasMissing: gone };
}
