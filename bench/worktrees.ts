// Agent worktrees (issue 22): the cost of a per-turn checkpoint (a private index, `git add -A`,
// write-tree, commit-tree, update-ref) on repositories of several sizes, and the time to read a
// 2,000-file diff: the file list with counts plus its first page of patches, what the Changes
// view asks for first. Run: npx --no-install tsx bench/worktrees.ts
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordBase, recordTurn } from '../apps/server/src/worktrees/checkpoint';
import { diffPage } from '../apps/server/src/worktrees/diff';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'b',
  GIT_AUTHOR_EMAIL: 'b@b',
  GIT_COMMITTER_NAME: 'b',
  GIT_COMMITTER_EMAIL: 'b@b',
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8' });

function fileText(i: number, variant: string): string {
  return (
    Array.from({ length: 40 }, (_, l) => `export const v${i}_${l} = '${variant}-${l}';`).join('\n') + '\n'
  );
}

function makeRepo(files: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'rozi-bench-wt-'));
  git(dir, 'init', '-q', '-b', 'main');
  for (let i = 0; i < files; i++) {
    const sub = join(dir, `pkg${i % 50}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `file${i}.ts`), fileText(i, 'a'));
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  return dir;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function checkpointCost(files: number, changed: number): Promise<void> {
  const dir = makeRepo(files);
  const head = git(dir, 'rev-parse', 'HEAD').trim();
  await recordBase({ dir, id: 'bench', commit: head });
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < changed; i++)
      writeFileSync(join(dir, `pkg${i % 50}`, `file${i}.ts`), fileText(i, `r${round}`));
    const t0 = performance.now();
    await recordTurn({ dir, id: 'bench' });
    times.push(performance.now() - t0);
  }
  console.log(
    `checkpoint: ${files} files, ${changed} changed per turn: median ${median(times).toFixed(0)} ms (5 turns)`,
  );
  rmSync(dir, { recursive: true, force: true });
}

async function bigDiff(files: number): Promise<void> {
  const dir = makeRepo(files);
  const base = git(dir, 'rev-parse', 'HEAD').trim();
  for (let i = 0; i < files; i++) writeFileSync(join(dir, `pkg${i % 50}`, `file${i}.ts`), fileText(i, 'b'));
  git(dir, 'commit', '-qam', 'all changed');
  const times: number[] = [];
  let pages = 0;
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    const d = await diffPage({ dir, from: base, to: 'HEAD' });
    times.push(performance.now() - t0);
    pages = d.pages;
    if (d.totals.files !== files) throw new Error(`expected ${files} files, got ${d.totals.files}`);
  }
  const json = JSON.stringify(await diffPage({ dir, from: base, to: 'HEAD' })).length;
  console.log(
    `diff of ${files} changed files (80 lines each): list + first page in median ${median(times).toFixed(0)} ms; ${pages} pages; first answer ${(json / 1024).toFixed(0)} KiB`,
  );
  rmSync(dir, { recursive: true, force: true });
}

await checkpointCost(500, 5);
await checkpointCost(5000, 5);
await checkpointCost(5000, 500);
await bigDiff(2000);
