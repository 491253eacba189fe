// Browser terminal benchmark: rozi's web workspace against wetty (a plain node-pty + xterm.js
// web terminal from npm) in the same run, the same Chromium and the same measuring code.
//
//   npx --no-install tsx bench/web-terminal.mjs [--mb 50] [--samples 200] [--wetty DIR] [--server-mib 20]
//       [--peers rozi,rozi-webgl,rozi-bg100,wetty,wetty-dom] [--figures echo,seq,colour,busy] [--rounds 1]
//       [--key-gap 100] [--wetty-scrollback N] [--rozi-scrollback N]
//
// The figures in one run (the command in bench/README.md and README's bench section):
//   npx --no-install tsx bench/web-terminal.mjs --mb 15 --samples 50 --server-mib 20
//
// Needs the web app built (npx --no-install turbo run build --filter=@rozi/web). wetty is
// installed into a temp directory outside the repo on first use (npm install wetty@3.2.0), or
// taken from --wetty DIR (a directory whose node_modules holds it). Figures:
//   load      page navigation → first prompt on screen and a typed key echoed (interactive)
//   seq       `seq 1 N` (~50 MB) → end marker in the terminal at the next painted frame; MB/s
//   colour    `cat` of peerbench's coloured lines (70 columns, 7 SGR changes a line, --mb MB) → the
//             same; both also print how long the terminal's parser sat idle waiting for bytes
//   echo      keydown in the page → echo parsed into the terminal → the render that drew its row,
//             p50/p99, at an idle prompt and while another terminal (rozi: a second pane of the
//             same tab; wetty: a second page, opened in front and sent behind the measured one)
//             streams `yes`
//   server    (--server-mib N, 0 skips) bench/server-throughput.ts: the PTY → WebSocket path
//             against a raw node-pty drain, printed after the table
// Every figure carries the 1-minute load average at its start and end (the box is shared): a
// sitting is comparable only when the loads beside rozi's and wetty's figures are alike.
// wetty runs twice, with its WebGL renderer and with xterm's DOM renderer (Chromium
// --disable-webgl), and the ratios are taken against wetty's better figure of the two.
// Both pages are driven through their xterm.js instance (rozi: `?probe=1`, wetty:
// `window.wetty_term`), so neither pays for a screen reader mirror.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from '../e2e/lib/browser.ts';
import { startRozi } from '../e2e/lib/roziServer.ts';
import { echoSamples, KEY_GAP_MS } from './browserEcho.mjs';
import { colourFile, PICK, pageReady, seqFor, throughput, workloadCommand } from './browserThroughput.mjs';
import { startWetty } from './wettyPeer.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const MB = Number(opt('mb', '50'));
const SAMPLES = Number(opt('samples', '200'));
const SERVER_MIB = Number(opt('server-mib', '0'));
const PEERS = opt('peers', 'rozi,rozi-webgl,wetty,wetty-dom').split(',');
/** Each peer runs this many times, peers alternating; every figure is the median over the rounds. */
const ROUNDS = Number(opt('rounds', '1'));
const FIGURES = new Set(opt('figures', 'echo,seq,colour,busy').split(','));
/** A seq run that has not painted its end marker by then counts as failed (wetty has stalled here
 * under load) and the sitting goes on with the next figure. */
const SEQ_LIMIT_S = Number(opt('seq-limit', '300'));
/** Pause between an echo painted and the next key (browserEcho.mjs KEY_GAP_MS says why). */
const KEY_GAP = Number(opt('key-gap', String(KEY_GAP_MS)));
/** wetty's xterm scrollback (its own default: xterm's 1,000 lines); rozi keeps config `scrollback`,
 * 5,000 by default. A full scrollback costs memory traffic on every line scrolled (each line
 * recycled is the coldest one), which is most of rozi's extra page time in `seq`
 * (bench/seq-profile.mjs, notes of issue 16): 5000 here gives the like-for-like figure. */
