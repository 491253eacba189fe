// The Changes view's file list comes from one `git diff --raw --numstat -z` read: statuses, old
// names and counts of every kind of change, paths with odd bytes included, from real git.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { testGit } from '../../test/testGit';
import { diffPage } from './diff';

const root = mkdtempSync(join(tmpdir(), 'rozi-diff-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const git = (...args: string[]) => testGit(root, ...args).trim();

it('lists added, deleted, modified, renamed and binary files with their counts in one read', async () => {
  git('init', '-q', '-b', 'main');
  writeFileSync(join(root, 'moved.txt'), 'one\ntwo\nthree\nfour\nfive\nsix\n');
  writeFileSync(join(root, 'edited.txt'), 'a\n');
  writeFileSync(join(root, 'gone.txt'), 'x\ny\n');
  writeFileSync(join(root, 'pic.bin'), Buffer.from([0, 1, 2]));
  writeFileSync(join(root, ':colon\tand tab.txt'), 'odd\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'first');
  const from = git('rev-parse', 'HEAD^{tree}');

  git('mv', 'moved.txt', 'renamed.txt');
  writeFileSync(join(root, 'renamed.txt'), 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n');
  writeFileSync(join(root, 'edited.txt'), 'b\nc\n');
  unlinkSync(join(root, 'gone.txt'));
  writeFileSync(join(root, 'pic.bin'), Buffer.from([0, 9, 9, 9]));
  writeFileSync(join(root, ':colon\tand tab.txt'), 'odd\nodder\n');
  writeFileSync(join(root, 'new\nline.txt'), '1\n2\n3\n');
  git('add', '-A');
  const to = git('write-tree');

  const d = await diffPage({ dir: root, from, to });
  const rows = d.files.map((f) => [f.status, f.oldPath, f.path, f.added, f.removed, f.binary]);
  expect(rows).toEqual([
    ['modified', null, ':colon\tand tab.txt', 1, 0, false],
    ['modified', null, 'edited.txt', 2, 1, false],
    ['deleted', null, 'gone.txt', 0, 2, false],
    ['added', null, 'new\nline.txt', 3, 0, false],
    ['modified', null, 'pic.bin', 0, 0, true],
    ['renamed', 'moved.txt', 'renamed.txt', 1, 0, false],
  ]);
  expect(d.totals).toEqual({ files: 6, added: 7, removed: 3 });
  expect(d.patches.find((p) => p.path === 'renamed.txt')?.patch).toContain('rename from moved.txt');
  expect(d.patches.find((p) => p.path === 'pic.bin')?.omitted).toBe('binary');
});
