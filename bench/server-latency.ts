// Key-echo latency through the server: a WebSocket viewer sends one key to a pane running `cat`
// (the tty's line discipline echoes it) and times until the echo frame arrives — client → server
// → PTY → kernel echo → server → client on loopback, i.e. the server's share of a keystroke.
// Measured alone and while another pane floods `yes` to a second viewer on the same page socket.
// Run: npx --no-install tsx bench/server-latency.ts
import { DrainViewer, percentile, printTable, startServer, until } from './server-harness';

const KEYS = Number(process.env.BENCH_KEYS ?? 400);

async function measure(
  s: Awaited<ReturnType<typeof startServer>>,
  v: DrainViewer,
  key: number,
): Promise<number[]> {
  const times: number[] = [];
  let waiting: { char: string; resolve: () => void } | null = null;
  v.onFrame = (k, payload) => {
    if (k === key && waiting && payload.includes(waiting.char)) {
      const w = waiting;
      waiting = null;
      w.resolve();
    }
  };
  for (let i = 0; i < KEYS; i++) {
    const char = String.fromCharCode(97 + (i % 26));
    const started = performance.now();
    await new Promise<void>((resolve) => {
      waiting = { char, resolve };
      v.ws.send(JSON.stringify({ t: 'input', key, data: char }));
    });
    times.push(performance.now() - started);
    // A line per 60 keys so `cat` never holds a huge line buffer.
    if (i % 60 === 59) v.ws.send(JSON.stringify({ t: 'input', key, data: '\r' }));
    await new Promise((r) => setTimeout(r, 2));
  }
  void s;
  return times.sort((a, b) => a - b);
}

const s = await startServer();
const { pane: echo } = await s.call<{ pane: { key: number } }>('panes.split', { target: 1, argv: ['cat'] });
const v = new DrainViewer(s);
await v.opened;
v.attach(echo.key);
await until(() => v.offsets.has(echo.key));
const quiet = await measure(s, v, echo.key);

const { pane: flood } = await s.call<{ pane: { key: number } }>('panes.split', { target: 1, argv: ['yes'] });
v.attach(flood.key);
await until(() => (v.offsets.get(flood.key) ?? 0) > 5_000_000);
const busy = await measure(s, v, echo.key);
const flooded = v.offsets.get(flood.key) ?? 0;
v.close();
await s.stop();

const row = (name: string, t: number[]) => [
  name,
  percentile(t, 50).toFixed(2),
  percentile(t, 90).toFixed(2),
  percentile(t, 99).toFixed(2),
  (t[t.length - 1] as number).toFixed(2),
];
printTable(
  `Key-echo latency through the server, ms (${KEYS} keys each)`,
  ['condition', 'p50', 'p90', 'p99', 'max'],
  [row('idle', quiet), row('another pane streaming `yes`', busy)],
);
console.log(
  `(the flooding pane delivered ${(flooded / 1024 / 1024).toFixed(0)} MiB to the same page meanwhile)`,
);
process.exit(0);
