import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitStateCache } from './gitCache';
import { gitStateIn, repoOf } from './gitState';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'rozi-gitcache-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('GitStateCache', () => {
  it('reuses an answer until the index, HEAD, a watched directory or its age says otherwise', async () => {
    const repo = join(root, 'repo');
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    const git = (...a: string[]) => execFileSync('git', ['-C', repo, ...a], { stdio: 'ignore' });
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 't');
    writeFileSync(join(repo, 'a.txt'), 'one\n');
    git('add', '.');
    git('commit', '-qm', 'one');
    const where = await repoOf(repo);
    expect(where.repo).toBe(repo);
    let reads = 0;
    let clock = 1_000_000;
    const cache = new GitStateCache({
      now: () => clock,
      read: (w, o) => {
        reads++;
        return gitStateIn(w, o);
      },
    });
    const get = () => cache.get({ repo, gitDir: where.gitDir }, { diffStats: true });

    expect((await get()).changes).toEqual([]);
    const [x, y] = await Promise.all([get(), get()]);
    expect(x).toBe(y);
    expect(reads).toBe(1); // a hit, and two callers together share it

    // An edit in a watched directory (files-changed) makes the answer stale.
    writeFileSync(join(repo, 'a.txt'), 'one\ntwo\n');
    expect((await get()).changes).toEqual([]); // nobody said so yet: still the cached answer
    cache.invalidate([join(root, 'other')]); // outside the repository: no effect
    expect(reads).toBe(1);
    cache.invalidate([repo]);
    expect((await get()).changes).toMatchObject([{ path: 'a.txt', marker: 'M', added: 1, removed: 0 }]);
    expect(reads).toBe(2);

    // git add rewrites the index; a new branch moves HEAD: both are noticed without any event.
    git('add', 'a.txt');
    expect((await get()).changes).toMatchObject([{ path: 'a.txt', staged: true }]);
    expect(reads).toBe(3);
    git('checkout', '-q', '-b', 'feature');
    expect((await get()).branch).toBe('feature');
    expect(reads).toBe(4);
    git('commit', '-qm', 'two');
    expect((await get()).changes).toEqual([]);
    expect(reads).toBe(5);

    // An edit nobody watches shows once the answer is older than the cap.
    writeFileSync(join(repo, 'b.txt'), '');
    await get();
    expect(reads).toBe(5);
    clock += 31_000;
    expect((await get()).changes).toMatchObject([{ path: 'b.txt', marker: '?' }]);
    expect(reads).toBe(6);
  }, 120_000);
});
