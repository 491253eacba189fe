// The Changes view's first list of a live range, from stat data alone: modified, deleted, staged
// and untracked files in git's order, ignored ones left out, and no index written.
import { mkdtempSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { testGit } from '../../test/testGit';
import { quickList } from './quickList';

const root = mkdtempSync(join(tmpdir(), 'rozi-quick-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const git = (...args: string[]) => testGit(root, ...args).trim();

it('lists what differs from a commit without reading a file or writing the index', async () => {
  git('init', '-q', '-b', 'main');
  for (const f of ['a.txt', 'b.txt', 'c.txt', 'same.txt']) writeFileSync(join(root, f), `${f}\n`);
  writeFileSync(join(root, '.gitignore'), 'secret.env\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'first');
  const from = git('rev-parse', 'HEAD');
  writeFileSync(join(root, 'b.txt'), 'changed\n');
  unlinkSync(join(root, 'c.txt'));
  writeFileSync(join(root, 'staged.txt'), 'new\n');
  git('add', 'staged.txt');
  writeFileSync(join(root, 'Z-untracked.txt'), 'u\n');
  writeFileSync(join(root, 'secret.env'), 'k=v\n');
  const index = join(root, '.git', 'index');
  const before = statSync(index).mtimeMs;
  const files = await quickList({ dir: root, from });
  expect(files.map((f) => [f.status, f.path])).toEqual([
    ['added', 'Z-untracked.txt'],
    ['modified', 'b.txt'],
    ['deleted', 'c.txt'],
    ['added', 'staged.txt'],
  ]);
  expect(statSync(index).mtimeMs).toBe(before);
});
