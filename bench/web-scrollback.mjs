// What a pane's scrollback costs the page: the JS heap (after a forced GC) with one pane at an
// empty prompt, then after `seq` has filled its scrollback (config `scrollback`, default 5,000
// lines), for the default and for BENCH_SCROLLBACK lines set in config.toml. The page holds a
// window of 1,000 lines of it (apps/web terminal/historyWindow.ts), so each is measured twice:
// with the window full, and with the whole history loaded (the view scrolled to the top). xterm.js
// keeps every line as cols × 3 uint32 whatever its text, so figures are also per 80 columns.
//
//   npx --no-install tsx bench/web-scrollback.mjs
//
// Needs the web app built (npx --no-install turbo run build --filter=@rozi/web).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from '../e2e/lib/browser.ts';
import { startRozi } from '../e2e/lib/roziServer.ts';

const OTHER = Number(process.env.BENCH_SCROLLBACK ?? 1000);
/** The server's default `scrollback` (apps/server server/defaults.ts). */
const DEFAULT_SCROLLBACK = 5000;
const load = () => loadavg()[0].toFixed(1);

/** JS heap plus ArrayBuffer backing stores (where xterm's lines live), after a forced GC. */
async function heapMB(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const u = await cdp.send('Runtime.getHeapUsage');
  return { heap: u.usedSize / 1e6, buffers: (u.backingStorageSize ?? NaN) / 1e6 };
}

const terminal = (page) =>
  page.evaluate(() => {
    const t = [...window.__roziTerminals.values()][0];
    return { cols: t.cols, rows: t.rows, scrollback: t.options.scrollback, lines: t.buffer.active.length };
  });

async function measure(scrollback) {
  const server = await startRozi();
  if (scrollback !== null) {
    const dir = join(server.home, '.config', 'rozi');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.toml'), `scrollback = ${scrollback}\n`);
    // The first pane started before the file: a new one reads it.
    await server.cli(['new-pane', '--focus']);
    await server.cli(['kill-pane', '-t', '1']);
  }
  const browser = await openBrowser({ viewport: { width: 900, height: 860 } });
  try {
    const { page, context } = browser;
    const url = new URL(server.url);
    url.searchParams.set('probe', '1');
    await page.goto(url.toString());
    await page.waitForFunction(() => window.__roziTerminals?.size === 1, undefined, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Runtime.enable');
    await page.waitForTimeout(1500);
    const before = await heapMB(cdp);
    const t0 = await terminal(page);
    await page.locator('.xterm').first().click();
    await page.keyboard.type(`seq 1 ${(scrollback ?? DEFAULT_SCROLLBACK) + t0.rows + 100}; echo fi""lled\n`);
    await page.waitForFunction(
      () => {
        const b = [...window.__roziTerminals.values()][0].buffer.active;
        for (let y = b.length - 1; y >= Math.max(0, b.length - 5); y--)
          if (b.getLine(y)?.translateToString(true) === 'filled') return true;
        return false;
      },
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(500);
    const figures = async () => {
      const after = await heapMB(cdp);
      const t = await terminal(page);
      const mb = after.heap + after.buffers - (before.heap + before.buffers);
      return {
        ...t,
        mb,
        heap: after.heap - before.heap,
        buffers: after.buffers - before.buffers,
        per80: (mb * 80) / t.cols,
      };
    };
    const held = await figures();
    // To the top: the page fetches what it left to the server (nothing when it holds it all).
    await page.evaluate(() => [...window.__roziTerminals.values()][0].scrollToTop());
    if ((scrollback ?? DEFAULT_SCROLLBACK) > held.scrollback)
      await page.waitForFunction(
        (lines) => [...window.__roziTerminals.values()][0].buffer.active.length > lines,
        held.lines,
        { timeout: 30_000 },
      );
    await page.waitForTimeout(1000);
    return { held, full: await figures() };
  } finally {
    await browser.close();
    await server.dispose();
  }
}

const load0 = load();
for (const sb of [null, OTHER]) {
  const { held, full } = await measure(sb);
  for (const [what, r] of [
    ["the page's window", held],
    ['the whole history loaded', full],
  ])
    console.log(
      `scrollback ${sb ?? DEFAULT_SCROLLBACK} (${sb === null ? 'default' : 'config.toml'}), ${what}: ${r.lines} lines at ${r.cols}×${r.rows}; ` +
        `page +${r.mb.toFixed(1)} MB (JS heap +${r.heap.toFixed(1)}, array buffers +${r.buffers.toFixed(1)}), ` +
        `${r.per80.toFixed(1)} MB per pane at 80 columns`,
    );
}
console.log(`load ${load0} → ${load()}`);
process.exit(0);
