// Where a browser terminal's main thread goes while it paints a flood (issue 16: rozi's painted
// `seq` throughput against wetty's DOM renderer). Runs the workload of bench/web-terminal.mjs once
// per peer and round, with a Chromium trace and a V8 CPU profile of the page around it, and prints:
//   - the painted time and MB/s, the terminal's size, how many writes and renders the page made;
//   - the renderer main thread: busy ms (top-level tasks) and self time by trace event (script,
//     style/layout/paint, GC, task overhead), also per MB;
//   - the JS self time by function (top entries, with script and position).
//
//   npx --no-install tsx bench/seq-profile.mjs [--mb 15] [--peers rozi,wetty-dom] [--rounds 1]
//       [--kind seq|colour] [--out DIR] [--top 25] [--setups JSON] [--labels JSON] [--no-profile]
//       [--replay] [--brief]
//
// --setups '["JS", …]' runs each variant in turn on the same page, every round (each JS runs in
// the page with `t` bound to its xterm Terminal), to try a hypothesis without a rebuild, e.g.
// '["t.options.scrollback = 5000", "t.options.scrollback = 1000"]'. --replay writes the workload's
// bytes (seq only, with the PTY's CRLF) into the page's own terminal in 32 KiB writes, 8 in
// flight, instead of running it in the shell: the page's cost alone, without the server or the
// socket. --no-profile keeps the trace (main-thread buckets) but not the CPU profiler, whose
// sampling slows the page. "on CPU" is the main thread's thread time (trace tdur): under a loaded
// box it moves less than wall time. --brief prints one line per run.
// --out DIR keeps each run's trace (open in chrome://tracing or DevTools) and .cpuprofile. The
// rozi measured is this checkout's build (npx --no-install turbo run build first); to A/B another
// commit, run this file from that checkout. Profiling slows both pages alike; compare the shares
// and the per-MB figures within one sitting, with the load average printed beside them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from '../e2e/lib/browser.ts';
import { startRozi } from '../e2e/lib/roziServer.ts';
import { colourFile, PICK, pageReady, seqFor, throughput, workloadCommand } from './browserThroughput.mjs';
import { startWetty } from './wettyPeer.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const MB = Number(opt('mb', '15'));
const PEERS = opt('peers', 'rozi,wetty-dom').split(',');
const ROUNDS = Number(opt('rounds', '1'));
const KIND = opt('kind', 'seq');
const OUT = opt('out', null);
const TOP = Number(opt('top', '25'));
const SETUPS = JSON.parse(opt('setups', '[""]'));
const LABELS = JSON.parse(opt('labels', 'null')) ?? SETUPS;
const REPLAY = args.includes('--replay');
const BRIEF = args.includes('--brief');
const PROFILE = !args.includes('--no-profile');

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
].join(',');

/** Counts the page's writes, bytes and renders while `run` goes (wrapping the terminal's write). */
const COUNTERS = `(pick) => {
  const t = (pick)();
  const c = (window.__seqCounts = { writes: 0, bytes: 0, renders: 0, rows: 0, sends: 0, cols: t.cols, termRows: t.rows, scrollback: t.options.scrollback });
  const write = t.write;
  t.write = function (data, cb) { c.writes++; c.bytes += data.length; return write.call(this, data, cb); };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { c.sends++; return send.call(this, data); };
  const sub = t.onRender(({ start, end }) => { c.renders++; c.rows += end - start + 1; });
  c.stop = () => { t.write = write; WebSocket.prototype.send = send; sub.dispose(); };
}`;

