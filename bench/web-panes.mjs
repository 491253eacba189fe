// Many live panes in one browser page (issue 16.2): page memory and frame time with 1, 8 and 24
// panes in one tab and 64 across 8 tabs, every pane printing a line every STREAM_MS; and key echo
// (keydown → painted) in pane 1 while 8 other panes stream, both that gentle stream and `yes`.
//
//   npx --no-install tsx bench/web-panes.mjs [--samples 60] [--seconds 5]
//
// Needs the web app built (npx --no-install turbo run build --filter=@rozi/web). Memory is the JS
// heap after a forced GC plus the DOM node count (Chromium's CDP Performance metrics); frame time
// is the interval between requestAnimationFrame callbacks over --seconds (p50 / p99 / max).
import { openBrowser } from '../e2e/lib/browser.ts';
import { startRozi } from '../e2e/lib/roziServer.ts';
import { echoSamples } from './browserEcho.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SAMPLES = Number(opt('samples', '60'));
const SECONDS = Number(opt('seconds', '5'));
const STREAM_MS = 100;
// Builtins only (printf's clock, read -t on a descriptor nobody writes as the sleep): 64 panes
// forking `date` and `sleep` ten times a second each loaded the shared machine more than the page.
const STREAM = `exec 9<> <(:); while :; do printf '%(%T)T.%s\\n' -1 $RANDOM; read -t ${STREAM_MS / 1000} -u 9; done`;
const PICK = `() => { const m = window.__roziTerminals; return m && m.size ? [...m.values()][0] : null; }`;

/** tRPC from inside the page (its cookie authenticates). */
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

/**
 * Splits tab `tab` until it holds `count` panes in columns of up to 8 (`columns`, the pane ids
 * per column, grows in place so a later call adds to the same layout); returns every id.
 */
async function fillTab(page, o) {
  // Shell panes told to run the stream, so Ctrl-C gives a prompt back instead of closing them.
  const split = async (target, direction) => {
    const id = (await call(page, 'panes.split', { target, direction, focus: false })).pane.id;
    await call(page, 'panes.sendText', { target: id, text: `${STREAM}\r` });
    return id;
  };
  const total = () => o.columns.reduce((n, c) => n + c.length, 0);
  while (total() < o.count) {
    const open = o.columns.find((c) => c.length < 8);
    if (open) open.push(await split(open[0], 'column'));
    else o.columns.push([await split(o.columns.at(-1)[0], 'row')]);
  }
  await call(page, 'panes.equalize', { tab: o.tab });
  return o.columns.flat();
}

async function frameTimes(page) {
  return page.evaluate(async (seconds) => {
    const gaps = [];
    let last = performance.now();
    const end = last + seconds * 1000;
    await new Promise((resolve) => {
      const frame = (now) => {
        gaps.push(now - last);
        last = now;
        if (now < end) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
    gaps.sort((a, b) => a - b);
    const q = (p) => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))];
    return { p50: q(0.5), p99: q(0.99), max: gaps.at(-1), frames: gaps.length };
  }, SECONDS);
}

async function memory(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { heapMB: get('JSHeapUsedSize') / 1e6, nodes: get('Nodes') };
}

/** Every terminal on the page shows output newer than `since` (its last printed time of day). */
async function liveTerminals(page) {
  return page.evaluate(() => {
    const terms = [...window.__roziTerminals.values()];
    const stamps = terms.map((t) => {
      const b = t.buffer.active;
      for (let y = b.length - 1; y >= 0; y--) {
        const m = /^(\d\d):(\d\d):(\d\d)\.\d+/.exec(b.getLine(y)?.translateToString(true) ?? '');
        if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
      }
      return null;
    });
    return { terminals: terms.length, stamps };
  });
}

async function measureLayout(page, cdp, label) {
  await page.waitForTimeout(1500);
  const mem = await memory(cdp);
  const frames = await frameTimes(page);
  const live = await liveTerminals(page);
  const now = new Date();
  const secs = now.getUTCHours() * 3600 + now.getUTCMinutes() * 60 + now.getUTCSeconds();
  // Server and page share the clock: a terminal is live when its newest line is under 3 s old.
  const ages = live.stamps.map((s) => (s === null ? Infinity : Math.max(0, secs - s)));
  const fresh = ages.filter((a) => a <= 3).length;
  const worst = Math.max(...ages);
  console.error(`bench: ${label}: ${fresh}/${live.terminals} terminals live, oldest newest line ${worst} s`);
  return { label, ...mem, frames, live: `${fresh}/${live.terminals} (oldest ${worst} s)` };
}

