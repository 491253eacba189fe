// The Changes view with a 2,000-file diff (issue 22), measured in Chromium against a real server:
// from the click on the pane's branch chip to the file list shown (windowed: it knows all 2,000
// rows and draws those in sight), to every file's line counts shown, and to the first page's
// first hunks drawn. Cold: a freshly loaded page (nothing in its query cache) opening a state the
// view never showed; reopened (the server's cache, diff.ts); Next page; files rewritten just
// before the click (the snapshot must hash them all); and the first open after a server restart.
// An agent's worktree whose 2,000 files are all edited and not committed, as an agent leaves them.
//
//   npx --no-install tsx bench/worktrees-view.mjs [--files 2000] [--rounds 3]
//
// Needs the web app built (npx --no-install turbo run build --filter=@rozi/web).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { openBrowser, SCREENSHOT_DIR } from '../e2e/lib/browser.ts';
import { startRozi } from '../e2e/lib/roziServer.ts';
import { openWorkspace } from '../e2e/lib/workspaceProbe.ts';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const FILES = opt('files', 2000);
const ROUNDS = opt('rounds', 3);

const git = (cwd, ...a) => execFileSync('git', a, { cwd, encoding: 'utf8' });
const fileText = (i, variant) =>
  Array.from({ length: 40 }, (_, l) => `export const v${i}_${l} = '${variant}-${l}';`).join('\n') + '\n';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const server = await startRozi();
const browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
try {
  writeFileSync(join(server.home, '.gitconfig'), '[user]\n\tname = Bench\n\temail = bench@example.test\n');
  const repo = join(server.home, 'big');
  for (let i = 0; i < FILES; i++) {
    mkdirSync(join(repo, `pkg${i % 50}`), { recursive: true });
    writeFileSync(join(repo, `pkg${i % 50}`, `file${i}.ts`), fileText(i, 'a'));
  }
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  const made = JSON.parse(
    await server.cli([
      '--format',
      'json',
      'agents',
      'new',
      '--worktree',
      '--branch',
      'agent/big',
      '--cwd',
      repo,
      '--argv',
      'sh',
      '-c',
      'sleep 3600',
    ]),
  ).data; // rozi's response {"ok":true,"data":…}
  const worktree = made.worktree.path;
  const { page } = browser;
  await openWorkspace(page, server.url);
  const chip = page.locator('[data-worktree-chip="agent/big"]').first();
  await chip.waitFor({ timeout: 60_000 });

  const panel = page.locator('[data-changes-panel]');
  // The list: the windowed file list knows all FILES rows (data-file-count) and draws those in sight.
  const listed = () =>
    page.waitForFunction(
      (files) => {
        const list = document.querySelector('[data-changes-panel] [data-file-list]');
        return (
          Number(list?.getAttribute('data-file-count')) === files &&
          list.querySelector('[data-file-row]') !== null
        );
      },
      FILES,
      { polling: 'raf', timeout: 300_000 },
    );
  const drawn = (pageLabel, variant) =>
    page.waitForFunction(
      ([label, text]) => {
        const p = document.querySelector('[data-changes-panel]');
        if (!p) return false;
        const hunks = p.querySelectorAll('[data-diff-file] tr, [data-diff-file] [data-row]').length;
        const at = p.querySelector('[data-diff-page]')?.textContent ?? '';
        // This round's text: never the hunks of an earlier state.
        const body = p.querySelector('[data-diff-body]')?.textContent ?? '';
        return hunks > 0 && at.startsWith(label) && body.includes(text);
      },
      [pageLabel, variant],
      { polling: 'raf', timeout: 300_000 },
    );
  // Every file's counts shown (the totals no longer say "counting lines…").
  const counted = () =>
    page.waitForFunction(
      () => {
        const t = document.querySelector('[data-changes-panel] [data-diff-totals]');
        return t !== null && !t.hasAttribute('data-counting') && /\+\d+/.test(t.textContent ?? '');
      },
      undefined,
      { polling: 'raf', timeout: 300_000 },
    );
  const open = async (variant) => {
    const t0 = performance.now();
    await chip.evaluate((el) => el.click());
    const [list, counts, hunks] = await Promise.all([
      listed().then(() => performance.now() - t0),
      counted().then(() => performance.now() - t0),
      drawn('Page 1 ', `'${variant}-`).then(() => performance.now() - t0),
    ]);
    return { list, counts, hunks };
  };
  const close = async () => {
    await page.evaluate(() =>
      document.querySelector('[data-changes-panel] button[aria-label="Close changes"]')?.click(),
    );
    await panel.waitFor({ state: 'detached', timeout: 120_000 });
  };
  /** The pane's worktree stamp as the server's workspace says it (changes once it has snapshotted). */
  const stamp = () =>
    page.evaluate(async () => {
      const r = await fetch('/trpc/workspace.get');
      const panes = (await r.json()).result.data.panes;
      return panes.find((p) => p.worktree)?.worktree?.stamp ?? '';
    });
  const rewrite = (variant) => {
    for (let i = 0; i < FILES; i++)
      writeFileSync(join(worktree, `pkg${i % 50}`, `file${i}.ts`), fileText(i, variant));
  };
  /** A fresh page: nothing of an earlier open in the browser's query cache. */
  const freshPage = async () => {
    await openWorkspace(page, server.url);
    await chip.waitFor({ timeout: 120_000 });
  };

  const cold = [];
  const again = [];
  const next = [];
  const worst = [];
  const loads = [];
  const ms = (x) => x.toFixed(0);
  for (let round = 0; round < ROUNDS; round++) {
    // Cold: every file edited, the server's status re-read has taken its snapshot (as after an
    // agent's turn), the view never opened on this state, and a freshly loaded page.
    const before = await stamp();
    rewrite(`r${round}`);
    const t = Date.now();
    while ((await stamp()) === before && Date.now() - t < 120_000)
      await new Promise((r) => setTimeout(r, 200));
    await freshPage();
    loads.push(loadavg()[0]);
    cold.push(await open(`r${round}`));
    await close();
    again.push(await open(`r${round}`));
    const t0 = performance.now();
    // A click through the DOM, as a person's click would land (Playwright's wait for a stable box
    // is not what is measured here).
    await page.evaluate(() =>
      [...document.querySelectorAll('[data-changes-panel] button')]
        .find((b) => b.textContent === 'Next')
        ?.click(),
    );
    await drawn('Page 2 ', `'r${round}-`);
    next.push(performance.now() - t0);
    await close();
    // Worst: a fresh page, and every file rewritten just before the click (nothing snapshotted).
    await freshPage();
    rewrite(`w${round}`);
    worst.push(await open(`w${round}`));
    await close();
    const [c, a, w] = [cold.at(-1), again.at(-1), worst.at(-1)];
    console.log(
      `round ${round + 1} (load ${loads.at(-1).toFixed(1)}): cold list ${ms(c.list)} / counts ${ms(c.counts)} / hunks ${ms(c.hunks)} ms, ` +
        `again list ${ms(a.list)} / hunks ${ms(a.hunks)} ms, next ${ms(next.at(-1))} ms, ` +
        `rewritten just before: list ${ms(w.list)} / counts ${ms(w.counts)} / hunks ${ms(w.hunks)} ms`,
    );
  }
  // The first open after a server start, of a worktree the last server already snapshotted: the
  // private index survives the restart (so add -A hashes nothing), the diff cache does not (the
  // file list and page 1 are read again). The pane comes back with the session.
  await server.restart();
  await freshPage();
  const restartLoad = loadavg()[0];
  const restarted = await open(`w${ROUNDS - 1}`);
  await close();
  // For the README: the view as it first shows, the list there and the lines still being counted.
  await freshPage();
  rewrite('shot');
  await chip.evaluate((el) => el.click());
  await listed();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'worktrees-2000-files.png') });
  await counted();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'worktrees-2000-files-counted.png') });
  const f = (xs) => `median ${ms(median(xs))} ms (${xs.map(ms).join(', ')})`;
  console.log(
    `Changes view, ${FILES} changed files (uncommitted), 1440x900, ${cpus().length} cores, 1-min load ${loads.map((l) => l.toFixed(1)).join(', ')}:`,
  );
  console.log(`  click → file list shown, cold:               ${f(cold.map((x) => x.list))}`);
  console.log(`  click → every file's counts shown, cold:     ${f(cold.map((x) => x.counts))}`);
  console.log(`  click → page 1's first hunks drawn, cold:    ${f(cold.map((x) => x.hunks))}`);
  console.log(`  reopen, worktree unchanged (list):           ${f(again.map((x) => x.list))}`);
  console.log(`  reopen (hunks):                              ${f(again.map((x) => x.hunks))}`);
  console.log(`  Next → page 2 drawn:                         ${f(next)}`);
  console.log(`  files rewritten just before the click, list: ${f(worst.map((x) => x.list))}`);
  console.log(`  … counts:                                    ${f(worst.map((x) => x.counts))}`);
  console.log(`  … hunks:                                     ${f(worst.map((x) => x.hunks))}`);
  console.log(
    `  first open after a server restart, worktree unchanged (load ${restartLoad.toFixed(1)}): list ${ms(restarted.list)} / counts ${ms(restarted.counts)} / hunks ${ms(restarted.hunks)} ms`,
  );
} finally {
  await browser.close();
  await server.dispose();
}
