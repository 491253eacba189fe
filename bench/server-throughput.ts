// PTY → viewer throughput: 50 MiB of `seq` output and of coloured 70-column lines, drained
//  (1) from a bare node-pty (the ceiling),
//  (2) through rozi to a Node WebSocket viewer that acks like xterm.js (the browser path, with the
//      headless mirror running too, in the server's mirror worker thread, session/mirrorClient.ts),
//  (3) the same through a second server started with ROZI_BENCH_NO_MIRROR=1: output skips the
//      headless mirror, so (2) against (3) is what the mirror costs the browser path;
//  (4) through tmux 3 with an attached client drained over a PTY.
// Runs alternate (bare, rozi mirror on, mirror off; then on, off, bare; ...) and the best of
// BENCH_ROUNDS (default 2) of each counts, so a noisy neighbour on the 2-core box and the run order
// hit every column alike.
// Each program runs `cat FILE` with the tty in raw mode, so byte counts match the file exactly.
// BENCH_ONLY=ratio runs only (1) and (2), the rozi path against the bare drain (issue 16's 0.8×
// target), which is quicker and loads the shared box less.
// BENCH_THREADS=1 adds a line per round: the server's CPU on its main thread and on its other
// threads (mirror worker, GC helpers), and the bench's own (the WebSocket client's share).
// Run: npx --no-install tsx bench/server-throughput.ts
//      BENCH_ONLY=ratio BENCH_MIB=50 BENCH_ROUNDS=5 npx --no-install tsx bench/server-throughput.ts
//      BENCH_WORKLOAD=seq (or coloured) runs one of the two outputs.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { spawn as ptySpawn } from 'node-pty';
import { DrainViewer, printTable, startServer, until } from './server-harness';

const SIZE = Number(process.env.BENCH_MIB ?? 50) * 1024 * 1024;

function makeFiles(dir: string): Record<string, string> {
  const seqFile = join(dir, 'seq.txt');
  execFileSync('sh', ['-c', `seq 1 100000000 | head -c ${SIZE} > '${seqFile}'`]);
  const colorFile = join(dir, 'color.txt');
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < SIZE; i++) {
    // 70 visible columns in 7 coloured 10-column words, CRLF-ended (raw tty: no translation).
    let line = '';
    for (let w = 0; w < 7; w++)
      line += `\x1b[38;5;${(i + w * 31) % 256}m${String((i * 7 + w) % 1e9).padStart(9, '0')} `;
    line += '\x1b[0m\r\n';
    parts.push(line);
    size += Buffer.byteLength(line);
  }
  writeFileSync(colorFile, Buffer.concat(parts.map((p) => Buffer.from(p))).subarray(0, SIZE));
  const mib = `${SIZE / 1024 / 1024} MiB`;
  return { [`seq (${mib})`]: seqFile, [`coloured 70-col lines (${mib})`]: colorFile };
}

/** CPU ms a process has used so far (utime + stime from /proc, 100 ticks a second). */
function cpuMs(pid: number, stat = `/proc/${pid}/stat`): number {
  const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU ms so far of each thread of a process by thread id (threads that ended are not listed). */
function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(Number(tid), cpuMs(Number(tid), `/proc/${pid}/task/${tid}/stat`));
    } catch {
      // ended meanwhile
    }
  }
  return threads;
}

/** CPU ms of the last run: the bench's own for the bare drain, the server's for rozi. */
const lastCpu = { bare: 0, rozi: 0 };
/**
 * The last rozi run's server CPU: its main thread, the other threads together and the three
 * busiest of them with their thread ids (the mirror worker, V8's GC and compiler helpers, libuv's
 * pool), and the bench's own CPU (the WebSocket client).
 */
const lastSplit = { main: 0, others: 0, busiest: [] as string[], client: 0 };

/** The bare drain, in a process of its own (bench/bare-drain.mjs says why). */
async function bare(file: string): Promise<number> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-drain.mjs'), file, String(SIZE)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`bench: bare-drain.mjs exited with ${code}`);
  const r = JSON.parse(out) as { ms: number; cpuMs: number };
  lastCpu.bare = r.cpuMs;
  return r.ms;
}

let flags = 0;