async function main() {
  const rozi = await startRozi({ env: { TZ: 'UTC' } });
  const browser = await openBrowser({ viewport: { width: 1600, height: 1000 } });
  const { page, context } = browser;
  const rows = [];
  const echoes = [];
  const switches = [];
  try {
    const url = new URL(rozi.url);
    url.searchParams.set('probe', '1');
    await page.goto(url.toString());
    await page.locator('section[data-pane-id="1"] .xterm').waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await call(page, 'panes.sendText', { target: 1, text: `${STREAM}\r` });
    rows.push(await measureLayout(page, cdp, '1 pane'));

    // 8 streaming panes beside pane 1 (9 in all): echo in pane 1, first gently, then with `yes`.
    const tab1 = [[1]];
    await fillTab(page, { tab: 1, columns: tab1, count: 8 });
    rows.push(await measureLayout(page, cdp, '8 panes'));
    await call(page, 'panes.sendText', { target: 1, text: '\x03' });
    const eight = await fillTab(page, { tab: 1, columns: tab1, count: 9 });
    await page.waitForTimeout(1500);
    echoes.push({
      label: 'pane 1 while 8 panes print a line / 100 ms',
      ...(await echoSamples(page, PICK, { samples: SAMPLES })),
    });
    for (const id of eight.slice(1)) await call(page, 'panes.sendText', { target: id, text: '\x03yes\r' });
    await page.waitForTimeout(1500);
    echoes.push({
      label: 'pane 1 while 8 panes stream yes',
      ...(await echoSamples(page, PICK, { samples: SAMPLES })),
    });
    rows.push({
      label: '9 panes, 8 on yes',
      ...(await memory(cdp)),
      frames: await frameTimes(page),
      live: '—',
    });
    for (const id of eight.slice(1))
      await call(page, 'panes.sendText', { target: id, text: `\x03${STREAM}\r` });
    await call(page, 'panes.sendText', { target: 1, text: `${STREAM}\r` });
    rows.push(await measureLayout(page, cdp, '9 panes (1 + 8)'));

    await fillTab(page, { tab: 1, columns: tab1, count: 24 });
    rows.push(await measureLayout(page, cdp, '24 panes, one tab'));

    // 64 across tabs: 5 more tabs of 8 on top of the 24. The page mounts the shown tab's
    // terminals only; the others stream on the server and are drawn from its replay on a switch.
    const tabs = [];
    for (let t = 0; t < 5; t++) {
      const created = await call(page, 'tabs.create', { select: false });
      await call(page, 'panes.sendText', { target: created.pane.id, text: `${STREAM}\r` });
      await fillTab(page, { tab: created.tab, columns: [[created.pane.id]], count: 8 });
      tabs.push(created.tab);
    }
    rows.push(await measureLayout(page, cdp, '64 panes, 6 tabs (24 shown)'));
    for (const tab of [...tabs, 1]) {
      const t0 = Date.now();
      await call(page, 'tabs.select', { tab });
      const want = tab === 1 ? 24 : 8;
      await page.waitForFunction(
        (n) => {
          const terms = [...window.__roziTerminals.values()];
          return (
            terms.length === n &&
            terms.every((t) =>
              /\d\d:\d\d:\d\d\./.test(
                t.buffer.active
                  .getLine(t.buffer.active.baseY + t.buffer.active.cursorY - 1)
                  ?.translateToString(true) ?? '',
              ),
            )
          );
        },
        want,
        { timeout: 60_000, polling: 50 },
      );
      switches.push(Date.now() - t0);
    }
    rows.push(await measureLayout(page, cdp, '64 panes, back on the 24-pane tab'));
  } finally {
    await browser.close();
    await rozi.dispose();
  }

  const f = (v) => (Number.isFinite(v) ? v.toFixed(1) : '—');
  console.log('layout | JS heap after GC (MB) | DOM nodes | frame p50 / p99 / max (ms) | live terminals');
  for (const r of rows)
    console.log(
      `${r.label} | ${f(r.heapMB)} | ${r.nodes} | ${f(r.frames.p50)} / ${f(r.frames.p99)} / ${f(r.frames.max)} | ${r.live}`,
    );
  const sorted = [...switches].sort((a, b) => a - b);
  console.log(
    `tab switch → every pane of the tab drawn with fresh output: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms (${switches.join(', ')})`,
  );
  console.log('echo | parsed p50 / p99 (ms) | painted p50 / p99 (ms)');
  for (const e of echoes)
    console.log(
      `${e.label} | ${f(e.parsed.p50)} / ${f(e.parsed.p99)} | ${f(e.painted.p50)} / ${f(e.painted.p99)}`,
    );
}

await main();