const WETTY_SCROLLBACK = opt('wetty-scrollback', null);
/** rozi's config `scrollback` for the run (a config.toml in a temp ROZI_CONFIG_DIR); unset: its default. */
const ROZI_SCROLLBACK = opt('rozi-scrollback', null);

/** A config directory whose config.toml sets only `scrollback`. */
function roziScrollbackEnv(lines) {
  const dir = mkdtempSync(join(tmpdir(), 'rozi-bench-config-'));
  writeFileSync(join(dir, 'config.toml'), `scrollback = ${lines}\n`);
  return { ROZI_CONFIG_DIR: dir };
}

const load1 = () => loadavg()[0];

/** The machine's CPU time so far, busy and total, in clock ticks (the first line of /proc/stat). */
function cpuTicks() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const n = f.slice(0, 8).map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - n[3] - n[4], total };
}

/**
 * Waits (at most limitS) until the machine has been mostly idle for a second: what the browser
 * parts leave running (a Chromium or wetty still exiting) would otherwise share the two cores with
 * the server part's first rounds. Returns the seconds waited and the last second's busy share.
 */
async function quietMachine(limitS = 30) {
  const start = Date.now();
  for (;;) {
    const a = cpuTicks();
    await new Promise((r) => setTimeout(r, 1000));
    const b = cpuTicks();
    const busy = (b.busy - a.busy) / Math.max(1, b.total - a.total);
    if (busy < 0.15 || Date.now() - start > limitS * 1000)
      return { waited: (Date.now() - start) / 1000, busy };
  }
}

/** Runs `step`, returning its value with the 1-minute load average before and after. */
async function withLoad(step) {
  const before = load1();
  const value = await step();
  return { value, load: [before, load1()] };
}

async function measure(name, o) {
  const browser = await openBrowser({ extraArgs: o.extraArgs });
  const { page, context } = browser;
  if (o.initScript) await context.addInitScript(o.initScript);
  page.on('crash', () => console.error(`bench: ${name} page crashed`));
  page.on('pageerror', (e) => console.error(`bench: ${name} page error: ${e.message}`));
  const result = { name };
  try {
    const t0 = Date.now();
    await page.goto(o.url);
    await pageReady(page, o.pick);
    await echoSamples(page, o.pick, { samples: 1 });
    result.loadMs = Date.now() - t0;
    console.error(`bench: ${name} interactive after ${result.loadMs} ms`);
    // rozi marks its choice on the host element; for wetty, a canvas means its WebGL addon loaded.
    result.renderer = await page.evaluate(
      `(() => { const r = document.querySelector('[data-renderer]'); if (r) return r.dataset.renderer; const t = (${o.pick})(); return t.element && t.element.querySelector('canvas') ? 'webgl' : 'dom'; })()`,
    );
    result.terminal = await page.evaluate(
      `(() => { const t = (${o.pick})(); return t.cols + '×' + t.rows + ', ' + t.options.scrollback; })()`,
    );
    await page.evaluate(`(${o.pick})().input('\\x15', true)`);
    if (FIGURES.has('echo')) {
      const idle = await withLoad(() => echoSamples(page, o.pick, { samples: SAMPLES, gapMs: KEY_GAP }));
      result.echoIdle = idle.value;
      result.echoIdleLoad = idle.load;
      console.error(`bench: ${name} idle echo measured`);
    }
    for (const kind of ['seq', 'colour']) {
      if (!FIGURES.has(kind)) continue;
      const w = workloadCommand(kind, o);
      const run = await withLoad(() =>
        throughput(page, o.pick, { ...w, limitS: SEQ_LIMIT_S }).catch((e) => {
          console.error(`bench: ${name} ${kind} failed: ${e.message}`);
          return { ms: NaN, idleMs: NaN };
        }),
      );
      result[kind] = {
        ms: run.value.ms,
        idleMs: run.value.idleMs,
        load: run.load,
        mbps: w.bytes / 1e6 / (run.value.ms / 1000),
      };
      console.error(
        `bench: ${name} ${kind} painted in ${(run.value.ms / 1000).toFixed(2)} s, parser idle ${(run.value.idleMs / 1000).toFixed(2)} s`,
      );
      if (Number.isNaN(run.value.ms)) {
        // The terminal may still be drawing the flood: a fresh page for what follows.
        await page.reload();
        await pageReady(page, o.pick);
      }
    }
    if (FIGURES.has('busy')) {
      await page.waitForTimeout(500);
      const stopYes = await o.startYes(context, page);
      // The page measured is the one in front, as a user's would be (wetty's load runs in a page
      // of its own, which opened in front; behind it the measured page's frames were throttled to
      // about one a second: its echo painted ~900 ms after it was parsed).
      await page.bringToFront();
      await page.waitForTimeout(1000);
      result.echoBusyVisibility = await page.evaluate(() => document.visibilityState);
      const busy = await withLoad(() => echoSamples(page, o.pick, { samples: SAMPLES, gapMs: KEY_GAP }));
      result.echoBusy = busy.value;
      result.echoBusyLoad = busy.load;
      await stopYes();
    }
  } finally {
    await browser.close();
  }
  // Each peer's figures as soon as it finishes, so a later peer that hangs loses none of them.
  console.error(`bench: ${name} figures ${JSON.stringify(result)}`);
  return result;
}

