// Issue 16's browser figures measured by peerbench itself (../shared/bench/peerbench, the harness
// the issue names), not by this repo's imitation of it: rozi web, then wetty with WebGL and with
// xterm's DOM renderer, in one sitting, the order alternating round by round. Prints each figure's
// median per round and over the sitting beside wetty's better renderer, and the ratio against the
// issue's target.
//
//   npx --no-install tsx bench/peerbench.mjs --peerbench DIR [--rounds 2] [--runs 3]
//
// peerbench's folder is read-only here: it is copied (without its results) into a directory under
// the temp dir, where its own `run-all.sh` installs its dependencies once (playwright-core, wetty,
// node-pty: the npm registry). rozi runs from this checkout (build the web app first, as for
// bench/web-terminal.mjs), in a temp HOME, on a free port.
//
// What peerbench cannot measure in rozi web: the echo while another tab streams `yes` (its second
// tab would open the same pane; its README says to skip it). bench/web-terminal.mjs --figures busy
// measures that case with a second pane.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { startRozi } from '../e2e/lib/roziServer.ts';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const ROUNDS = Number(option('rounds', '2'));
const RUNS = option('runs', '3');
if (!Number.isInteger(ROUNDS) || ROUNDS < 1)
  throw new Error(`--rounds must be a whole number ≥ 1, not ${ROUNDS}`);
// Named, never assumed: a clone has no peerbench beside it (npm run bench then skips this one).
const GIVEN = option('peerbench', process.env.PEERBENCH_DIR);
if (!GIVEN || !existsSync(join(GIVEN, 'run-all.sh'))) {
  console.log(
    GIVEN
      ? `bench: no peerbench's run-all.sh in ${resolve(GIVEN)}; skipped`
      : 'bench: peerbench skipped: --peerbench DIR (or PEERBENCH_DIR) names its folder',
  );
  process.exit(0);
}
const SOURCE = resolve(GIVEN);

const WORK = join(tmpdir(), 'rozi-bench-peerbench');
mkdirSync(WORK, { recursive: true });
// Its scripts afresh each time; its node_modules and generated data stay between sittings.
const KEEP = new Set(['node_modules', 'results', 'tmp', 'run', 'data']);
cpSync(SOURCE, WORK, { recursive: true, filter: (src) => src === SOURCE || !KEEP.has(basename(src)) });

const TERM_EXPR = '[...(window.__roziTerminals||new Map()).values()][0]';
const load = () => loadavg()[0].toFixed(1);

/** One run-all.sh; resolves with its JSONL records. */
function runAll(env, tag) {
  const results = join(WORK, 'results', `rozi-bench-${Date.now()}-${tag}.jsonl`);
  return new Promise((ok, fail) => {
    const child = spawn('bash', ['run-all.sh'], {
      cwd: WORK,
      env: { ...process.env, RUNS, RESULTS: results, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const keep = (chunk) => {
      log += chunk;
      // Its progress lines only; the table comes from the records below.
      for (const line of String(chunk).split('\n'))
        if (/^(==|\[[AB] web|pageerror)/.test(line)) console.error(`peerbench: ${line}`);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) => {
      if (code !== 0)
        return fail(new Error(`peerbench's run-all.sh (${tag}) exited with ${code}:\n${log.slice(-2000)}`));
      ok(
        readFileSync(results, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      );
    });
  });
}

// peerbench's own median (the mean of the middle two for an even count), not server-harness.ts's
// percentile (the upper one): a figure here must read as peerbench's table reads it.
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The figures of the issue: [label, peerbench metric, higher is better, target ratio]. */
const FIGURES = [
  ['seq painted throughput (MB/s)', 'seq Enter->marker painted throughput', true, 1],
  ['coloured painted throughput (MB/s)', 'colour Enter->marker painted throughput', true, 1],
  ['key echo idle, keydown → painted p50 (ms)', 'key echo idle: keydown->painted', false, 0.8],
  ['key echo idle, keydown → parsed p50 (ms)', 'key echo idle: keydown->parsed', false, null],
];
const PEERS = ['rozi-web', 'wetty', 'wetty [DOM renderer]'];

console.error(
  `bench: peerbench from ${SOURCE} in ${WORK}; ${ROUNDS} round(s) of RUNS=${RUNS}; load ${load()}`,
);
const rozi = await startRozi();
const url = new URL(rozi.url);
url.searchParams.set('probe', '1');
/** samples[round][peer][metric] */
const rounds = [];
try {
  for (let r = 0; r < ROUNDS; r++) {
    const records = [];
    const roziPart = async () => {
      console.error(`bench: round ${r + 1}: rozi web (load ${load()})`);
      const recs = await runAll(
        { WEB_URL: url.href, WEB_PEER: 'rozi-web', TERM_EXPR, SKIP_LOAD_ECHO: '1', PARTS: 'web' },
        `rozi-${r}`,
      );
      records.push(...recs);
    };
    const wettyPart = async () => {
      console.error(`bench: round ${r + 1}: wetty, WebGL then DOM (load ${load()})`);
      records.push(...(await runAll({ PARTS: 'web web-dom' }, `wetty-${r}`)));
    };
    if (r % 2 === 0) {
      await roziPart();
      await wettyPart();
    } else {
      await wettyPart();
      await roziPart();
    }
    const byPeer = {};
    for (const rec of records) {
      if (!rec.samples || !PEERS.includes(rec.peer)) continue;
      ((byPeer[rec.peer] ??= {})[rec.metric] ??= []).push(...rec.samples);
    }
    rounds.push(byPeer);
  }
} finally {
  await rozi.dispose();
}

const fmt = (v) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(2)) : '-');
const lines = [];
const row = (cells) => lines.push(cells.map((c, i) => (i === 0 ? c.padEnd(44) : c.padStart(14))).join(' '));
row(['figure', 'rozi web', 'wetty WebGL', 'wetty DOM', 'rozi / best', 'target', 'each round']);
const verdicts = [];
for (const [label, metric, higher, target] of FIGURES) {
  const pooled = (peer) => median(rounds.flatMap((x) => x[peer]?.[metric] ?? []));
  const ratioOf = (get) => {
    const w = [get('wetty'), get('wetty [DOM renderer]')].filter(Number.isFinite);
    if (w.length === 0) return NaN;
    const best = higher ? Math.max(...w) : Math.min(...w);
    return get('rozi-web') / best;
  };
  const sitting = ratioOf(pooled);
  const each = rounds.map((x) => ratioOf((peer) => median(x[peer]?.[metric] ?? [])));
  const met = target === null ? null : higher ? sitting >= target : sitting <= target;
  row([
    label,
    fmt(pooled('rozi-web')),
    fmt(pooled('wetty')),
    fmt(pooled('wetty [DOM renderer]')),
    `${fmt(sitting)}×`,
    target === null ? '—' : `${higher ? '≥' : '≤'} ${target}`,
    each.map((e) => `${fmt(e)}×`).join(' '),
  ]);
  if (met !== null) verdicts.push(`${label.split(' (')[0]} ${fmt(sitting)}× (${met ? 'met' : 'not met'})`);
}
console.log(
  `\npeerbench (its own harness), ${ROUNDS} round(s) × RUNS=${RUNS}, medians over the sitting; load ${load()} at end`,
);
console.log(lines.join('\n'));
console.log(`rozi / wetty's best: ${verdicts.join(', ')}`);
