// Agent worktrees (issue 22): the cost of a per-turn checkpoint (a private index, `git add -A`,
// write-tree, commit-tree, update-ref) on repositories of several sizes, and the time to read a
// 2,000-file diff: the file list with counts plus its first page of patches, what the Changes
// view asks for first, cold and cached, and the next page. Run: npx --no-install tsx bench/worktrees.ts
// (the browser's side: bench/worktrees-view.mjs).
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

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

/**
 * A 2,000-file diff as the Changes view reads it: first the list with counts and page 1 (cold),
 * then the same again (the view refetching an unchanged worktree: cached), then page 2 (the list
 * cached, that page's patches read). Each round on a fresh commit so the cold read is cold.
 */
async function bigDiff(files: number): Promise<void> {
  const dir = makeRepo(files);
  const base = git(dir, 'rev-parse', 'HEAD').trim();
  const cold: number[] = [];
  const warm: number[] = [];
  const next: number[] = [];
  let pages = 0;
  let json = 0;
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < files; i++)
      writeFileSync(join(dir, `pkg${i % 50}`, `file${i}.ts`), fileText(i, `b${round}`));
    git(dir, 'commit', '-qam', `all changed ${round}`);
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    const [d, ms] = await timed(() => diffPage({ dir, from: base, to: head }));
    if (d.totals.files !== files) throw new Error(`expected ${files} files, got ${d.totals.files}`);
    cold.push(ms);
    warm.push((await timed(() => diffPage({ dir, from: base, to: head })))[1]);
    next.push((await timed(() => diffPage({ dir, from: base, to: head, page: 1 })))[1]);
    pages = d.pages;
    json = JSON.stringify(d).length;
  }
  console.log(
    `diff of ${files} changed files (80 lines each), ${pages} pages, first answer ${(json / 1024).toFixed(0)} KiB: ` +
      `list + page 1 cold median ${median(cold).toFixed(0)} ms; again (cached) ${median(warm).toFixed(1)} ms; ` +
      `page 2 ${median(next).toFixed(0)} ms`,
  );
  rmSync(dir, { recursive: true, force: true });
}

await checkpointCost(500, 5);
await checkpointCost(5000, 5);
await checkpointCost(5000, 500);
await bigDiff(2000);
