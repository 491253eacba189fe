// The Changes view's file list comes from one `git diff --raw --numstat -z` read: statuses, old
// names and counts of every kind of change, paths with odd bytes included, from real git. The
// browser's first read lists every file but counts one page's lines; the rest come after.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { testGit } from '../../test/testGit';
import { diffCounts, diffPage, PAGE_FILES } from './diff';

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
  expect(d.totals).toEqual({ files: 6, added: 7, removed: 3, counted: true });
  expect(d.patches.find((p) => p.path === 'renamed.txt')?.patch).toContain('rename from moved.txt');
  expect(d.patches.find((p) => p.path === 'pic.bin')?.omitted).toBe('binary');
});

it('lists every file at once but counts only the asked page until the counts are read', async () => {
  const dir = join(root, 'many');
  const g = (...args: string[]) => testGit(dir, ...args).trim();
  mkdirSync(dir);
  g('init', '-q', '-b', 'main');
  const files = PAGE_FILES * 2 + 3;
  for (let i = 0; i < files; i++) writeFileSync(join(dir, `f${String(i).padStart(3, '0')}.txt`), `a${i}\n`);
  g('add', '-A');
  g('commit', '-q', '-m', 'first');
  const from = g('rev-parse', 'HEAD^{tree}');
  for (let i = 0; i < files; i++)
    writeFileSync(join(dir, `f${String(i).padStart(3, '0')}.txt`), `b${i}\n`.repeat((i % 3) + 1));
  g('add', '-A');
  const to = g('write-tree');

  const first = await diffPage({ dir, from, to, counts: 'page' });
  expect(first.files).toHaveLength(files);
  expect(first.pages).toBe(3);
  expect(first.files.filter((f) => f.counted).map((f) => f.page)).toEqual(Array(PAGE_FILES).fill(0));
  expect(first.totals.counted).toBe(false);
  expect(first.patches).toHaveLength(PAGE_FILES);
  expect(first.files[1]).toMatchObject({ added: 2, removed: 1, counted: true });
  // The last page: its own files counted, in the same place as the list said.
  const last = await diffPage({ dir, from, to, page: 2, counts: 'page' });
  expect(last.files.filter((f) => f.counted).map((f) => f.path)).toEqual(
    first.files.filter((f) => f.page === 2).map((f) => f.path),
  );
  const all = await diffCounts({ dir, from, to });
  expect(all.map((f) => f.added)).toEqual(Array.from({ length: files }, (_, i) => (i % 3) + 1));
  // Once counted (cached per object ids), a page read says so; and the CLI's read counts all.
  const again = await diffPage({ dir, from, to, page: 1, counts: 'page' });
  expect(again.totals).toMatchObject({ counted: true, files, removed: files });
  expect((await diffPage({ dir, from, to: g('rev-parse', 'HEAD^{tree}') })).totals.counted).toBe(true);
});
