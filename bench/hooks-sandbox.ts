// Benchmark of the declarative-hook sandbox (docs/hooks.md). Run from the repository root:
//   npx --no-install tsx bench/hooks-sandbox.ts [--seconds 10] [--rate 1000]
// Prints: cold start, warm call cost (inside the isolate and round trip through IPC), and a
// sustained event rate with the parent's event-loop lag and, when node-pty loads, the echo
// latency of a real PTY served by the same parent process.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { extensionFixture } from '../packages/extensions/src/node/hooks/extensionFixture';
import { HookSandbox } from '../packages/extensions/src/node/hooks/hookSandbox';
import { EventLoopProbe } from '../packages/extensions/src/node/hooks/sandboxProbes';
import type { HookEvent } from '../packages/extensions/src/node/hooks/events';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, rate: { type: 'string', default: '1000' } },
});
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);

const HOOK = `export default (event) => event.state === 'blocked'
  ? [{ type: 'notify', title: event.agent, message: 'needs input in pane ' + event.pane },
     { type: 'publish', tab: 'agents', rows: [{ id: String(event.pane), label: event.agent, state: event.state }] }]
  : null`;
const event = (pane: number): HookEvent => ({
  event: 'agent-state-changed',
  session: 'bench',
  pane,
  agent: 'claude',
  previous: 'working',
  state: 'blocked',
  source: 'screen',
  message: null,
});
const quiet = { log: (): void => undefined };
const spec = extensionFixture('bench', { blocked: { source: HOOK } });

const rows: [string, string][] = [];
const ms = (value: number): string => `${value.toFixed(3)} ms`;
function percentiles(samples: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (f: number): number => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

// 1. Cold start: a new sandbox's first answer = worker spawn (node + tsx + isolated-vm) +
//    isolate + module compile.
{
  const spawn: number[] = [];
  const load: number[] = [];
  const first: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const box = new HookSandbox(quiet);
    const t0 = performance.now();
    await box.workerStats();
    const t1 = performance.now();
    await box.load(spec);
    const t2 = performance.now();
    await box.call({ extensionId: 'bench', hookId: 'blocked', event: event(1) });
    const t3 = performance.now();
    spawn.push(t1 - t0);
    load.push(t2 - t1);
    first.push(t3 - t2);
    await box.dispose();
  }
  rows.push(['cold: worker spawn until ready (median of 5)', ms(percentiles(spawn).p50)]);
  rows.push(['cold: isolate + module compile (median of 5)', ms(percentiles(load).p50)]);
  rows.push(['cold: first call after load (median of 5)', ms(percentiles(first).p50)]);
}

// 2. Warm calls, one at a time: time inside the isolate vs the parent's round trip.
const box = new HookSandbox(quiet);
await box.load(spec);
{
  const inside: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < 1_000; i += 1)
    await box.call({ extensionId: 'bench', hookId: 'blocked', event: event(i) });
  for (let i = 0; i < 5_000; i += 1) {
    const outcome = await box.dispatch(event(i));
    const first = outcome[0];
    if (first === undefined || !first.ok) throw new Error(`warm call failed: ${JSON.stringify(first)}`);
    inside.push(first.durationMs);
    roundTrip.push(first.roundTripMs);
  }
  const a = percentiles(inside);
  const b = percentiles(roundTrip);
  rows.push(['warm: inside the isolate p50 / p99 (5,000 calls)', `${ms(a.p50)} / ${ms(a.p99)}`]);
  rows.push(['warm: dispatch round trip incl. IPC + effect check p50 / p99', `${ms(b.p50)} / ${ms(b.p99)}`]);
}