async function viaRozi(file: string, s: Awaited<ReturnType<typeof startServer>>): Promise<number> {
  // A fresh name every run: a name used twice (the same round of the next file, with tmux's counter
  // no longer stepping it in BENCH_ONLY=ratio) found the old flag, so cat ran before the clock.
  const flag = join(s.home, `go-${flags++}`);
  const { pane } = await s.call<{ pane: { key: number } }>('panes.split', {
    target: 1,
    argv: [
      'sh',
      '-c',
      `stty raw -echo; while [ ! -e '${flag}' ]; do sleep 0.005; done; cat '${file}'; sleep 600`,
    ],
  });
  const v = new DrainViewer(s);
  await v.opened;
  v.attach(pane.key, 0);
  const cpu0 = cpuMs(s.proc.pid!);
  const split0 = threadCpuMs(s.proc.pid!);
  const client0 = process.cpuUsage();
  const started = performance.now();
  writeFileSync(flag, '');
  await until(() => (v.offsets.get(pane.key) ?? 0) >= SIZE);
  const ms = performance.now() - started;
  lastCpu.rozi = cpuMs(s.proc.pid!) - cpu0;
  const split = threadCpuMs(s.proc.pid!);
  const client = process.cpuUsage(client0);
  const used = [...split].map(([tid, ms]) => [tid, ms - (split0.get(tid) ?? 0)] as const);
  lastSplit.main = used.find(([tid]) => tid === s.proc.pid)?.[1] ?? 0;
  const others = used.filter(([tid]) => tid !== s.proc.pid).sort((a, b) => b[1] - a[1]);
  lastSplit.others = others.reduce((sum, [, ms]) => sum + ms, 0);
  // Thread id minus the process id: V8's helpers start with the process (+1 … +4), libuv's pool
  // and the mirror worker later.
  lastSplit.busiest = others.slice(0, 3).map(([tid, ms]) => `${ms} (+${tid - s.proc.pid!})`);
  lastSplit.client = (client.user + client.system) / 1000;
  v.close();
  await s.call('panes.kill', { key: pane.key });
  return ms;
}

