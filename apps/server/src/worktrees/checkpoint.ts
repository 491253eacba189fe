// Per-turn checkpoints: the whole worktree (committed, staged, unstaged and untracked files, minus
// ignored ones) recorded as a commit on a hidden ref, refs/rozi/checkpoints/<id>/<turn>. Built with
// a private index file (GIT_INDEX_FILE) seeded from the worktree's own, so the person's index,
// stash, branches and HEAD are never touched, and `git add -A` only re-reads files whose stat
// changed. Turn 0 is the base the worktree started from.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { git, gitOut } from './git';

const REF_ROOT = 'refs/rozi/checkpoints';

export const checkpointRef = (id: string, turn: number): string => `${REF_ROOT}/${id}/${turn}`;

/** Who a checkpoint commit names: never the person's identity, and never failing for want of one. */
const IDENTITY = {
  GIT_AUTHOR_NAME: 'rozi',
  GIT_AUTHOR_EMAIL: 'rozi@localhost',
  GIT_COMMITTER_NAME: 'rozi',
  GIT_COMMITTER_EMAIL: 'rozi@localhost',
};

/** The tree of the worktree as it is on disk now, without touching its index. */
export async function snapshotTree(dir: string): Promise<string> {
  const tmp = mkdtempSync(join(tmpdir(), 'rozi-ckpt-'));
  const index = join(tmp, 'index');
  try {
    const own = (
      await gitOut({ cwd: dir, args: ['rev-parse', '--git-path', 'index'], what: 'find the index' })
    ).trim();
    const ownPath = isAbsolute(own) ? own : join(dir, own);
    const env = { GIT_INDEX_FILE: index };
    if (existsSync(ownPath)) copyFileSync(ownPath, index);
    else await gitOut({ cwd: dir, args: ['read-tree', 'HEAD'], env, what: 'read HEAD' });
    await gitOut({ cwd: dir, args: ['add', '-A', '--', '.'], env, what: 'record the worktree' });
    return (await gitOut({ cwd: dir, args: ['write-tree'], env, what: 'write the tree' })).trim();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export interface Checkpoint {
  turn: number;
  commit: string;
  tree: string;
  /** Seconds since the epoch, from the commit. */
  at: number;
}

/** Every checkpoint of a worktree, turn 0 first. */
export async function listCheckpoints(o: { dir: string; id: string }): Promise<Checkpoint[]> {
  const out = await git({
    cwd: o.dir,
    args: [
      'for-each-ref',
      '--format=%(refname) %(objectname) %(tree) %(committerdate:unix)',
      `${REF_ROOT}/${o.id}/`,
    ],
  });
  if (out.code !== 0) return [];
  const rows: Checkpoint[] = [];
  for (const line of out.stdout.split('\n')) {
    const [ref, commit, tree, at] = line.split(' ');
    const turn = Number(ref?.slice(`${REF_ROOT}/${o.id}/`.length));
    if (!ref || !commit || !tree || !Number.isInteger(turn)) continue;
    rows.push({ turn, commit, tree, at: Number(at) });
  }
  return rows.sort((a, b) => a.turn - b.turn);
}

/** Records turn 0: the base commit itself. */
export async function recordBase(o: { dir: string; id: string; commit: string }): Promise<void> {
  await gitOut({
    cwd: o.dir,
    args: ['update-ref', checkpointRef(o.id, 0), o.commit],
    what: 'record the base checkpoint',
  });
}

/**
 * Records the worktree as the next turn; nothing when it equals the last checkpoint (a turn that
 * changed no file is not a step worth showing). Returns the new checkpoint or null.
 */
export async function recordTurn(o: { dir: string; id: string; label?: string }): Promise<Checkpoint | null> {
  const tree = await snapshotTree(o.dir);
  const previous = (await listCheckpoints(o)).at(-1);
  if (previous && previous.tree === tree) return null;
  const turn = previous ? previous.turn + 1 : 1;
  const parents = previous ? ['-p', previous.commit] : [];
  const commit = (
    await gitOut({
      cwd: o.dir,
      args: [
        'commit-tree',
        tree,
        ...parents,
        '-m',
        `rozi checkpoint: turn ${turn}${o.label ? ` (${o.label})` : ''}`,
      ],
      env: IDENTITY,
      what: 'write the checkpoint',
    })
  ).trim();
  await gitOut({
    cwd: o.dir,
    args: ['update-ref', checkpointRef(o.id, turn), commit],
    what: 'record the checkpoint',
  });
  return { turn, commit, tree, at: Math.floor(Date.now() / 1000) };
}

/** Drops every checkpoint ref of a worktree (when it is removed). */
export async function dropCheckpoints(o: { repo: string; id: string }): Promise<void> {
  const refs = await git({
    cwd: o.repo,
    args: ['for-each-ref', '--format=%(refname)', `${REF_ROOT}/${o.id}/`],
  });
  const input = refs.stdout
    .split('\n')
    .filter((r) => r !== '')
    .map((r) => `delete ${r}\n`)
    .join('');
  if (input) await git({ cwd: o.repo, args: ['update-ref', '--stdin'], input });
}
