// The Git tab's and the Files decorations' git state, remembered per repository so a 100,000-file
// tree does not cost a `git status` (~2 s there) on every refresh. An answer is reused while
//   * the index, HEAD and the branch HEAD names are unchanged (their mtime and size: a commit,
//     `git add`, a checkout or a reset touch one of them),
//   * no watched directory inside the repository reported a change since the read started
//     (dirWatch.ts's files-changed: an edit in a directory the tab shows), and
//   * it is younger than MAX_AGE_MS (an edit in a directory nobody watches shows within that).
// Two callers asking together share one git run.
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { gitStateIn, type GitState } from './gitState';

export const GIT_CACHE_MAX_AGE_MS = 30_000;

interface Entry {
  stamp: string;
  /** The change counter when the read started: a change after it makes the answer stale. */
  seq: number;
  at: number;
  state: GitState;
}

export interface GitCacheOptions {
  maxAgeMs?: number;
  now?: () => number;
  /** The real read (tests count calls). */
  read?: typeof gitStateIn;
}

async function stampOf(gitDir: string | null): Promise<string> {
  if (!gitDir) return '';
  const one = (p: string) =>
    stat(p).then(
      (s) => `${s.mtimeMs}:${s.size}`,
      () => '-',
    );
  const head = await readFile(join(gitDir, 'HEAD'), 'utf8').catch(() => '');
  const ref = /^ref: (refs\/[^\n]+)/.exec(head)?.[1];
  const parts = await Promise.all([
    one(join(gitDir, 'index')),
    one(join(gitDir, 'HEAD')),
    ref ? one(join(gitDir, ...ref.split('/'))) : Promise.resolve(''),
    one(join(gitDir, 'packed-refs')),
  ]);
  return `${head.trim()}|${parts.join('|')}`;
}

export class GitStateCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<GitState>>();
  /** Repository → the change counter at its last reported change. */
  private readonly changedAt = new Map<string, number>();
  private seq = 0;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly read: typeof gitStateIn;

  constructor(o: GitCacheOptions = {}) {
    this.maxAgeMs = o.maxAgeMs ?? GIT_CACHE_MAX_AGE_MS;
    this.now = o.now ?? Date.now;
    this.read = o.read ?? gitStateIn;
  }

  async get(where: { repo: string; gitDir: string | null }, o: { diffStats: boolean }): Promise<GitState> {
    const key = `${where.repo}\0${o.diffStats}`;
    const stamp = await stampOf(where.gitDir);
    const hit = this.entries.get(key);
    if (
      hit &&
      hit.stamp === stamp &&
      hit.seq >= (this.changedAt.get(where.repo) ?? 0) &&
      this.now() - hit.at < this.maxAgeMs
    )
      return hit.state;
    const running = this.inflight.get(key);
    if (running) return running;
    const seq = ++this.seq;
    const at = this.now();
    const p = this.read(where, o)
      .then((state) => {
        if (this.entries.size > 64) this.entries.clear();
        this.entries.set(key, { stamp, seq, at, state });
        return state;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  /** Directories that changed (files-changed): answers of the repositories holding them are stale. */
  invalidate(dirs: readonly string[]): void {
    const seq = ++this.seq;
    for (const entryKey of this.entries.keys()) {
      const repo = entryKey.slice(0, entryKey.indexOf('\0'));
      if (dirs.some((d) => d === repo || d.startsWith(repo + sep))) this.changedAt.set(repo, seq);
    }
  }
}