async function viaTmux(file: string, dir: string, tag: string): Promise<number> {
  const sock = `rozi-bench-${process.pid}-${tag}`;
  const flag = join(dir, `tmux-go-${tag}`);
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', sock, '-f', '/dev/null', ...args]);
  tmux(
    'new-session',
    '-d',
    '-s',
    'b',
    '-x',
    '120',
    '-y',
    '40',
    `stty raw -echo; while [ ! -e '${flag}' ]; do sleep 0.005; done; cat '${file}'; tmux -L ${sock} wait-for -S done; sleep 600`,
  );
  // An attached client, drained as fast as possible, as a user's terminal would be.
  const client = ptySpawn('tmux', ['-L', sock, 'attach', '-t', 'b'], {
    cols: 120,
    rows: 40,
    encoding: null,
    env: { ...process.env, TMUX: '' } as Record<string, string>,
  });
  client.onData(() => undefined);
  await new Promise((r) => setTimeout(r, 300));
  const waiter = spawn('tmux', ['-L', sock, 'wait-for', 'done']);
  const done = new Promise<void>((resolve) => waiter.once('exit', () => resolve()));
  const started = performance.now();
  writeFileSync(flag, '');
  await done;
  const ms = performance.now() - started;
  client.kill();
  try {
    tmux('kill-server');
  } catch {
    // Already gone.
  }
  return ms;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ONLY = process.env.BENCH_ONLY ?? '';
if (ONLY !== '' && ONLY !== 'ratio') throw new Error(`bench: BENCH_ONLY=${ONLY}: only 'ratio' is known`);
const RATIO_ONLY = ONLY === 'ratio';
/** BENCH_THREADS=1: a line per round with the server's CPU by thread and the client's. */
const THREADS = process.env.BENCH_THREADS === '1';
/**
 * One uncounted run of each path before the rounds (BENCH_WARMUP=0 skips it). A rozi server in use
 * has been up for hours; a fresh one spends its first ~90 MiB compiling its hot path on V8's helper
 * threads (BENCH_THREADS=1 shows it: 580 → 250 ms of server CPU over five seq rounds at load 4.6),
 * so without it the figure is the server's start-up, not its steady PTY → WebSocket path. The bare
 * drain gets the same warm-up.
 */
const WARMUP = process.env.BENCH_WARMUP !== '0';
const load = () => loadavg()[0]!.toFixed(1);
// The mirror worker's knobs (session/mirrorClient.ts, mirrorWorker.ts) reach the server when set.
const knobs = Object.fromEntries(
  ['ROZI_MIRROR_DUTY', 'ROZI_MIRROR_WORKERS'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
);
// BENCH_SERVER_NODE_ARGS (space-separated, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'): node
// options for the rozi server with the mirror on, to profile it.
const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const s = await startServer({ env: knobs, nodeArgs });
const noMirror = RATIO_ONLY ? null : await startServer({ env: { ...knobs, ROZI_BENCH_NO_MIRROR: '1' } });
// BENCH_WORKLOAD=seq or =coloured: that output only (a profile of one workload).
const WORKLOAD = process.env.BENCH_WORKLOAD ?? '';
const files = Object.fromEntries(
  Object.entries(makeFiles(s.home)).filter(([name]) => name.startsWith(WORKLOAD)),
);
if (Object.keys(files).length === 0) throw new Error(`bench: BENCH_WORKLOAD=${WORKLOAD}: seq or coloured`);
if (WARMUP) {
  // The input files were just written: their writeback to disk (ext4 on this box, 30 s after
  // writing) would land inside the measured rounds. Then one uncounted run of each path.
  execFileSync('sync');
  for (const [name, file] of Object.entries(files)) {
    const r = await bare(file);
    const a = await viaRozi(file, s);
    console.error(
      `bench: ${name}: warm-up (not counted): bare ${r.toFixed(0)} ms, rozi mirror on ${a.toFixed(0)} ms ` +
        `(server CPU ${lastCpu.rozi.toFixed(0)} ms)`,
    );
  }
}
const rows: Array<Array<string | number>> = [];
const mbps = (ms: number) => (SIZE / 1024 / 1024 / (ms / 1000)).toFixed(1);
let n = 0;
for (const [name, file] of Object.entries(files)) {
  if (!existsSync(file) || statSync(file).size !== SIZE) throw new Error(`bad input ${file}`);
  let b = Infinity;
  let on = Infinity;
  let off = Infinity;
  const ratios: number[] = [];
  const cpu = { bare: Infinity, rozi: Infinity };
  const loads: string[] = [load()];
  // The columns take turns to go first (bare, on, off; then on, off, bare; ...): a load change on
  // the shared box hits every column alike, and so does the run order. The run right after the
  // bare drain measured ~100 ms more of the WebSocket client's CPU (~8,500 more minor page
  // faults) whichever server it was, so a fixed order charged it to one column.
  for (let round = 0; round < ROUNDS; round++) {
    const runs: Array<() => Promise<void>> = [
      async () => {
        r = await bare(file);
        bareCpu = lastCpu.bare;
      },
      async () => {
        a = await viaRozi(file, s);
        roziCpu = lastCpu.rozi;
        split = { ...lastSplit };
      },
      ...(noMirror ? [async () => void (z = await viaRozi(file, noMirror))] : []),
    ];
    let r = NaN;
    let bareCpu = NaN;
    let a = NaN;
    let roziCpu = NaN;
    let split = lastSplit;
    let z = NaN;
    for (let i = 0; i < runs.length; i++) await runs[(round + i) % runs.length]!();
    loads.push(load());
    ratios.push(r / a);
    console.error(
      `bench: ${name}: round ${round + 1}: bare ${r.toFixed(0)} ms (CPU ${bareCpu.toFixed(0)} ms), ` +
        `rozi mirror on ${a.toFixed(0)} ms (server CPU ${roziCpu.toFixed(0)} ms) ` +
        `(${(r / a).toFixed(2)}×)${noMirror ? `, off ${z.toFixed(0)} ms` : ''}; load ${loads.join(' → ')}`,
    );
    if (THREADS)
      console.error(
        `bench: ${name}: round ${round + 1}: server CPU by thread (mirror on): main ${split.main} ms, ` +
          `others ${split.others} ms (busiest ${split.busiest.join(', ')}: mirror worker, GC and ` +
          `compiler helpers); bench's client ` +
          `${split.client.toFixed(0)} ms`,
      );
    b = Math.min(b, r);
    on = Math.min(on, a);
    off = Math.min(off, z);
    cpu.bare = Math.min(cpu.bare, bareCpu);
    cpu.rozi = Math.min(cpu.rozi, roziCpu);
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  if (RATIO_ONLY) {
    rows.push([
      name,
      `${b.toFixed(0)} ms`,
      mbps(b),
      `${on.toFixed(0)} ms`,
      mbps(on),
      `${(b / on).toFixed(2)}×`,
      `${median.toFixed(2)}×`,
      `${cpu.bare.toFixed(0)} / ${cpu.rozi.toFixed(0)} ms`,
      `${loads[0]} → ${loads[loads.length - 1]}`,
    ]);
    continue;
  }
  const t = await viaTmux(file, s.home, String(n++));
  console.error(`bench: ${name}: tmux ${t.toFixed(0)} ms`);
  const cost = `${(((on - off) / off) * 100).toFixed(0)} %`;
  rows.push([
    name,
    `${b.toFixed(0)} ms`,
    mbps(b),
    `${on.toFixed(0)} ms`,
    mbps(on),
    `${off.toFixed(0)} ms`,
    mbps(off),
    cost,
    `${(b / on).toFixed(2)}×`,
    `${t.toFixed(0)} ms`,
    mbps(t),
    `${loads[0]} → ${loads[loads.length - 1]}`,
  ]);
}
await s.stop();
await noMirror?.stop();
if (RATIO_ONLY)
  printTable(
    `PTY → viewer throughput, rozi against a bare drain (same run, 2-core box; best of ${ROUNDS})`,
    [
      'output',
      'bare node-pty',
      'MiB/s',
      'rozi → WS',
      'MiB/s',
      'rozi / bare (best)',
      'rozi / bare (median round)',
      'CPU bare / rozi server (best)',
      'load avg (1 min)',
    ],
    rows,
  );
else
  printTable(
    `PTY → viewer throughput (same run, 2-core box; rozi best of ${ROUNDS})`,
    [
      'output',
      'bare node-pty',
      'MiB/s',
      'rozi → WS, mirror on',
      'MiB/s',
      'rozi → WS, mirror off',
      'MiB/s',
      'mirror cost',
      'rozi (mirror on) / bare',
      'tmux + attached client',
      'MiB/s',
      'load avg (1 min)',
    ],
    rows,
  );
process.exit(0);