// 3. Sustained rate for SECONDS, with the parent's event loop and a PTY echo probed.
interface EchoProbe {
  sample: () => Promise<number>;
  dispose: () => void;
}
async function ptyEcho(): Promise<EchoProbe | null> {
  try {
    const pty = await import('node-pty');
    const term = pty.spawn('/bin/cat', [], {
      name: 'xterm',
      cols: 80,
      rows: 24,
      env: { PATH: '/usr/bin:/bin' },
    });
    let waiting: ((value: number) => void) | null = null;
    let sentAt = 0;
    term.onData(() => {
      waiting?.(performance.now() - sentAt);
      waiting = null;
    });
    return {
      sample: () =>
        new Promise((resolve) => {
          waiting = resolve;
          sentAt = performance.now();
          term.write('x');
        }),
      dispose: () => term.kill(),
    };
  } catch {
    return null;
  }
}

async function echoSeries(echo: EchoProbe, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    samples.push(await echo.sample());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return samples;
}

const echo = await ptyEcho();
if (echo !== null) {
  const idle = percentiles(await echoSeries(echo, 100));
  rows.push(['pty echo, hooks idle: p50 / p99', `${ms(idle.p50)} / ${ms(idle.p99)}`]);
}
{
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const probe = new EventLoopProbe(5);
  const roundTrip: number[] = [];
  let failures = 0;
  let sent = 0;
  const cpuBefore = process.cpuUsage();
  loop.enable();
  probe.start();
  const started = performance.now();
  const echoDuring =
    echo === null ? Promise.resolve([]) : echoSeries(echo, Math.floor((SECONDS * 1000) / 40));
  // Send in 10 ms ticks so the rate holds even when a tick runs late.
  await new Promise<void>((resolve) => {
    const inFlight: Promise<void>[] = [];
    const tick = setInterval(() => {
      const due = Math.min(RATE * SECONDS, Math.floor(((performance.now() - started) / 1000) * RATE));
      for (; sent < due; sent += 1) {
        inFlight.push(
          box.dispatch(event(sent)).then((outcomes) => {
            for (const outcome of outcomes) {
              if (outcome.ok) roundTrip.push(outcome.roundTripMs);
              else failures += 1;
            }
          }),
        );
      }
      if (sent >= RATE * SECONDS) {
        clearInterval(tick);
        void Promise.all(inFlight).then(() => resolve());
      }
    }, 10);
  });
  const elapsed = (performance.now() - started) / 1000;
  const echoSamples = await echoDuring;
  const lag = probe.stop();
  loop.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const rt = percentiles(roundTrip);
  rows.push([
    `sustained: ${RATE}/s for ${SECONDS} s, answered / failed`,
    `${roundTrip.length} / ${failures} in ${elapsed.toFixed(2)} s`,
  ]);
  rows.push([
    'sustained: round trip p50 / p99 / max (queueing included)',
    `${ms(rt.p50)} / ${ms(rt.p99)} / ${ms(rt.max)}`,
  ]);
  rows.push([
    'sustained: parent timer lag p50 / p99 / max (5 ms probe)',
    `${ms(lag.p50Ms)} / ${ms(lag.p99Ms)} / ${ms(lag.maxMs)}`,
  ]);
  rows.push([
    'sustained: parent event-loop delay p50 / p99 (perf_hooks)',
    `${ms(loop.percentile(50) / 1e6 - 5)} / ${ms(loop.percentile(99) / 1e6 - 5)} (resolution subtracted)`,
  ]);
  rows.push([
    'sustained: parent CPU (user + system) / wall',
    `${(((cpu.user + cpu.system) / 1e6 / elapsed) * 100).toFixed(1)} % of one core`,
  ]);
  if (echoSamples.length > 0) {
    const during = percentiles(echoSamples);
    rows.push(['pty echo during sustained load: p50 / p99', `${ms(during.p50)} / ${ms(during.p99)}`]);
  }
}
const stats = await box.workerStats();
rows.push(['worker RSS after the run', `${(stats.rssBytes / 1048576).toFixed(1)} MB`]);
echo?.dispose();
await box.dispose();

const width = Math.max(...rows.map(([label]) => label.length));
console.log(`hook sandbox bench (node ${process.version}, ${new Date().toISOString()})`);
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
