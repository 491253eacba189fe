// Remote hosts over loopback ssh against local panes, same run (issue 19): two real sshd on
// 127.0.0.1, each with its own fresh account (the "remote machine"), and one local
// `rozi server --no-web` as their client. Measures
//  - throughput: `cat` of a seq file (BENCH_MIB, 64) through a WebSocket viewer that acks like
//    xterm.js, a local pane against a pane on a host (ssh + the host's rozi + the link): the
//    median of BENCH_ROUNDS (5) alternating rounds each;
//  - key echo: one key at a time to `cat`, local and remote interleaved key by key, beside the
//    transport alone (a byte through `ssh box1 cat` against a local `cat` pipe);
//  - attach: detach a host with 16 panes, then connect it and have a viewer receive every pane;
//  - idle: CPU and RSS of the local server with 2 hosts × 16 panes and nothing happening;
//  - reconnect: the ssh process killed, until the link is back and a pane echoes again.
// Needs root (useradd, sshd) and openssh-server. Run: npx --no-install tsx bench/remote-hosts.ts
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sshHosts } from '../apps/server/test/sshHosts';
import { echoHopRows, type KeySpan } from './echoHops';
import { addCpu, sampleCpu, type ProcInfo } from './processCpu';
import { BIN, DrainViewer, percentile, printTable, startServer, until } from './server-harness';

const SIZE = Number(process.env.BENCH_MIB ?? 64) * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const KEYS = Number(process.env.BENCH_KEYS ?? 200);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 20);
// BENCH_ONLY=throughput: the throughput rounds and their CPU table only (for profiling).
const ONLY_THROUGHPUT = process.env.BENCH_ONLY === 'throughput';
// BENCH_CPU_PROF=DIR: the local server and box1's headless server write V8 CPU profiles there
// (box1's is started here with --cpu-prof before the link connects; its `host serve` finds it).
const PROF_DIR = process.env.BENCH_CPU_PROF;
// BENCH_SIDES=r (or l): only that side's throughput rounds (a profile of one path alone).
const SIDES = process.env.BENCH_SIDES ?? 'lr';

interface Pane {
  key: number;
  id: number;
}

const base = mkdtempSync(join(tmpdir(), 'rozi-bench-remote-'));
chmodSync(base, 0o755);
const seqFile = join(base, 'seq.txt');
execFileSync('sh', ['-c', `seq 1 100000000 | head -c ${SIZE} > '${seqFile}'`]);
chmodSync(seqFile, 0o644);