/** --replay: `lines` of seq output written into the page's terminal, timed to the painted end. */
const REPLAY_RUN = `async ({ pick, lines }) => {
  const t = pick();
  const enc = new TextEncoder();
  const chunks = [];
  let s = '';
  for (let i = 1; i <= lines; i++) { s += i + '\\r\\n'; if (s.length >= 32768) { chunks.push(enc.encode(s)); s = ''; } }
  const marker = 'END-' + Math.random().toString(36).slice(2);
  chunks.push(enc.encode(s + marker + '\\r\\n'));
  await new Promise((r) => t.write('\\x1b[H\\x1b[2J', r));
  const b = t.buffer.active;
  const seen = () => { for (let y = 0; y < t.rows; y++) { const l = b.getLine(b.viewportY + y); if (l && l.translateToString(true) === marker) return true; } return false; };
  const start = performance.now();
  let next = 0, inflight = 0;
  await new Promise((resolve) => {
    const pump = () => { while (inflight < 8 && next < chunks.length) { inflight++; t.write(chunks[next++], () => { inflight--; pump(); }); } };
    pump();
    const frame = () => (seen() ? resolve() : requestAnimationFrame(frame));
    requestAnimationFrame(frame);
  });
  return { ms: performance.now() - start, idleMs: 0 };
}`;

/** Self time of each trace event name on the busiest renderer main thread, and its busy time. */
function traceBuckets(events) {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const count = new Map();
  for (const e of events) {
    if (!mains.some((m) => m.pid === e.pid && m.tid === e.tid)) continue;
    const k = `${e.pid}:${e.tid}`;
    count.set(k, (count.get(k) ?? 0) + 1);
  }
  const main = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  let busy = 0;
  let cpu = 0;
  const stack = [];
  for (const e of mine) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent)
      self.set(parent.name, (self.get(parent.name) ?? 0) - Math.min(e.dur, parent.ts + parent.dur - e.ts));
    else {
      busy += e.dur;
      cpu += e.tdur ?? 0;
    }
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
    stack.push(e);
  }
  return {
    busyMs: busy / 1000,
    cpuMs: cpu / 1000,
    self: [...self.entries()].map(([name, us]) => ({ name, ms: us / 1000 })),
  };
}

