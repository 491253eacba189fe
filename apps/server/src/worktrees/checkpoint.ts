// Per-turn checkpoints: the whole worktree (committed, staged, unstaged and untracked files, minus
// ignored ones) recorded as a commit on a hidden ref, refs/rozi/checkpoints/<id>/<turn>. Built with
// a private index file (GIT_INDEX_FILE, kept per worktree) seeded from the worktree's own, so the person's index,
// stash, branches and HEAD are never touched, and `git add -A` only re-reads files whose stat
// changed. Turn 0 is the base the worktree started from.
import { copyFileSync, existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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

interface SnapshotPaths {
  own: string;
  index: string;
  seed: string;
  /** The repository's info/exclude: a change there can drop files from the snapshot. */
  exclude: string;
}

/**
 * Per worktree directory: where its indexes are (valid while its `.git` file names the same git
 * dir), and the last snapshot's tree with the state of the files it was written from.
 */
const known = new Map<string, { dotGit: string; paths: SnapshotPaths; state?: string; tree?: string }>();

/** Where a worktree keeps its private snapshot index (in its own git dir) and what it was seeded from. */
async function snapshotPaths(dir: string): Promise<SnapshotPaths> {
  const out = await gitOut({
    cwd: dir,
    args: [
      'rev-parse',
      '--git-path',
      'index',
      '--git-path',
      'rozi-snapshot-index',
      '--git-path',
      'info/exclude',
    ],
    what: 'find the index',
  });
  const [own = 'index', index = 'rozi-snapshot-index', exclude = 'info/exclude'] = out
    .split('\n')
    .map((l) => l.trim());
  const abs = (p: string): string => (isAbsolute(p) ? p : join(dir, p));
  return { own: abs(own), index: abs(index), seed: `${abs(index)}.seed`, exclude: abs(exclude) };
}

/** The memo of a worktree, its paths asked of git again when its `.git` file changed. */
async function knownOf(
  dir: string,
): Promise<{ dotGit: string; paths: SnapshotPaths; state?: string; tree?: string }> {
  let dotGit = '';
  try {
    dotGit = readFileSync(join(dir, '.git'), 'utf8');
  } catch (err) {
    // A main checkout's .git is a directory (its paths never move); a missing one is git's to say.
    dotGit = (err as NodeJS.ErrnoException).code === 'EISDIR' ? '<dir>' : '';
  }
  const seen = known.get(dir);
  if (seen && dotGit !== '' && seen.dotGit === dotGit) return seen;
  const entry = { dotGit, paths: await snapshotPaths(dir) };
  if (dotGit !== '') known.set(dir, entry);
  return entry;
}

/** A file's identity and times to the nanosecond ('' when it does not exist). */
function fileState(path: string): string {
  try {
    const st = statSync(path, { bigint: true });
    return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return '';
  }
}

/** The size and mtime of the worktree's own index, or '' when it has none. */
function indexMark(path: string): string {
  try {
    const st = statSync(path);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return '';
  }
}

/**
 * Copies the worktree's index to the private one with the same modification time (whole seconds,
 * never later). Git trusts an entry's stat data only when the index file is older than the entry;
 * an entry written in the same second as its index is "racily clean" and its content is compared.
 * A copy stamped with the time of copying made those entries look settled, so a same-size edit
 * made in the second of a checkout was never seen (the Changes view missed it for good).
 */
function seedFrom(own: string, index: string): void {
  copyFileSync(own, index);
  const at = Math.floor(statSync(own).mtimeMs / 1000);
  utimesSync(index, at, at);
}

const ignoredTracked = async (o: { dir: string; env?: Record<string, string> }): Promise<string[]> =>
  (
    await gitOut({
      cwd: o.dir,
      args: ['ls-files', '-z', '--cached', '--ignored', '--exclude-standard'],
      env: o.env,
      what: 'list ignored files',
    })
  )
    .split('\0')
    .filter((f) => f !== '');

/**
 * A file the private index picked up while it was untracked and that is ignored now stays in that
 * index (add -A keeps tracked files); a fresh copy of the worktree's index would not hold it, so
 * it is dropped here unless the worktree's own index tracks it. Usually one `ls-files` and nothing.
 */
async function dropIgnored(o: { dir: string; env: Record<string, string> }): Promise<void> {
  const mine = await ignoredTracked(o);
  if (mine.length === 0) return;
  const own = new Set(await ignoredTracked({ dir: o.dir }));
  const extra = mine.filter((f) => !own.has(f));
  if (extra.length === 0) return;
  await gitOut({
    cwd: o.dir,
    args: ['rm', '-q', '-f', '--cached', '--pathspec-from-file=-', '--pathspec-file-nul'],
    env: { ...o.env, GIT_LITERAL_PATHSPECS: '1' },
    input: extra.map((f) => `${f}\0`).join(''),
    what: 'drop ignored files',
  });
}

/**
 * The tree of the worktree as it is on disk now, without touching its index. The private index
 * lives on between calls (in the worktree's git dir), so `git add -A` re-hashes only the files
 * whose stat changed since the last snapshot: a view refetching a 2,000-file diff of an idle agent
 * costs a few lstat calls, not 2,000 file reads. It is seeded again from the worktree's own index
 * whenever that index changes (a commit, a `git rm --cached`), so what is tracked follows it.
 * Calls for one directory run one at a time (they share the private index file): see below.
 */
export function snapshotTree(dir: string): Promise<string> {
  const line = snapshotLines.get(dir) ?? { running: null, waiting: null };
  snapshotLines.set(dir, line);
  // A caller wants the files as they are at its call or later. While one snapshot runs, every
  // caller that comes meanwhile shares the one that starts after it: a diff that the Changes view
  // asked for and the header's status re-read both get the newer tree from a single `add -A`.
  if (line.waiting) return line.waiting;
  const start = (): Promise<string> => {
    const p = snapshotNow(dir);
    line.running = p;
    line.waiting = null;
    const done = (): void => {
      if (line.running !== p) return;
      line.running = null;
      if (!line.waiting) snapshotLines.delete(dir);
    };
    p.then(done, done);
    return p;
  };
  if (!line.running) return start();
  const after = line.running.then(start, start);
  line.waiting = after;
  return after;
}

/** Per worktree directory: the snapshot running now and the one queued after it (shared). */
const snapshotLines = new Map<string, { running: Promise<string> | null; waiting: Promise<string> | null }>();

async function snapshotNow(dir: string): Promise<string> {
  const memo = await knownOf(dir);
  const p = memo.paths;
  const env = { GIT_INDEX_FILE: p.index };
  const mark = indexMark(p.own);
  let seeded = '';
  try {
    seeded = readFileSync(p.seed, 'utf8');
  } catch {
    seeded = '';
  }
  if (seeded !== mark || !existsSync(p.index)) {
    rmSync(p.index, { force: true });
    if (mark !== '') seedFrom(p.own, p.index);
    else await gitOut({ cwd: dir, args: ['read-tree', 'HEAD'], env, what: 'read HEAD' });
    writeFileSync(p.seed, mark);
  }
  try {
    await gitOut({ cwd: dir, args: ['add', '-A', '--', '.'], env, what: 'record the worktree' });
    // `add` rewrites the private index only when an entry changed (a file's content, or the stat
    // data of one it had to re-read). Untouched, with the same ignore rules, it holds what the last
    // tree was written from: that tree is the worktree's now, with no more git runs.
    const state = `${fileState(p.index)}|${mark}|${fileState(p.exclude)}`;
    if (memo.state === state && memo.tree) return memo.tree;
    await dropIgnored({ dir, env });
    const tree = (await gitOut({ cwd: dir, args: ['write-tree'], env, what: 'write the tree' })).trim();
    memo.state = `${fileState(p.index)}|${mark}|${fileState(p.exclude)}`;
    memo.tree = tree;
    return tree;
  } catch (err) {
    // A broken private index is only a cache: the next call seeds it afresh.
    rmSync(p.seed, { force: true });
    memo.state = undefined;
    throw err;
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
