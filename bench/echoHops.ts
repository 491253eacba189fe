// Where the key echo's time goes, hop by hop (issue 19's echo target): both servers note each
// one-byte key and echo at the hops they own (apps/server/src/stream/echoTrace.ts, on with
// ROZI_ECHO_TRACE=<dir>); the bench keeps each key's send and receive times. A key's marks are
// those of its byte within its own span (keys go one at a time, local and remote in turn). The
// "(relay)" hop exists only with ROZI_HOST_STDIO=proxy; by default the host server owns ssh's pipes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from './server-harness';

/** One key of the echo probe: its byte, and when the bench sent it and saw the echo (epoch ms). */
export interface KeySpan {
  code: number;
  start: number;
  end: number;
}

interface Mark {
  t: number;
  hop: string;
  code: number;
}

/** The hops of each path, in order; `bench` is the WebSocket client's send / receive. */
const PATHS = {
  local: ['ws-in', 'pty-out', 'ws-out'],
  remote: ['ws-in', 'link-send', 'link-in', 'pty-out', 'link-out', 'link-recv', 'ws-out'],
} as const;

const NAMES: Record<string, string> = {
  'bench>ws-in': 'bench WS send -> server WS receive',
  'ws-in>pty-out': 'PTY write -> PTY output (kernel echo + read)',
  'pty-out>ws-out': 'PTY output -> WS send (batcher, viewer)',
  'ws-out>bench': 'server WS send -> bench WS receive',
  'ws-in>link-send': 'client: WS receive -> link input sent',
  'link-send>link-in': 'transport in: client link -> ssh -> sshd -> (relay) -> host server',
  'link-in>pty-out': 'host: link input -> PTY write -> PTY output',
  'pty-out>link-out': 'host: PTY output -> link frame sent (batcher, viewer)',
  'link-out>link-recv': 'transport out: host server -> (relay) -> sshd -> ssh -> client',
  'link-recv>ws-out': 'client: link frame -> WS send',
};

function readMarks(dir: string): Mark[] {
  const marks: Mark[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.tsv')))
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      const [t, hop, code] = line.split('\t');
      if (t && hop && code) marks.push({ t: Number(t), hop, code: Number(code) });
    }
  return marks.sort((a, b) => a.t - b.t);
}

/** Each hop's durations (ms) per key, for keys whose every hop was seen. */
function hopTimes(marks: Mark[], spans: KeySpan[], path: readonly string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let from = 0;
  for (const k of spans) {
    while (from < marks.length && (marks[from] as Mark).t < k.start) from++;
    const times = new Map<string, number>();
    for (let i = from; i < marks.length && (marks[i] as Mark).t <= k.end; i++) {
      const m = marks[i] as Mark;
      if (m.code === k.code && !times.has(m.hop)) times.set(m.hop, m.t);
    }
    if (!path.every((h) => times.has(h))) continue;
    const points: [string, number][] = [
      ['bench', k.start],
      ...path.map((h): [string, number] => [h, times.get(h) as number]),
      ['bench', k.end],
    ];
    for (let i = 1; i < points.length; i++) {
      const name = `${points[i - 1]![0]}>${points[i]![0]}`;
      const list = out.get(name) ?? [];
      list.push(points[i]![1] - points[i - 1]![1]);
      out.set(name, list);
    }
  }
  return out;
}

/** Table rows: per hop, p50 / p99 and its mean share over the slowest 1% of keys. */
export function echoHopRows(o: {
  dir: string;
  local: KeySpan[];
  remote: KeySpan[];
}): Array<Array<string | number>> {
  const marks = readMarks(o.dir);
  const rows: Array<Array<string | number>> = [];
  for (const kind of ['local', 'remote'] as const) {
    const spans = o[kind];
    const hops = hopTimes(marks, spans, PATHS[kind]);
    const seen = hops.values().next().value?.length ?? 0;
    // The slowest 1% of this path's keys (at least one): where their time went.
    const total = spans.map((k, i) => ({ i, ms: k.end - k.start })).sort((a, b) => b.ms - a.ms);
    const slow = new Set(total.slice(0, Math.max(1, Math.ceil(total.length / 100))).map((x) => x.i));
    const perKey = hopTimesByKey(marks, spans, PATHS[kind]);
    rows.push([`${kind} (${seen} of ${spans.length} keys traced)`, '', '', '']);
    for (const [name, xs] of hops) {
      const sorted = [...xs].sort((a, b) => a - b);
      const slowMs = [...slow].map((i) => perKey[i]?.get(name)).filter((x): x is number => x !== undefined);
      const mean = slowMs.length ? slowMs.reduce((a, b) => a + b, 0) / slowMs.length : NaN;
      rows.push([
        `  ${NAMES[name] ?? name}`,
        `${percentile(sorted, 50).toFixed(2)} ms`,
        `${percentile(sorted, 99).toFixed(2)} ms`,
        `${mean.toFixed(2)} ms`,
      ]);
    }
  }
  return rows;
}

/** The same hops, per key index (undefined for a key not fully traced). */
function hopTimesByKey(
  marks: Mark[],
  spans: KeySpan[],
  path: readonly string[],
): Array<Map<string, number> | undefined> {
  return spans.map((k) => {
    const one = hopTimes(marks, [k], path);
    return one.size ? new Map([...one].map(([n, xs]) => [n, xs[0] as number])) : undefined;
  });
}