/** Self time by function from a V8 CPU profile (ms), keyed by name + script + position. */
function profileBuckets(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const f = node.callFrame;
    const file = f.url ? f.url.replace(/^.*\//, '') : '';
    const key = `${f.functionName || '(anonymous)'} ${file}${f.url ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  }
  return [...self.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

/** One measured run on an open page: the workload (or its replay) under a trace and a profile. */
async function measureOnce(page, o, label) {
  const w = workloadCommand(KIND, o);
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  }
  await page.evaluate(`(${COUNTERS})(${o.pick})`);
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  if (PROFILE) await cdp.send('Profiler.start');
  const load = [loadavg()[0]];
  const run = REPLAY
    ? await page.evaluate(`(${REPLAY_RUN})({ pick: ${o.pick}, lines: ${o.seq.n} })`)
    : await throughput(page, o.pick, w);
  load.push(loadavg()[0]);
  const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const counts = await page.evaluate(
    '(() => { const c = window.__seqCounts; c.stop(); delete c.stop; return c; })()',
  );
  if (OUT) {
    mkdirSync(OUT, { recursive: true });
    const base = join(OUT, `${label.replace(/\W+/g, '-')}-${Date.now()}`);
    writeFileSync(`${base}.json`, JSON.stringify({ traceEvents: events }));
    if (profile) writeFileSync(`${base}.cpuprofile`, JSON.stringify(profile));
  }
  const bytes = REPLAY ? counts.bytes : w.bytes;
  return {
    name: label,
    run,
    load,
    counts,
    trace: traceBuckets(events),
    js: profile ? profileBuckets(profile) : [],
    bytes,
  };
}

/** A peer's page, opened once: every round runs each --setups variant on it in turn. */
async function profiled(name, o) {
  const browser = await openBrowser({ extraArgs: o.extraArgs });
  const { page } = browser;
  try {
    await page.goto(o.url);
    await pageReady(page, o.pick);
    await page.waitForTimeout(500);
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, setup] of SETUPS.entries()) {
        if (setup) await page.evaluate(`((t) => { ${setup} })((${o.pick})())`);
        const label = SETUPS.length > 1 ? `${name} [${LABELS[i]}]` : name;
        report(await measureOnce(page, o, label));
        await page.waitForTimeout(300);
      }
  } finally {
    await browser.close();
  }
}

function report(r) {
  const mb = r.bytes / 1e6;
  const c = r.counts;
  if (BRIEF) {
    // Blink's rendering steps on the main thread, per render: what a frame of the terminal costs.
    const RENDERING =
      /^(Commit|LocalFrameView::performLayout|Paint|Document::recalcStyle|PaintArtifactCompositor::Update|Blink\.\w+\.UpdateTime|InlineNode::ShapeTextIncludingFirstLine|Layerize|UpdateLayoutTree|Layout|PrePaint)$/;
    const rendering = r.trace.self.filter((b) => RENDERING.test(b.name)).reduce((n, b) => n + b.ms, 0);
    console.log(
      `${r.name}: ${(mb / (r.run.ms / 1000)).toFixed(2)} MB/s (${(r.run.ms / 1000).toFixed(2)} s), main thread ` +
        `busy ${(r.trace.busyMs / mb).toFixed(1)} ms/MB, on CPU ${(r.trace.cpuMs / mb).toFixed(1)} ms/MB, ` +
        `${c.writes} writes, ${c.renders} renders (${(rendering / Math.max(1, c.renders)).toFixed(2)} ms of rendering each), ` +
        `${c.sends} WebSocket sends; load ${r.load.map((l) => l.toFixed(1)).join(' → ')}`,
    );
    return;
  }
  console.log(
    `\n== ${r.name}: ${KIND} ${mb.toFixed(1)} MB painted in ${(r.run.ms / 1000).toFixed(2)} s ` +
      `(${(mb / (r.run.ms / 1000)).toFixed(2)} MB/s, parser idle ${(r.run.idleMs / 1000).toFixed(2)} s), ` +
      `load ${r.load.map((l) => l.toFixed(1)).join(' → ')}`,
  );
  console.log(
    `   terminal ${c.cols}×${c.termRows}, scrollback ${c.scrollback}; ${c.writes} writes ` +
      `(${Math.round(c.bytes / Math.max(1, c.writes))} B each), ${c.sends} WebSocket sends, ${c.renders} renders (${Math.round(c.rows / Math.max(1, c.renders))} rows each)`,
  );
  const busy = r.trace.busyMs;
  const cpu = r.trace.cpuMs;
  console.log(
    `   main thread busy ${busy.toFixed(0)} ms (${(busy / mb).toFixed(1)} ms/MB), on CPU ${cpu.toFixed(0)} ms ` +
      `(${(cpu / mb).toFixed(1)} ms/MB); self time by event:`,
  );
  for (const b of r.trace.self.sort((a, b) => b.ms - a.ms).slice(0, 14))
    console.log(
      `     ${b.ms.toFixed(0).padStart(6)} ms  ${(b.ms / mb).toFixed(1).padStart(6)} ms/MB  ${b.name}`,
    );
  if (r.js.length > 0) console.log('   JS self time by function (CPU profile):');
  for (const b of r.js.slice(0, TOP)) console.log(`     ${b.ms.toFixed(0).padStart(6)} ms  ${b.name}`);
}

async function main() {
  const seq = seqFor(MB * 1e6);
  const colour = colourFile(MB * 1e6);
  const peers = {
    rozi: async () => {
      const rozi = await startRozi();
      try {
        const url = new URL(rozi.url);
        url.searchParams.set('probe', '1');
        return await profiled('rozi', { url: url.toString(), pick: PICK.rozi, seq, colour });
      } finally {
        await rozi.dispose();
      }
    },
    'wetty-dom': async () => {
      const wetty = await startWetty();
      try {
        return await profiled('wetty (DOM)', {
          url: wetty.url,
          pick: PICK.wetty,
          seq,
          colour,
          extraArgs: ['--disable-webgl'],
        });
      } finally {
        await wetty.dispose();
      }
    },
  };
  try {
    for (const peer of PEERS) {
      if (!peers[peer]) throw new Error(`bench: unknown peer ${peer} (rozi, wetty-dom)`);
      await peers[peer]();
    }
  } finally {
    colour.dispose();
  }
}

await main();