// Both servers note each key's hops (stream/echoTrace.ts; BENCH_ECHO_HOPS=0 turns it off); the
// host accounts write here too.
const traceDir = mkdtempSync(join(tmpdir(), 'rozi-bench-echo-'));
chmodSync(traceDir, 0o1777);
const TRACE = process.env.BENCH_ECHO_HOPS !== '0';
// ROZI_HOST_STDIO=proxy: the hosts relay the link through a process instead of their server
// adopting ssh's pipes (host/stdioAdoption.ts), to compare the two in one sitting.
const stdioMode = process.env.ROZI_HOST_STDIO === 'proxy' ? 'proxy' : 'adopted';
if (PROF_DIR) {
  mkdirSync(PROF_DIR, { recursive: true });
  chmodSync(PROF_DIR, 0o1777);
}
const s = await startServer({
  ...(PROF_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROF_DIR}`] } : {}),
  env: {
    ...(TRACE ? { ROZI_ECHO_TRACE: traceDir } : {}),
    ...(stdioMode === 'proxy' ? { ROZI_HOST_STDIO: 'proxy' } : {}),
  },
});
console.log(`host stdio: ${stdioMode}`);
const sshDir = join(s.home, '.ssh');
const ssh = await sshHosts({
  clientHome: s.home,
  base,
  aliases: ['box1', 'box2'],
  binaryPath: BIN,
  keyName: 'id_bench',
});
const hosts = ssh.hosts;
mkdirSync(join(s.home, '.config', 'rozi'), { recursive: true });
writeFileSync(join(s.home, '.config', 'rozi', 'config.toml'), ssh.config());

async function cleanup(): Promise<void> {
  await s.stop();
  await ssh.stop();
  rmSync(base, { recursive: true, force: true });
  rmSync(traceDir, { recursive: true, force: true });
}

async function split(target: string, argv: string[]): Promise<Pane> {
  return (await s.call<{ pane: Pane }>('panes.split', { target, argv })).pane;
}

/** ms for SIZE bytes of `cat` in a new pane of `target`'s session, drained by a fresh viewer. */
async function throughput(target: string, tag: string): Promise<number> {
  const flag = join(base, `go-${tag}`);
  const pane = await split(target, [
    'sh',
    '-c',
    `stty raw -echo; while [ ! -e '${flag}' ]; do sleep 0.005; done; cat '${seqFile}'; sleep 600`,
  ]);
  const v = new DrainViewer(s);
  await v.opened;
  v.attach(pane.key, 0);
  // The pane prints nothing until the flag: give the attach (and the link's) a moment.
  await new Promise((r) => setTimeout(r, 500));
  const started = performance.now();
  writeFileSync(flag, '');
  chmodSync(flag, 0o644);
  await until(() => (v.offsets.get(pane.key) ?? 0) >= SIZE, 300_000);
  const ms = performance.now() - started;
  v.close();
  await s.call('panes.kill', { key: pane.key });
  return ms;
}

/** One key at a time to `cat` in a pane, timed until its echo reaches a WS viewer. */
async function echoProbe(
  target: string,
  spans: KeySpan[],
): Promise<{ once(i: number): Promise<number>; close(): Promise<void> }> {
  const pane = await split(target, ['cat']);
  const v = new DrainViewer(s);
  await v.opened;
  v.attach(pane.key);
  await until(() => v.offsets.has(pane.key), 30_000);
  let waiting: { char: string; resolve: () => void } | null = null;
  v.onFrame = (k, payload) => {
    if (k === pane.key && waiting && payload.includes(waiting.char)) {
      const w = waiting;
      waiting = null;
      w.resolve();
    }
  };
  return {
    async once(i) {
      const char = String.fromCharCode(97 + (i % 26));
      const started = performance.now();
      await new Promise<void>((resolve) => {
        waiting = { char, resolve };
        v.ws.send(JSON.stringify({ t: 'input', key: pane.key, data: char }));
      });
      const ended = performance.now();
      const ms = ended - started;
      const at = performance.timeOrigin;
      spans.push({ code: char.charCodeAt(0), start: at + started, end: at + ended });
      if (i % 60 === 59) v.ws.send(JSON.stringify({ t: 'input', key: pane.key, data: '\r' }));
      return ms;
    },
    async close() {
      v.close();
      await s.call('panes.kill', { key: pane.key });
    },
  };
}

/** One byte at a time through a program's stdin/stdout (`cat` here, or `ssh host cat`). */
async function pipeProbe(argv: string[]): Promise<{ once(): Promise<number>; close(): Promise<void> }> {
  const c = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env: s.env });
  let err = '';
  c.stderr.on('data', (d: Buffer) => (err += d.toString()));
  // A program that ends (ssh refused) fails the bench with what it said, instead of a wait forever.
  const ended = new Promise<never>((_, reject) =>
    c.once('close', (code) => reject(new Error(`${argv[0]} exited ${code}: ${err.trim().slice(0, 300)}`))),
  );
  ended.catch(() => undefined);
  const once = () =>
    Promise.race([
      new Promise<number>((resolve) => {
        const started = performance.now();
        c.stdout.once('data', () => resolve(performance.now() - started));
        c.stdin.write('x');
      }),
      ended,
    ]);
  await once(); // connected
  return {
    once,
    async close() {
      c.kill();
      await ended.catch(() => undefined);
    },
  };
}

/**
 * Key echo, local and remote interleaved key by key (both see the same load), and the transport
 * alone beside them: a byte through `ssh box1 cat` against a local `cat` pipe.
 */
async function echoTimes(): Promise<{ local: number[]; remote: number[]; pipe: number[]; ssh: number[] }> {
  const h = hosts[0]!;
  const local = await echoProbe('main:1', spans.local);
  const remote = await echoProbe('dev@box1:1', spans.remote);
  const pipe = await pipeProbe(['cat']);
  const ssh = await pipeProbe([
    'ssh',
    '-T',
    '-o',
    'BatchMode=yes',
    '-o',
    `UserKnownHostsFile=${join(sshDir, 'known_hosts')}`,
    '-i',
    join(sshDir, 'id_bench'),
    '-p',
    String(h.sshd.port),
    `${h.account.user}@127.0.0.1`,
    'cat',
  ]);
  const out = { local: [] as number[], remote: [] as number[], pipe: [] as number[], ssh: [] as number[] };
  for (let i = 0; i < KEYS; i++) {
    out.local.push(await local.once(i));
    out.remote.push(await remote.once(i));
    out.pipe.push(await pipe.once());
    out.ssh.push(await ssh.once());
    await new Promise((r) => setTimeout(r, 2));
  }
  for (const p of [local, remote, pipe, ssh]) await p.close();
  for (const xs of Object.values(out)) xs.sort((a, b) => a - b);
  return out;
}

/** Each echo key's span, for the hop table (echoHops.ts). */
const spans = { local: [] as KeySpan[], remote: [] as KeySpan[] };

/** A session `many@host` with 16 panes: 4 tabs of 4. */
async function sixteenPanes(host: string): Promise<void> {
  const first = (await s.call<{ pane: Pane }>('sessions.create', { name: 'many', host })).pane;
  for (let tab = 0; tab < 4; tab++) {
    const pane =
      tab === 0 ? first : (await s.call<{ pane: Pane }>('tabs.create', { session: `many@${host}` })).pane;
    for (let i = 0; i < 3; i++)
      await s.call('panes.split', { key: pane.key, direction: i % 2 ? 'column' : 'row' });
  }
}

function cpuTicks(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
}

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

/** The processes a byte passes through, by role (the hosts' by their accounts). */
const hostUids = new Map(hosts.map((h) => [h.account.uid, h.alias]));
function cpuGroup(p: ProcInfo): string | null {
  if (p.pid === s.proc.pid) return 'local server';
  if (p.pid === process.pid) return 'bench (WS viewer)';
  if (p.comm === 'cat') return 'cat (the pane)';
  if (p.comm === 'ssh' && p.ppid === s.proc.pid) return 'ssh client';
  const host = hostUids.get(p.uid);
  if (!host) return null;
  if (p.comm.startsWith('sshd')) return `sshd (${host})`;
  if (p.comm === 'node' || p.comm.startsWith('MainThread')) return `host server + relay (${host})`;
  return null;
}
const pathCpu = { local: new Map<string, number>(), remote: new Map<string, number>() };

const loadAtStart = loadavg()[0]!.toFixed(1);
const mbps = (ms: number) => SIZE / 1024 / 1024 / (ms / 1000);
/** box1's headless server under --cpu-prof, as its account with a login's environment. */
async function profiledHostServer(): Promise<void> {
  const a = hosts[0]!.account;
  const env = {
    HOME: a.home,
    USER: a.user,
    LOGNAME: a.user,
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    SHELL: '/bin/bash',
  };
  const child = spawn(
    'runuser',
    [
      '-u',
      a.user,
      '--',
      'env',
      '-i',
      ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
      process.execPath,
      '--cpu-prof',
      `--cpu-prof-dir=${PROF_DIR}`,
      BIN,
      'server',
      '--headless',
    ],
    { cwd: a.home, stdio: 'ignore', detached: true },
  );
  child.unref();
  const sock = `/tmp/rozi-${a.uid}/rozi.sock`;
  await until(() => existsSync(sock), 60_000);
}

try {
  if (PROF_DIR) await profiledHostServer();
  // Both hosts' headless servers start now (a cold start is slow on a loaded box).
  await Promise.all(hosts.map((h) => s.call('hosts.connect', { alias: h.alias })));
  await s.call('sessions.create', { name: 'dev', host: 'box1' });
  const rows: Array<Array<string | number>> = [];

  // Rounds alternate which side goes first and the figure is the median of each side: at load
  // 13-19 a single 20 MiB round took 0.5-6 s on the same side (the pane, the server and the
  // viewer wait for a core), so a best-of-2 said more about the moment than the path.
  const local: number[] = [];
  const remote: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = (r % 2 === 0 ? ['l', 'r'] : ['r', 'l']).filter((x) => SIDES.includes(x));
    const ms: Record<string, number> = {};
    for (const side of order) {
      const before = sampleCpu(cpuGroup);
      ms[side] = await throughput(side === 'l' ? 'main:1' : 'dev@box1:1', `${side}${r}`);
      addCpu(side === 'l' ? pathCpu.local : pathCpu.remote, before, sampleCpu(cpuGroup));
    }
    if (ms.l) local.push(mbps(ms.l));
    if (ms.r) remote.push(mbps(ms.r));
    if (ms.l && ms.r) ratios.push(mbps(ms.r) / mbps(ms.l));
    console.error(
      `bench: round ${r}: local ${ms.l?.toFixed(0)} ms, remote ${ms.r?.toFixed(0)} ms (load ${loadavg()[0]!.toFixed(1)})`,
    );
  }
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}`;
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  rows.push([
    `throughput, seq ${SIZE / 1024 / 1024} MiB to a WS viewer (median of ${ROUNDS}, min-max)`,
    `${median(local).toFixed(1)} MiB/s (${spread(local)})`,
    `${median(remote).toFixed(1)} MiB/s (${spread(remote)})`,
    `ratio ${(median(remote) / median(local)).toFixed(2)} (per round ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
  ]);

  // Where each path spends its CPU (ms per MiB): at quiet the slowest single process of a path
  // bounds its throughput, whatever the load does to the wall clock.
  const mib = (SIZE / 1024 / 1024) * ROUNDS;
  const groups = [...new Set([...pathCpu.local.keys(), ...pathCpu.remote.keys()])].sort();
  const perMib = (m: Map<string, number>, g: string) =>
    m.has(g) ? `${((m.get(g)! / mib) * 1000).toFixed(1)} ms` : '-';
  const cpuRows = groups.map((g) => [`  ${g}`, perMib(pathCpu.local, g), perMib(pathCpu.remote, g), '']);
  const total = (m: Map<string, number>) =>
    `${(([...m.values()].reduce((a, b) => a + b, 0) / mib) * 1000).toFixed(1)} ms`;
  cpuRows.push(['  all of them', total(pathCpu.local), total(pathCpu.remote), '']);

  if (ONLY_THROUGHPUT) {
    printTable(
      `Throughput (load average ${loadAtStart} at the start, ${loadavg()[0]!.toFixed(1)} at the end)`,
      ['measure', 'local', 'remote', 'delta'],
      rows,
    );
    printTable(
      'CPU per MiB of the throughput rounds, by process (utime + stime)',
      ['process', 'local', 'remote', ''],
      cpuRows,
    );
    await cleanup();
    process.exit(0);
  }
  const echo = await echoTimes();
  const delta = (a: number[], b: number[], p: number) => {
    const d = percentile(b, p) - percentile(a, p);
    return `${d < 0 ? '' : '+'}${d.toFixed(2)} ms`;
  };
  for (const p of [50, 90, 99])
    rows.push([
      `key echo p${p} (${KEYS} keys, interleaved)`,
      `${percentile(echo.local, p).toFixed(2)} ms`,
      `${percentile(echo.remote, p).toFixed(2)} ms`,
      delta(echo.local, echo.remote, p),
    ]);
  // The floor the link cannot go under: ssh + sshd alone, a byte through `ssh box1 cat`.
  for (const p of [50, 99])
    rows.push([
      `  transport alone p${p}: a byte through cat vs ssh box1 cat`,
      `${percentile(echo.pipe, p).toFixed(2)} ms`,
      `${percentile(echo.ssh, p).toFixed(2)} ms`,
      delta(echo.pipe, echo.ssh, p),
    ]);
  // Each server writes its marks at most 500 ms after the last one.
  if (TRACE) await new Promise((r) => setTimeout(r, 1200));
  const hopRows = TRACE ? echoHopRows({ dir: traceDir, ...spans }) : [];
  const loadAtEcho = loadavg()[0]!.toFixed(1);

  await sixteenPanes('box2');
  await s.call('hosts.detach', { alias: 'box2' });
  const t0 = performance.now();
  await s.call('hosts.connect', { alias: 'box2' });
  const ws = await s.call<{ panes: Array<Pane & { session: string }> }>('workspace.get');
  const many = ws.panes.filter((p) => p.session === 'many@box2');
  const v = new DrainViewer(s);
  await v.opened;
  for (const p of many) v.attach(p.key);
  await until(() => many.every((p) => v.offsets.has(p.key)), 60_000);
  const attachMs = performance.now() - t0;
  v.close();
  rows.push([
    `attach a host with ${many.length} panes (connect + every pane's first frame)`,
    '-',
    `${attachMs.toFixed(0)} ms`,
    '',
  ]);

  await sixteenPanes('box1');
  const pid = s.proc.pid!;
  await new Promise((r) => setTimeout(r, 3000));
  const c0 = cpuTicks(pid);
  const w0 = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const cpu = ((cpuTicks(pid) - c0) / 100 / ((performance.now() - w0) / 1000)) * 100;
  const panes = (await s.call<Pane[]>('panes.list')).length;
  rows.push([
    `idle local server, 2 hosts, ${panes} panes in all (${IDLE_S} s)`,
    '-',
    `CPU ${cpu.toFixed(2)} %, RSS ${rssMiB(pid).toFixed(0)} MiB`,
    '',
  ]);

  const times: number[] = [];
  const probe = await split('dev@box1:1', ['cat']);
  const pv = new DrainViewer(s);
  await pv.opened;
  pv.attach(probe.key);
  await until(() => pv.offsets.has(probe.key), 30_000);
  for (let i = 0; i < 3; i++) {
    const link = await s.call<{ pid: number }>('hosts.link', { alias: 'box1' });
    const before = pv.offsets.get(probe.key) ?? 0;
    const started = performance.now();
    process.kill(link.pid, 'SIGKILL');
    await until(
      async () => {
        const l = await s.call<{ state: string; pid: number | null }>('hosts.link', { alias: 'box1' });
        return l.state === 'connected' && l.pid !== link.pid;
      },
      60_000,
      20,
    );
    pv.ws.send(JSON.stringify({ t: 'input', key: probe.key, data: 'x' }));
    await until(() => (pv.offsets.get(probe.key) ?? 0) > before, 30_000);
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 1000));
  }
  pv.close();
  times.sort((a, b) => a - b);
  rows.push([
    'reconnect after the ssh process is killed (until a key echoes again)',
    '-',
    `median ${percentile(times, 50).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
    '',
  ]);

  printTable(
    `Remote host over loopback ssh vs a local pane (same run, 2-core box; load average ${loadAtStart} at the start, ${loadAtEcho} after the echo, ${loadavg()[0]!.toFixed(1)} at the end)`,
    ['measure', 'local', 'remote', 'delta'],
    rows,
  );
  printTable(
    `CPU per MiB of the throughput rounds, by process (utime + stime)`,
    ['process', 'local', 'remote', ''],
    cpuRows,
  );
  if (hopRows.length)
    printTable(
      `Key echo by hop (both servers' marks, load average ${loadAtEcho})`,
      ['hop', 'p50', 'p99', 'mean over the slowest 1%'],
      hopRows,
    );
} finally {
  await cleanup();
}
process.exit(0);
