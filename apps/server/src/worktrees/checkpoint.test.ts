// The worktree snapshot behind "All changes" and each checkpoint: a private index kept between
// calls (so an unchanged worktree re-hashes nothing), never the person's own index, and seeded
// afresh when that index changes (what is tracked follows it).
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGit } from '../../test/testGit';
import { snapshotTree } from './checkpoint';

let root: string;
let repo: string;
let wt: string;
const git = testGit;
/** The paths a tree holds. */
const pathsOf = (tree: string) => git(wt, 'ls-tree', '-r', '--name-only', tree).trim().split('\n');

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'rozi-snap-'));
  repo = join(root, 'repo');
  execFileSync('mkdir', ['-p', repo]);
  git(repo, 'init', '-q', '-b', 'main');
  for (let i = 0; i < 50; i++) writeFileSync(join(repo, `f${i}.txt`), `line ${i}\n`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'first');
  wt = join(root, 'wt');
  git(repo, 'worktree', 'add', '-q', '-b', 'feat', wt);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('snapshotTree', () => {
  it('follows the files on disk, keeps its index between calls, and never stages anything', async () => {
    const clean = await snapshotTree(wt);
    expect(clean).toBe(git(wt, 'rev-parse', 'HEAD^{tree}').trim());
    for (let i = 0; i < 50; i += 2) writeFileSync(join(wt, `f${i}.txt`), `changed ${i}\n`);
    writeFileSync(join(wt, 'new.txt'), 'new\n');
    const edited = await snapshotTree(wt);
    expect(edited).not.toBe(clean);
    expect(pathsOf(edited)).toContain('new.txt');
    // The same worktree again: the same tree (read from the kept index).
    expect(await snapshotTree(wt)).toBe(edited);
    expect(git(wt, 'rev-parse', '--git-path', 'rozi-snapshot-index').trim()).toContain('worktrees');
    // One more edit of the same size: seen (the index re-hashes files whose stat changed).
    writeFileSync(join(wt, 'f1.txt'), 'line X\n');
    const again = await snapshotTree(wt);
    expect(again).not.toBe(edited);
    expect(git(wt, 'cat-file', 'blob', `${again}:f1.txt`)).toBe('line X\n');
    // Right after a snapshot that reused nothing new: an edit of the same size, a new file, a
    // deleted one, each seen at once (the last tree is reused only while the index is untouched).
    expect(await snapshotTree(wt)).toBe(again);
    writeFileSync(join(wt, 'f1.txt'), 'line Y\n');
    const y = await snapshotTree(wt);
    expect(git(wt, 'cat-file', 'blob', `${y}:f1.txt`)).toBe('line Y\n');
    writeFileSync(join(wt, 'other.txt'), 'other\n');
    expect(pathsOf(await snapshotTree(wt))).toContain('other.txt');
    rmSync(join(wt, 'other.txt'));
    expect(pathsOf(await snapshotTree(wt))).not.toContain('other.txt');
    // A new line in info/exclude (no file of the worktree changes): the excluded file leaves.
    const exclude = git(wt, 'rev-parse', '--path-format=absolute', '--git-path', 'info/exclude').trim();
    mkdirSync(dirname(exclude), { recursive: true });
    appendFileSync(exclude, 'new.txt\n');
    expect(pathsOf(await snapshotTree(wt))).not.toContain('new.txt');
    writeFileSync(exclude, '');
    expect(pathsOf(await snapshotTree(wt))).toContain('new.txt');
    // Nothing staged, no stash, HEAD unchanged.
    expect(git(wt, 'diff', '--cached', '--name-only')).toBe('');
    expect(git(wt, 'stash', 'list')).toBe('');
  });

  it('runs one snapshot at a time per worktree; callers that come meanwhile share the next one', async () => {
    writeFileSync(join(wt, 'f5.txt'), 'before\n');
    const first = snapshotTree(wt);
    // Written after the first started: the callers below must see it, the first may not.
    writeFileSync(join(wt, 'f5.txt'), 'after!\n');
    const second = snapshotTree(wt);
    const third = snapshotTree(wt);
    expect(third).toBe(second);
    await first;
    const tree = await second;
    expect(git(wt, 'cat-file', 'blob', `${tree}:f5.txt`)).toBe('after!\n');
    // Settled: a new call starts its own snapshot (and gets the same tree).
    const fourth = snapshotTree(wt);
    expect(fourth).not.toBe(second);
    expect(await fourth).toBe(tree);
  });

  it('seeds afresh when the worktree index changes: an untracked, ignored file leaves the snapshot', async () => {
    writeFileSync(join(wt, 'secret.env'), 'k=v\n');
    expect(pathsOf(await snapshotTree(wt))).toContain('secret.env');
    writeFileSync(join(wt, '.gitignore'), 'secret.env\n');
    expect(pathsOf(await snapshotTree(wt))).not.toContain('secret.env');
    // Tracked and then ignored: kept while the index tracks it, gone once `git rm --cached` drops it.
    git(wt, 'add', '-f', 'secret.env');
    git(wt, 'commit', '-q', '-m', 'track it');
    expect(pathsOf(await snapshotTree(wt))).toContain('secret.env');
    git(wt, 'rm', '-q', '--cached', 'secret.env');
    expect(pathsOf(await snapshotTree(wt))).not.toContain('secret.env');
  });

  it('sees a same-size edit made within the second its stat was indexed (racy git), when the index is older', async () => {
    const sec = (ms: number) => Math.floor(ms / 1000);
    // Git takes an entry as unchanged when size, mtime and ctime (whole seconds) match, unless the
    // index file is not older than the entry (then it compares contents). Make exactly that: a
    // checkout whose files and index share one second, the same-size edit in that second too, and
    // the snapshot in a later second.
    let made: { dir: string; second: number } | null = null;
    for (let attempt = 0; attempt < 10 && !made; attempt++) {
      // Start just after a second begins (file times follow a clock a few ms behind Date.now).
      await new Promise((r) => setTimeout(r, 1020 - (Date.now() % 1000)));
      const dir = join(root, `racy${attempt}`);
      git(repo, 'worktree', 'add', '-q', '-b', `racy${attempt}`, dir);
      writeFileSync(join(dir, 'f3.txt'), 'line Z\n'); // 'line 3\n' before: the same size
      const file = statSync(join(dir, 'f3.txt'));
      const index = statSync(git(dir, 'rev-parse', '--path-format=absolute', '--git-path', 'index').trim());
      const recorded = git(dir, 'ls-files', '--debug', 'f3.txt');
      const at = (what: string) => Number(new RegExp(`${what}: (\\d+):`).exec(recorded)?.[1]);
      const second = sec(file.mtimeMs);
      if (
        sec(file.ctimeMs) === second &&
        sec(index.mtimeMs) === second &&
        at('mtime') === second &&
        at('ctime') === second
      )
        made = { dir, second };
    }
    expect(made, 'a checkout and an edit within one second').not.toBeNull();
    if (!made) return;
    const { dir, second } = made;
    await new Promise((r) => setTimeout(r, Math.max(0, (second + 1) * 1000 + 50 - Date.now())));
    const tree = await snapshotTree(dir);
    expect(git(dir, 'diff', '--name-only'), 'git itself sees the edit').toBe('f3.txt\n');
    expect(git(dir, 'cat-file', 'blob', `${tree}:f3.txt`)).toBe('line Z\n');
    // And again from the kept index.
    expect(await snapshotTree(dir)).toBe(tree);
  });
});
