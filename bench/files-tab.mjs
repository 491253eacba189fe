// The Files tab on a 100,000-file tree (issue 20 item 5, "Done when"): first paint of the tab,
// expanding a 1,000-entry directory, the server's memory, and the server's CPU while idle with
// the tab open (and, for comparison, with the Panes tab showing instead).
//
//   npx --no-install tsx bench/files-tab.mjs [--runs 5] [--idle-seconds 30] [--no-git]
//
// Needs the web app built (npx --no-install turbo run build --filter=@rozi/web). The tree is
// built in a temp dir: 100 directories × 1,000 files (a git repository with one commit and a few
// changed files unless --no-git, so the tab's git markers run the real git on 100,000 files).
// First paint = navigation start → the first tree row drawn, with the pane already in the tree.
// Expanding = → on a 1,000-entry directory until its first row is drawn; End = to the tree's last row.
// CPU = the server process's user+system time from /proc over the idle window.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser } from '../e2e/lib/browser.ts';
import { startRozi } from '../e2e/lib/roziServer.ts';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(opt('runs', '5'));
const IDLE_S = Number(opt('idle-seconds', '30'));
const GIT = !args.includes('--no-git');
const DIRS = 100;
const PER_DIR = 1000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** The server's pid: the process listening on its port. */
function serverPid(port) {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const m = /pid=(\d+)/.exec(out);
  if (!m) throw new Error(`no process listens on port ${port}`);
  return Number(m[1]);
}
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
function cpuSeconds(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / ticksPerSecond; // utime, stime
}

async function call(page, path, input) {
  return page.evaluate(
    async ([p, i]) => {
      const r = await fetch(`/trpc/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(i),
      });
      const body = await r.json();
      if (!body.result) throw new Error(`${p}: ${JSON.stringify(body.error)}`);
      return body.result.data;
    },
    [path, input],
  );
}

const server = await startRozi();
const browser = await openBrowser({ viewport: { width: 1280, height: 800 } });
try {
  const tree = join(server.home, 'big');
  let t0 = performance.now();
  for (let d = 0; d < DIRS; d++) {
    const dir = join(tree, `d${String(d).padStart(3, '0')}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < PER_DIR; f++) writeFileSync(join(dir, `f${f}.txt`), '');
  }
  console.log(`built ${DIRS * PER_DIR} files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (GIT) {
    t0 = performance.now();
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'b',
      GIT_AUTHOR_EMAIL: 'b@b',
      GIT_COMMITTER_NAME: 'b',
      GIT_COMMITTER_EMAIL: 'b@b',
      GIT_CONFIG_GLOBAL: '/dev/null',
    };
    for (const a of [
      ['init', '-q', '-b', 'main'],
      ['add', '-A'],
      ['commit', '-qm', 'tree'],
    ])
      execFileSync('git', a, { cwd: tree, env });
    for (let d = 0; d < 5; d++) writeFileSync(join(tree, `d00${d}`, 'f1.txt'), 'changed\n');
    console.log(`committed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const pid = serverPid(server.port);
  const { page } = browser;
  await page.goto(server.url);
  await page.locator('section[data-pane-id="1"]').waitFor({ timeout: 60_000 });
  await call(page, 'panes.sendText', { target: 1, text: `cd ${tree}\r` });
  const files = page.locator('aside').first().locator('[data-builtin-tab="files"]');
  await files.locator(`[data-files-root="${tree}"]`).waitFor({ timeout: 60_000 });

  const paints = [];
  const pageReady = [];
  for (let i = 0; i < RUNS; i++) {
    await page.reload();
    // The page's own first paint of the workspace (the sidebar's session row), for comparison.
    await page.locator('aside').first().getByText('main').first().waitFor({ timeout: 60_000 });
    pageReady.push(await page.evaluate(() => performance.now()));
    await files.locator('button[data-rel="d000"]').waitFor({ timeout: 60_000 });
    paints.push(await page.evaluate(() => performance.now()));
  }
  // The server's part: one listing of a 1,000-entry directory and one git state, timed from the page.
  const timed = async (path, input) =>
    page.evaluate(
      async ([p, i]) => {
        const t = performance.now();
        const r = await fetch(`/trpc/${p}?input=${encodeURIComponent(JSON.stringify(i))}`);
        const body = await r.json();
        if (!body.result) throw new Error(`${p}: ${JSON.stringify(body.error)}`);
        return Math.round(performance.now() - t);
      },
      [path, input],
    );
  const listMs = [];
  const gitMs = [];
  for (let i = 0; i < RUNS; i++) {
    listMs.push(await timed('files.list', { key: 1, view: 'files', rel: `d09${i}` }));
    gitMs.push(await timed('files.git', { key: 1, view: 'files' }));
  }
  // The tab draws only the rows in view (sidebar/rowWindow.ts): expanding is timed to the
  // directory's first row drawn, and End to the last row of the tree (1,000+ rows further down).
  const expands = [];
  const ends = [];
  for (let i = 0; i < RUNS; i++) {
    const row = files.locator(`button[data-rel="d00${i}"]`);
    await row.focus();
    let start = Date.now();
    await page.keyboard.press('ArrowRight');
    await files.locator(`button[data-rel="d00${i}/f0.txt"]`).waitFor({ timeout: 60_000 });
    expands.push(Date.now() - start);
    start = Date.now();
    await page.keyboard.press('End');
    await files.locator('button[data-rel="d099"]').waitFor({ timeout: 60_000 });
    ends.push(Date.now() - start);
    // Back up and collapse it again, so the next directory is drawn near the top.
    await page.keyboard.press('Home');
    await row.focus({ timeout: 60_000 });
    await page.keyboard.press('ArrowLeft');
    await files.locator(`button[data-rel="d00${i}/f0.txt"]`).waitFor({ state: 'detached', timeout: 60_000 });
  }
  await page.waitForTimeout(2000);
  const rssOpen = rssMiB(pid);
  const c0 = cpuSeconds(pid);
  await page.waitForTimeout(IDLE_S * 1000);
  const cpuOpen = ((cpuSeconds(pid) - c0) / IDLE_S) * 100;
  // The same page with the Panes tab showing: the Files tab unmounted, nothing polled or watched.
  await page.locator('aside').first().getByRole('tab', { name: 'Panes' }).click();
  await page.waitForTimeout(35_000); // the watch leases lapse
  const c1 = cpuSeconds(pid);
  await page.waitForTimeout(IDLE_S * 1000);
  const cpuHidden = ((cpuSeconds(pid) - c1) / IDLE_S) * 100;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    JSON.stringify(
      {
        files: DIRS * PER_DIR,
        git: GIT,
        page_ready_ms: { median: Math.round(median(pageReady)), all: pageReady.map(Math.round) },
        first_paint_ms: { median: Math.round(median(paints)), all: paints.map(Math.round) },
        server_list_1000_ms: { median: median(listMs), all: listMs },
        server_git_100k_ms: { median: median(gitMs), all: gitMs },
        expand_1000_ms: { median: median(expands), all: expands },
        end_key_to_last_row_ms: { median: median(ends), all: ends },
        server_rss_mib: Math.round(rssOpen),
        server_cpu_idle_tab_open_pct: Number(cpuOpen.toFixed(2)),
        server_cpu_idle_tab_hidden_pct: Number(cpuHidden.toFixed(2)),
        load,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.dispose();
}
