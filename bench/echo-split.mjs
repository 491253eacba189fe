// Where an echoed key's time goes in the page, rozi against wetty: keydown → parsed → the frame's
// start (the requestAnimationFrame timestamp of the frame that drew it) → xterm's onRender, and
// the rAF callbacks that ran in that frame before xterm drew (count and time). Also where each key
// fell after the previous echo's paint, which decides at a short --gap whether Chromium draws
// the echo at once or at its next vsync tick, and how long after a paint the bench heard of it
// (the page answers once its frame task ends: a DOM renderer's style, layout, paint and commit).
//   npx --no-install tsx bench/echo-split.mjs [--samples 40] [--peers rozi,wetty-dom] [--trace DIR]
import { openBrowser } from '../e2e/lib/browser.ts';
import { startRozi } from '../e2e/lib/roziServer.ts';
import { KEY_GAP_MS } from './browserEcho.mjs';
import { PICK, pageReady } from './browserThroughput.mjs';
import { startWetty } from './wettyPeer.mjs';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const opt = (n, d) => (args.indexOf(`--${n}`) >= 0 ? args[args.indexOf(`--${n}`) + 1] : d);
const SAMPLES = Number(opt('samples', '40'));
const PEERS = opt('peers', 'rozi,wetty-dom').split(',');
const TRACE = opt('trace', null);
/** Writes a CPU profile of the page over the samples to DIR/<peer>.cpuprofile. */
const PROFILE = opt('profile', null);
const EXTRA = opt('query', '');
/** CSS added to the page before measuring (A/B of a style change without a rebuild). */
const CSS = opt('css', '');
/** Pause between one key's echo painted and the next key (bench/browserEcho.mjs uses the same). */
const GAP = Number(opt('gap', String(KEY_GAP_MS)));

const PROBE = `(pick) => {
  const t = (pick)();
  const b = t.buffer.active;
  const line = () => { const l = b.getLine(b.baseY + b.cursorY); return l ? l.translateToString(true) : ''; };
  const raf = window.requestAnimationFrame.bind(window);
  const p = (window.__split = { s: null, frame: { ts: 0, calls: 0, cbMs: 0, names: {} } });
  // Every rAF callback timed, per frame (frames told apart by their timestamp).
  window.requestAnimationFrame = (cb) => raf((ts) => {
    if (p.frame.ts !== ts) p.frame = { ts, calls: 0, cbMs: 0, names: {}, start: performance.now() };
    const a = performance.now();
    try { cb(ts); } finally {
      const d = performance.now() - a;
      p.frame.calls++; p.frame.cbMs += d;
      const n = (cb.name || 'anon') ; p.frame.names[n] = (p.frame.names[n] || 0) + d;
    }
  });
  window.addEventListener('keydown', () => { if (p.s && p.s.key === null) { p.s.key = performance.now(); p.s.since = p.lastPaint === undefined ? NaN : p.s.key - p.lastPaint; } }, true);
  t.onWriteParsed(() => { const s = p.s; if (s && s.key !== null && s.parsed === null && s.expect && line().endsWith(s.expect)) s.parsed = performance.now(); });
  t.onRender(({ start, end }) => {
    const s = p.s;
    if (!s || s.parsed === null) return;
    const row = b.baseY + b.cursorY - b.viewportY;
    if (row < start || row > end) return;
    p.s = null;
    const now = performance.now();
    p.lastPaint = now;
    s.done({ since: s.since, paintEpoch: performance.timeOrigin + now, parsed: s.parsed - s.key, frameTs: p.frame.ts - s.key, cbStart: p.frame.start - s.key, painted: now - s.key, before: p.frame.calls, beforeMs: p.frame.cbMs, names: p.frame.names });
  });
  p.arm = (expect) => { p.pending = new Promise((done) => { p.s = { key: null, parsed: null, expect, done }; setTimeout(() => { if (p.s && p.s.done === done) { p.s = null; done(null); } }, 5000); }); };
}`;

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

