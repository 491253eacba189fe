// Agent worktrees (issue 22): the cost of a per-turn checkpoint (a private index, `git add -A`,
// write-tree, commit-tree, update-ref) on repositories of several sizes, with the objects each
// writes, and the time to read a 2,000-file diff: the file list plus page 1 with its counts (what
// the Changes view asks for first), every file's counts (asked next), cached, and the next page. Run: npx --no-install tsx bench/worktrees.ts
// (the browser's side: bench/worktrees-view.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordBase, recordTurn } from '../apps/server/src/worktrees/checkpoint';
import { diffCounts, diffPage } from '../apps/server/src/worktrees/diff';

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
  const objects: number[] = [];
  // Loose objects in the repository (a checkpoint writes loose: blobs, trees, one commit).
  const loose = () => Number(/^count: (\d+)/m.exec(git(dir, 'count-objects', '-v'))?.[1] ?? 0);
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < changed; i++)
      writeFileSync(join(dir, `pkg${i % 50}`, `file${i}.ts`), fileText(i, `r${round}`));
    const before = loose();
    const t0 = performance.now();
    await recordTurn({ dir, id: 'bench' });
    times.push(performance.now() - t0);
    objects.push(loose() - before);
  }
  console.log(
    `checkpoint: ${files} files, ${changed} changed per turn: median ${median(times).toFixed(0)} ms, ` +
      `${median(objects)} objects written (5 turns; load ${(loadavg()[0] ?? 0).toFixed(1)})`,
  );
  rmSync(dir, { recursive: true, force: true });
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

/**
 * A 2,000-file diff as the Changes view reads it: first the list with page 1 and its counts
 * (cold), then every file's counts, then the same page again (the view refetching an unchanged
 * worktree: cached), then page 2 (the list cached, that page's counts and patches read). Each
 * round on a fresh commit so the cold read is cold; last, the CLI's read (every count first).
 */
async function bigDiff(files: number): Promise<void> {
  const dir = makeRepo(files);
  const base = git(dir, 'rev-parse', 'HEAD').trim();
  const cold: number[] = [];
  const counts: number[] = [];
  const cli: number[] = [];
  const warm: number[] = [];
  const next: number[] = [];
  let pages = 0;
  let json = 0;
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < files; i++)
      writeFileSync(join(dir, `pkg${i % 50}`, `file${i}.ts`), fileText(i, `b${round}`));
    git(dir, 'commit', '-qam', `all changed ${round}`);
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    const [d, ms] = await timed(() => diffPage({ dir, from: base, to: head, counts: 'page' }));
    if (d.totals.files !== files) throw new Error(`expected ${files} files, got ${d.totals.files}`);
    cold.push(ms);
    counts.push((await timed(() => diffCounts({ dir, from: base, to: head })))[1]);
    warm.push((await timed(() => diffPage({ dir, from: base, to: head, counts: 'page' })))[1]);
    next.push((await timed(() => diffPage({ dir, from: base, to: head, page: 1, counts: 'page' })))[1]);
    // The CLI's read of the same diff on a new commit (nothing cached): every count, then page 1.
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'again');
    const again = git(dir, 'rev-parse', 'HEAD^{tree}').trim();
    const fresh = git(dir, 'commit-tree', again, '-m', 'same tree').trim();
    cli.push((await timed(() => diffPage({ dir, from: base, to: fresh })))[1]);
    pages = d.pages;
    json = JSON.stringify(d).length;
  }
  console.log(
    `diff of ${files} changed files (80 lines each), ${pages} pages, first answer ${(json / 1024).toFixed(0)} KiB: ` +
      `list + page 1 counted, cold, median ${median(cold).toFixed(0)} ms; every count ${median(counts).toFixed(0)} ms; ` +
      `again (cached) ${median(warm).toFixed(1)} ms; page 2 ${median(next).toFixed(0)} ms; ` +
      `counts first then page 1 (the CLI) ${median(cli).toFixed(0)} ms (load ${(loadavg()[0] ?? 0).toFixed(1)})`,
  );
  rmSync(dir, { recursive: true, force: true });
}

await checkpointCost(500, 5);
await checkpointCost(5000, 5);
await checkpointCost(5000, 500);
await bigDiff(2000);