const median = (values) => {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : NaN;
};

/** One result per peer: the median of each figure over its rounds (loads: first start, last end). */
function combineRounds(runs) {
  const names = [...new Set(runs.map((r) => r.name))];
  return names.map((name) => {
    const mine = runs.filter((r) => r.name === name);
    const out = {
      name,
      renderer: mine[0].renderer,
      terminal: mine[0].terminal,
      loadMs: median(mine.map((r) => r.loadMs)),
      rounds: mine.length,
    };
    for (const kind of ['seq', 'colour']) {
      const xs = mine.map((r) => r[kind]).filter(Boolean);
      if (!xs.length) continue;
      out[kind] = {
        ms: median(xs.map((x) => x.ms)),
        idleMs: median(xs.map((x) => x.idleMs)),
        mbps: median(xs.map((x) => x.mbps)),
        load: [xs[0].load[0], xs.at(-1).load[1]],
        all: xs.map((x) => x.mbps),
      };
    }
    for (const [key, loadKey] of [
      ['echoIdle', 'echoIdleLoad'],
      ['echoBusy', 'echoBusyLoad'],
    ]) {
      const xs = mine.filter((r) => r[key]);
      if (!xs.length) continue;
      const stat = (which, p) => median(xs.map((r) => r[key][which][p]));
      out[key] = {
        parsed: { p50: stat('parsed', 'p50'), p99: stat('parsed', 'p99') },
        painted: { p50: stat('painted', 'p50'), p99: stat('painted', 'p99') },
      };
      out[loadKey] = [xs[0][loadKey][0], xs.at(-1)[loadKey][1]];
    }
    return out;
  });
}

const fmt = (v) => (v === undefined ? '—' : v.toFixed(1));
const echoCell = (e, which) => (e ? `${fmt(e[which].p50)} / ${fmt(e[which].p99)}` : '—');
const runCell = (r, f) => (r ? f(r) : '—');