async function run(name, { url, pick, extraArgs = [] }) {
  const browser = await openBrowser({ extraArgs });
  const { page } = browser;
  try {
    await page.goto(url);
    await pageReady(page, pick);
    // How long the page's WebSocket.send takes (both pages send each key over a WebSocket).
    await page.evaluate(() => {
      const send = WebSocket.prototype.send;
      window.__sendMs = [];
      WebSocket.prototype.send = function (data) {
        const a = performance.now();
        try {
          return send.call(this, data);
        } finally {
          window.__sendMs.push([
            performance.now() - a,
            typeof data === 'string' ? data.length : (data.byteLength ?? data.size),
          ]);
        }
      };
    });
    if (CSS) await page.addStyleTag({ content: CSS });
    await page.evaluate(`(${PROBE})(${pick})`);
    await page.evaluate(`(${pick})().focus()`);
    await page.keyboard.press('Control+U');
    await page.keyboard.type('#E');
    await page.waitForTimeout(300);
    const cdp = TRACE ? await page.context().newCDPSession(page) : null;
    const events = [];
    if (cdp) {
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
      await cdp.send('Tracing.start', {
        categories:
          'devtools.timeline,blink,cc,gpu,viz,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,toplevel,blink.user_timing',
        transferMode: 'ReportEvents',
      });
    }
    const prof = PROFILE ? await page.context().newCDPSession(page) : null;
    if (prof) {
      await prof.send('Profiler.enable');
      await prof.send('Profiler.setSamplingInterval', { interval: 50 });
      await prof.send('Profiler.start');
    }
    const rows = [];
    let typed = '#E';
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < SAMPLES; i++) {
      if (i > 0 && i % 40 === 0) {
        await page.keyboard.press('Control+U');
        await page.keyboard.type('#E');
        await page.waitForTimeout(100);
        typed = '#E';
      }
      typed += letters[i % 26];
      await page.evaluate(`window.__split.arm(${JSON.stringify(typed)})`);
      await page.keyboard.type(letters[i % 26]);
      const r = await page.evaluate('window.__split.pending');
      // How long after the paint the bench had the answer (both clocks are this machine's).
      if (r) rows.push({ ...r, answer: performance.timeOrigin + performance.now() - r.paintEpoch });
      await page.waitForTimeout(GAP);
    }
    if (prof) {
      const { profile } = await prof.send('Profiler.stop');
      writeFileSync(join(PROFILE, `${name.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
    }
    if (cdp) {
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(
        join(TRACE, `${name.replace(/\W+/g, '-')}.json`),
        JSON.stringify({ traceEvents: events }),
      );
    }
    const sends = await page.evaluate(() => window.__sendMs);
    console.log(
      `  WebSocket.send: ${sends.length} calls, p50 ${q(
        sends.map((x) => x[0]),
        0.5,
      ).toFixed(3)} ms, p90 ${q(
        sends.map((x) => x[0]),
        0.9,
      ).toFixed(3)} ms, sizes p50 ${q(
        sends.map((x) => x[1]),
        0.5,
      )}`,
    );
    const f = (k) =>
      `${q(
        rows.map((r) => r[k]),
        0.5,
      ).toFixed(2)}`;
    const names = {};
    for (const r of rows)
      for (const [n, v] of Object.entries(r.names)) names[n] = (names[n] || 0) + v / rows.length;
    console.log(
      `${name} (load ${loadavg()[0].toFixed(2)}, n=${rows.length}): p50 parsed ${f('parsed')} | frame ts ${f('frameTs')} | first rAF cb ${f('cbStart')} | painted ${f('painted')} ms; rAF cbs before paint p50 ${f('before')} (${f('beforeMs')} ms); parse→painted p50 ${q(
        rows.map((r) => r.painted - r.parsed),
        0.5,
      ).toFixed(2)}, parse→frameTs ${q(
        rows.map((r) => r.frameTs - r.parsed),
        0.5,
      ).toFixed(2)}, cbStart→painted ${q(
        rows.map((r) => r.painted - r.cbStart),
        0.5,
      ).toFixed(2)}`,
    );
    // A frame that starts within 2 ms of the parse was available at once; the others waited for
    // the next BeginFrame tick (Chromium had already spent the tick after the previous frame).
    const soon = rows.filter((r) => r.cbStart - r.parsed < 2);
    console.log(
      `  frame at once for ${soon.length}/${rows.length}; their parse→painted p50 ${
        soon.length
          ? q(
              soon.map((r) => r.painted - r.parsed),
              0.5,
            ).toFixed(2)
          : '-'
      } ms, painted p50 ${
        soon.length
          ? q(
              soon.map((r) => r.painted),
              0.5,
            ).toFixed(2)
          : '-'
      } ms; the others' painted p50 ${
        rows.length > soon.length
          ? q(
              rows.filter((r) => !soon.includes(r)).map((r) => r.painted),
              0.5,
            ).toFixed(2)
          : '-'
      } ms`,
    );
    // Where each key fell after the previous echo's paint (the bench's own pace: the answer to the
    // awaited paint, the pause, the next arm and the key), and which of them got a frame at once.
    const timed = rows.filter((r) => Number.isFinite(r.since));
    const bands = [0, 23, 26, 29, 32, Infinity].slice(0, -1).map((lo, i, a) => [lo, a[i + 1] ?? Infinity]);
    console.log(
      `  previous paint → key p50 ${q(
        timed.map((r) => r.since),
        0.5,
      ).toFixed(1)} ms (paint → the bench has the answer p50 ${q(
        rows.map((r) => r.answer),
        0.5,
      ).toFixed(1)} ms); at once by that gap: ${bands
        .map(([lo, hi]) => {
          const b = timed.filter((r) => r.since >= lo && r.since < hi);
          const once = b.filter((r) => r.cbStart - r.parsed < 2).length;
          return b.length ? `${lo}–${hi === Infinity ? '' : hi} ms ${once}/${b.length}` : null;
        })
        .filter(Boolean)
        .join(', ')}`,
    );
    if (process.env.SPLIT_ALL)
      for (const r of rows.sort((a, b) => a.painted - b.painted))
        console.log(
          `   since paint ${r.since.toFixed(1)} key→parsed ${r.parsed.toFixed(1)} frameTs ${r.frameTs.toFixed(1)} cb ${r.cbStart.toFixed(1)} painted ${r.painted.toFixed(1)}`,
        );
    console.log(
      `  mean ms per frame by rAF callback name: ${JSON.stringify(Object.fromEntries(Object.entries(names).map(([k, v]) => [k, +v.toFixed(2)])))}`,
    );
  } finally {
    await browser.close();
  }
}

for (const peer of PEERS) {
  if (peer.startsWith('rozi')) {
    const rozi = await startRozi();
    try {
      const url = new URL(rozi.url);
      url.searchParams.set('probe', '1');
      for (const kv of EXTRA.split('&').filter(Boolean)) url.searchParams.set(...kv.split('='));
      await run(peer, { url: url.toString(), pick: PICK.rozi });
    } finally {
      await rozi.dispose();
    }
  } else {
    const wetty = await startWetty();
    try {
      await run(peer, {
        url: wetty.url,
        pick: PICK.wetty,
        extraArgs: peer === 'wetty-dom' ? ['--disable-webgl'] : [],
      });
    } finally {
      await wetty.dispose();
    }
  }
}
