// The Git tab's state and the Files tab's decorations (sidebar.md, Built-in Tabs): branch, changed
// paths with their M/A/D/? markers and +N -M stats, read by running the real git with a timeout
// and a bounded output, never the event loop's time (execFile is async). GIT_OPTIONAL_LOCKS=0: a
// sidebar poll must never take the index lock a `git commit` in the pane needs.
import { execFile } from 'node:child_process';
import { RoziError } from '../session/errors';

const GIT_TIMEOUT_MS = 5000;
/** The most output read from one git run; past it the answer says `truncated`. */
const MAX_OUTPUT = 4 * 1024 * 1024;
/** Changed paths the tab shows at most (rozi's bounded result). */
export const MAX_CHANGES = 5000;

export interface GitChange {
  /** Relative to the repository's top directory. */
  path: string;
  /** `M`, `A`, `D`, `R`, `U` (conflict) or `?` (untracked). */
  marker: string;
  staged: boolean;
  added: number | null;
  removed: number | null;
}

export interface GitState {
  /** The repository's top directory, or null outside a repository. */
  repo: string | null;
  /** The directory git keeps its state in (HEAD, index), for the watcher. */
  gitDir: string | null;
  branch: string | null;
  /** The short commit id when HEAD is detached (or null). */
  detached: string | null;
  changes: GitChange[];
  truncated: boolean;
}

interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
  truncated: boolean;
}

function runGit(cwd: string, args: string[]): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd,
        timeout: GIT_TIMEOUT_MS,
        maxBuffer: MAX_OUTPUT,
        encoding: 'utf8',
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' },
      },
      (err, stdout, stderr) => {
        if (!err) return resolve({ code: 0, stdout, stderr, truncated: false });
        const e = err as NodeJS.ErrnoException & { code?: string | number; killed?: boolean };
        if (e.code === 'ENOENT')
          return reject(new RoziError('invalid', 'git is not installed on this machine'));
        if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
          return resolve({ code: 0, stdout, stderr, truncated: true });
        if (e.killed)
          return reject(
            new RoziError('invalid', `git ${args[0]} took longer than ${GIT_TIMEOUT_MS / 1000} s`),
          );
        resolve({ code: typeof e.code === 'number' ? e.code : 1, stdout, stderr, truncated: false });
      },
    );
  });
}

export const NO_REPO: GitState = {
  repo: null,
  gitDir: null,
  branch: null,
  detached: null,
  changes: [],
  truncated: false,
};

/** The repository containing `dir` (top, git dir), or nulls outside one. */
export async function repoOf(dir: string): Promise<{ repo: string | null; gitDir: string | null }> {
  const r = await runGit(dir, ['rev-parse', '--show-toplevel', '--absolute-git-dir']);
  if (r.code !== 0) return { repo: null, gitDir: null };
  const [top, gitDir] = r.stdout.split('\n');
  return { repo: top || null, gitDir: gitDir || null };
}

/** Branch and changed files of the repository containing `dir`. */
export async function gitState(dir: string, o: { diffStats: boolean }): Promise<GitState> {
  const where = await repoOf(dir);
  return where.repo ? gitStateIn({ repo: where.repo, gitDir: where.gitDir }, o) : NO_REPO;
}

/** Branch and changed files of a known repository (its top directory and git directory). */
export async function gitStateIn(
  where: { repo: string; gitDir: string | null },
  o: { diffStats: boolean },
): Promise<GitState> {
  const { repo, gitDir } = where;
  const [status, stats] = await Promise.all([
    runGit(repo, ['status', '--porcelain=v1', '-z', '--branch', '--untracked-files=normal', '--no-renames']),
    o.diffStats ? runGit(repo, ['diff', '--numstat', '-z', '--no-renames', 'HEAD']) : null,
  ]);
  if (status.code !== 0)
    throw new RoziError('invalid', `git status failed: ${status.stderr.split('\n')[0] ?? ''}`.trim());
  const parsed = parseStatus(status.stdout);
  let truncated = status.truncated || parsed.changes.length > MAX_CHANGES;
  const changes = parsed.changes.slice(0, MAX_CHANGES);
  if (stats && stats.code === 0) {
    const numstat = parseNumstat(stats.stdout);
    for (const c of changes) {
      const s = numstat.get(c.path);
      if (s) Object.assign(c, s);
    }
    truncated ||= stats.truncated;
  }
  let detached: string | null = null;
  if (parsed.branch === null) {
    const head = await runGit(repo, ['rev-parse', '--short', 'HEAD']);
    detached = head.code === 0 ? head.stdout.trim() || null : null;
  }
  return { repo, gitDir, branch: parsed.branch, detached, changes, truncated };
}

/** `git status --porcelain=v1 -z --branch` output: the branch line, then `XY path` records. */
export function parseStatus(out: string): { branch: string | null; changes: GitChange[] } {
  const records = out.split('\0').filter((r) => r !== '');
  let branch: string | null = null;
  const changes: GitChange[] = [];
  for (const r of records) {
    if (r.startsWith('## ')) {
      const head = r.slice(3);
      if (head.startsWith('HEAD (no branch)')) branch = null;
      else if (head.startsWith('No commits yet on ')) branch = head.slice('No commits yet on '.length);
      else branch = head.split('...')[0]!.split(' ')[0]!;
      continue;
    }
    if (r.length < 4) continue;
    const x = r[0]!;
    const y = r[1]!;
    const path = r.slice(3);
    changes.push({
      path,
      marker: markerOf(x, y),
      staged: x !== ' ' && x !== '?',
      added: null,
      removed: null,
    });
  }
  return { branch, changes };
}

function markerOf(x: string, y: string): string {
  if (x === '?' && y === '?') return '?';
  if (x === 'U' || y === 'U' || (x === 'A' && y === 'A') || (x === 'D' && y === 'D')) return 'U';
  if (x === 'A') return 'A';
  if (x === 'D' || y === 'D') return 'D';
  if (x === 'R') return 'R';
  return 'M';
}

/** `git diff --numstat -z`: `added\tremoved\tpath\0` (binary files show `-`). */
export function parseNumstat(out: string): Map<string, { added: number | null; removed: number | null }> {
  const m = new Map<string, { added: number | null; removed: number | null }>();
  for (const r of out.split('\0')) {
    const t = /^(\d+|-)\t(\d+|-)\t(.+)$/s.exec(r.replace(/^\n/, ''));
    if (!t) continue;
    m.set(t[3]!, { added: t[1] === '-' ? null : Number(t[1]), removed: t[2] === '-' ? null : Number(t[2]) });
  }
  return m;
}