async function main() {
  const seq = seqFor(MB * 1e6);
  const colour = colourFile(MB * 1e6);
  console.error(
    `bench: seq 1 ${seq.n} = ${(seq.bytes / 1e6).toFixed(1)} MB, coloured lines ${(colour.bytes / 1e6).toFixed(1)} MB; ` +
      `${SAMPLES} echo samples each, ${KEY_GAP} ms between keys; peers ${PEERS.join(', ')}; figures ${[...FIGURES].join(', ')}`,
  );
  const runs = [];

  // rozi as it runs here (it picks the DOM renderer on a software rasteriser), and rozi with
  // WebGL forced, so the renderer's share of the difference is visible.
  const runRozi = async (variant) => {
    const rozi = await startRozi(ROZI_SCROLLBACK ? { env: roziScrollbackEnv(Number(ROZI_SCROLLBACK)) } : {});
    try {
      const url = new URL(rozi.url);
      url.searchParams.set('probe', '1');
      if (variant === 'webgl') url.searchParams.set('renderer', 'webgl');
      // Background panes with a 100 KiB flow window (apps/web stream/flowWindow.ts): the A/B of
      // per-pane windows.
      if (variant === 'bg100') url.searchParams.set('flow-bg', '100');
      const label = { auto: 'rozi', webgl: 'rozi (webgl forced)', bg100: 'rozi (100 KiB background window)' }[
        variant
      ];
      return await measure(label, {
        url: url.toString(),
        pick: PICK.rozi,
        seq,
        colour,
        // Another pane of the same tab streams `yes` (split through the page's own tRPC).
        startYes: async (_context, page) => {
          const key = await page.evaluate(async () => {
            const post = (path, input) =>
              fetch(`/trpc/${path}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(input),
              }).then((r) => r.json());
            const split = await post('panes.split', { target: 1, direction: 'row', focus: false });
            const k = split.result.data.pane.key;
            await post('panes.sendText', { key: k, text: 'yes\r' });
            return k;
          });
          return async () => {
            await page.evaluate(async (k) => {
              await fetch('/trpc/panes.kill', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ key: k }),
              });
            }, key);
          };
        },
      });
    } finally {
      await rozi.dispose();
    }
  };

  // wetty with its WebGL renderer, or with xterm's DOM renderer (no WebGL in the browser).
  const runWetty = async (variant) => {
    const wetty = await startWetty(opt('wetty', null));
    try {
      return await measure(variant === 'webgl' ? 'wetty' : 'wetty (DOM)', {
        url: wetty.url,
        pick: PICK.wetty,
        seq,
        colour,
        extraArgs: variant === 'dom' ? ['--disable-webgl'] : [],
        // wetty reads its xterm options from localStorage.options (its settings editor writes it).
        initScript: WETTY_SCROLLBACK
          ? `localStorage.options = ${JSON.stringify(
              JSON.stringify({
                xterm: { fontSize: 14, scrollback: Number(WETTY_SCROLLBACK) },
                wettyVoid: 0,
                wettyFitTerminal: true,
              }),
            )};`
          : undefined,
        // wetty has one terminal per page: a second page of the same browser streams `yes`.
        startYes: async (context) => {
          const other = await context.newPage();
          await other.goto(wetty.url);
          await pageReady(other, PICK.wetty);
          await other.evaluate(`(${PICK.wetty})().input('yes\\r', true)`);
          return async () => {
            await other.close();
          };
        },
      });
    } finally {
      await wetty.dispose();
    }
  };

  const PEER_RUNS = {
    rozi: () => runRozi('auto'),
    'rozi-webgl': () => runRozi('webgl'),
    'rozi-bg100': () => runRozi('bg100'),
    wetty: () => runWetty('webgl'),
    'wetty-dom': () => runWetty('dom'),
  };
  // Peers alternate round by round, so a load change on the shared box hits each alike.
  for (let round = 0; round < ROUNDS; round++)
    for (const peer of PEERS) {
      const run = PEER_RUNS[peer];
      if (!run)
        throw new Error(`bench: unknown peer ${peer} (rozi, rozi-webgl, rozi-bg100, wetty, wetty-dom)`);
      runs.push(await run());
    }
  const results = combineRounds(runs);

  colour.dispose();
  const rows = [
    ['', ...results.map((r) => r.name)],
    ['renderer', ...results.map((r) => r.renderer)],
    ['terminal size, scrollback lines', ...results.map((r) => r.terminal)],
    ['load → interactive (ms)', ...results.map((r) => String(r.loadMs))],
  ];
  for (const [kind, label] of [
    ['seq', `seq ${(seq.bytes / 1e6).toFixed(0)} MB`],
    ['colour', `coloured ${(colour.bytes / 1e6).toFixed(0)} MB`],
  ]) {
    if (!FIGURES.has(kind)) continue;
    rows.push(
      [`${label} painted (s)`, ...results.map((r) => runCell(r[kind], (x) => (x.ms / 1000).toFixed(2)))],
      [`${label} throughput (MB/s)`, ...results.map((r) => runCell(r[kind], (x) => x.mbps.toFixed(2)))],
      [
        `${label} MB/s each round`,
        ...results.map((r) => runCell(r[kind], (x) => x.all.map((v) => v.toFixed(1)).join(' '))),
      ],
      [
        `${label} parser idle (s)`,
        ...results.map((r) => runCell(r[kind], (x) => (x.idleMs / 1000).toFixed(2))),
      ],
      [`load avg: ${kind} (start→end)`, ...results.map((r) => runCell(r[kind], (x) => loadSpan(x.load)))],
    );
  }
  if (FIGURES.has('echo'))
    rows.push(
      ['echo idle parsed p50/p99 (ms)', ...results.map((r) => echoCell(r.echoIdle, 'parsed'))],
      ['echo idle painted p50/p99 (ms)', ...results.map((r) => echoCell(r.echoIdle, 'painted'))],
      ['load avg: echo idle', ...results.map((r) => loadSpan(r.echoIdleLoad))],
    );
  if (FIGURES.has('busy'))
    rows.push(
      ['echo during yes parsed p50/p99 (ms)', ...results.map((r) => echoCell(r.echoBusy, 'parsed'))],
      ['echo during yes painted p50/p99 (ms)', ...results.map((r) => echoCell(r.echoBusy, 'painted'))],
      ['load avg: echo during yes', ...results.map((r) => loadSpan(r.echoBusyLoad))],
    );
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log(row.map((c, i) => String(c).padEnd(widths[i])).join('  '));
  // Ratios against wetty's better renderer for each figure (targets: issue 16).
  const wettys = results.filter((r) => r.name.startsWith('wetty'));
  if (wettys.length > 0) {
    // A failed run (NaN) or a figure not measured is left out; with none from wetty the ratio is NaN.
    const finite = (values) => values.filter(Number.isFinite);
    const best = (values, pick) => (values.length > 0 ? pick(...values) : NaN);
    const bestOf = (get, pick) => best(finite(wettys.map(get)), pick);
    const wSeq = bestOf((r) => r.seq?.mbps, Math.max);
    const wColour = bestOf((r) => r.colour?.mbps, Math.max);
    const wIdle = bestOf((r) => r.echoIdle?.painted.p50, Math.min);
    const wBusy = bestOf((r) => r.echoBusy?.painted.p50, Math.min);
    for (const r of results.filter((x) => !x.name.startsWith('wetty'))) {
      const parts = [];
      if (r.seq) parts.push(`seq throughput ${(r.seq.mbps / wSeq).toFixed(2)}× (target ≥ 1)`);
      if (r.colour) parts.push(`coloured throughput ${(r.colour.mbps / wColour).toFixed(2)}× (target ≥ 1)`);
      if (r.echoIdle)
        parts.push(`echo idle painted p50 ${(r.echoIdle.painted.p50 / wIdle).toFixed(2)}× (target ≤ 0.8)`);
      if (r.echoBusy)
        parts.push(
          `echo during yes painted p50 ${(r.echoBusy.painted.p50 / wBusy).toFixed(2)}× (target ≤ 0.8)`,
        );
      console.log(`${r.name} / wetty's best: ${parts.join(', ')}`);
    }
  }
  if (SERVER_MIB > 0) {
    // The PTY → WebSocket path against a raw node-pty drain (target: rozi/bare ≥ 0.8).
    const quiet = await quietMachine();
    const load = load1();
    console.log(
      `\nserver-throughput.ts, ${SERVER_MIB} MiB (load avg ${load.toFixed(1)} at start, after ${quiet.waited.toFixed(0)} s for the CPUs to settle: ${(quiet.busy * 100).toFixed(0)}% busy):`,
    );
    execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'server-throughput.ts')], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, BENCH_MIB: String(SERVER_MIB) },
    });
    console.log(`(load avg ${load1().toFixed(1)} at end)`);
  }
}

const loadSpan = (l) => (l ? `${l[0].toFixed(1)} → ${l[1].toFixed(1)}` : '—');

await main();
