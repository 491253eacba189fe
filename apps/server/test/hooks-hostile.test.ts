// Hostile hooks installed as extensions into a real server (temp HOME, real PTYs, the real hook
// worker with isolated-vm): each case is triggered by a real `notification` event, must leave a
// clear log line naming the hook and the failure, and must not hold up terminals: key-echo
// latency through a real pane is measured while each case runs and printed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EchoProbe, summary } from './hooks-echoProbe';
import {
  childPids,
  makeHome,
  removeHome,
  rssBytes,
  runCli,
  startServer,
  waitFor,
  type TestServer,
} from './harness';

interface HookRow {
  extensionId: string;
  hookId: string;
  calls: number;
  failures: number;
  timeouts: number;
  rejectedEffects: number;
  lastError: string | null;
  p50Ms: number | null;
  p99Ms: number | null;
}
interface Notification {
  title: string | null;
  message: string;
}

/** Each hook misbehaves only for a notification titled with its case, so cases run one at a time. */
const CASES: {
  name: string;
  body: string;
  permissions?: string[];
  timeoutMs?: number;
  memoryMb?: number;
  log: RegExp;
}[] = [
  { name: 'loop', body: 'while (true) {}', log: /hook hostile-loop\/\S+ failed \(timeout\)/ },
  // The largest time budget and the smallest heap, so the heap, not the clock, is what stops it
  // (filling the default 32 MB took over 1 s on a loaded 2-core machine).
  {
    name: 'memory',
    body: 'const keep = []; for (;;) keep.push(new Array(100000).fill(1));',
    timeoutMs: 1000,
    memoryMb: 8,
    log: /hook hostile-memory\/\S+ failed \(memory\)/,
  },
  // One enormous allocation V8 cannot interrupt: answered at its CPU deadline (the worker replaces
  // itself), or V8 aborts the worker first on a fast machine; the server must not notice either.
  {
    name: 'fill',
    body: 'return new Array(1e9).fill(0);',
    log: /hook hostile-fill\/\S+ failed \((worker-crashed|memory|timeout)\)/,
  },
  // Oversized but cheap to build; 1 s so a descheduled call on a loaded machine is still judged by
  // its size, not its time.
  {
    name: 'huge',
    body: "return { type: 'notify', message: 'x'.repeat(2e5) };",
    timeoutMs: 1000,
    log: /hook hostile-huge\/\S+ failed \(too-large\)/,
  },
  {
    name: 'unpermitted',
    body: "return [{ type: 'send-text', text: 'rm -rf ~\\r' }, { type: 'invoke', action: 'anything' }, { type: 'status', state: 'blocked' }];",
    permissions: ['notify'],
    log: /hook hostile-unpermitted\/\S+: effect 1 \(send-text\): the hook lacks the "send-text" permission/,
  },
  {
    name: 'promise',
    body: 'return new Promise(() => {});',
    log: /hook hostile-promise\/\S+ failed \(timeout\)/,
  },
  {
    name: 'escape',
    // Every escape reports what it reached; a sandbox that holds reports only "blocked".
    body: `const results = {};
      const attempt = (label, fn) => { try { const v = fn(); results[label] = v === undefined || v === null ? 'blocked' : typeof v; } catch { results[label] = 'blocked'; } };
      attempt('constructor', () => constructor.constructor('return process')());
      attempt('Function', () => Function('return process')());
      attempt('globalThis.process', () => globalThis.process);
      attempt('require', () => require('fs'));
      attempt('setTimeout', () => setTimeout);
      attempt('fetch', () => fetch);
      attempt('WebAssembly', () => WebAssembly);
      attempt('SharedArrayBuffer', () => SharedArrayBuffer);
      attempt('proto', () => ({}).__proto__.constructor.constructor('return this.process')());
      attempt('ivm', () => globalThis._ivm ?? globalThis.ivm ?? globalThis.$0);
      return { type: 'notify', title: 'escape report', message: JSON.stringify(results) };`,
    permissions: ['notify'],
    log: /./,
  },
];

let server: TestServer;
let probe: EchoProbe;
const figures: { case: string; p50: number; max: number; n: number }[] = [];

function writeExtension(o: {
  name: string;
  body: string;
  permissions: string[];
  timeoutMs: number | undefined;
  memoryMb: number | undefined;
}): string {
  const { name, body, permissions } = o;
  const dir = join(server.home, 'hostile', name);
  mkdirSync(join(dir, 'hooks'), { recursive: true });
  writeFileSync(
    join(dir, 'extension.toml'),
    `[extension]\nid = "hostile-${name}"\ntitle = "Hostile ${name}"\nversion = "0.1.0"\napi = 1\n\n[[hooks]]\nevent = "notification"\nscript = "./hooks/h.js"\npermissions = ${JSON.stringify(permissions)}\n${o.timeoutMs ? `timeout_ms = ${o.timeoutMs}\n` : ''}${o.memoryMb ? `memory_mb = ${o.memoryMb}\n` : ''}`,
  );
  writeFileSync(
    join(dir, 'hooks', 'h.js'),
    `export default function (event) {\n  if (event.title !== ${JSON.stringify(name)}) return;\n  ${body}\n}\n`,
  );
  return dir;
}

async function hooks(): Promise<HookRow[]> {
  return (await server.call<{ hooks: HookRow[] }>('extensions.status', {})).hooks;
}

beforeAll(async () => {
  server = await startServer({ home: makeHome() });
  for (const c of CASES) {
    const r = await runCli(server.env, [
      'extensions',
      'install',
      '--link',
      writeExtension({
        name: c.name,
        body: c.body,
        permissions: c.permissions ?? ['notify'],
        timeoutMs: c.timeoutMs,
        memoryMb: c.memoryMb,
      }),
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }
  await waitFor('every hostile hook loaded', async () => (await hooks()).length === CASES.length, 60_000);
  probe = await EchoProbe.open(server);
  const idle = summary(await probe.samples(20));
  figures.push({ case: '(no hook running)', ...idle });
  // Seven CLI installs and a server start: minutes, not seconds, on a loaded 2-core CI machine.
}, 240_000);

afterAll(async () => {
  await probe?.close();
  console.log(
    [
      'key-echo latency through a real pane while each hostile hook runs (ms):',
      ...figures.map(
        (f) =>
          `  ${f.case.padEnd(18)} p50 ${f.p50.toFixed(2).padStart(7)}  max ${f.max.toFixed(2).padStart(7)}  (n=${f.n})`,
      ),
    ].join('\n'),
  );
  expect(await server.stop()).toBe(0);
  removeHome(server.home);
});

describe('hostile hooks in a real server', () => {
  for (const c of CASES) {
    it(`contains ${c.name}`, async () => {
      const before = (await hooks()).find((h) => h.extensionId === `hostile-${c.name}`);
      await server.call('notify', { title: c.name, message: 'go' });
      // Echo samples while the hook runs (and while the worker restarts, for the crashes).
      const samples: number[] = [];
      const deadline = Date.now() + 400;
      while (Date.now() < deadline) samples.push(await probe.sample());
      figures.push({ case: c.name, ...summary(samples) });
      if (c.name === 'escape') {
        const report = await waitFor('the escape report', async () =>
          (await server.call<Notification[]>('workspace.notifications')).find(
            (n) => n.title === 'escape report',
          ),
        );
        const results = JSON.parse(report.message) as Record<string, string>;
        expect(Object.keys(results).length).toBe(10);
        for (const [label, value] of Object.entries(results))
          expect(`${label}: ${value}`).toBe(`${label}: blocked`);
      } else {
        await waitFor(`the log line for ${c.name}`, () => c.log.test(server.stderr()), 15_000);
      }
      const after = await waitFor('the hook answered', async () => {
        const row = (await hooks()).find((h) => h.extensionId === `hostile-${c.name}`);
        return row && row.calls + row.failures > (before?.calls ?? 0) + (before?.failures ?? 0)
          ? row
          : undefined;
      });
      if (c.name === 'unpermitted') expect(after.rejectedEffects).toBe(3);
      // Still serving terminals, and still serving hooks: the next case gets a working sandbox.
      expect(await probe.sample()).toBeLessThan(5_000);
      expect(server.proc.exitCode).toBeNull();
    }, 30_000);
  }

  it('answers 10,000 real bell events with steady worker memory', async () => {
    const dir = join(server.home, 'hostile', 'steady');
    mkdirSync(join(dir, 'hooks'), { recursive: true });
    writeFileSync(
      join(dir, 'extension.toml'),
      '[extension]\nid = "steady"\ntitle = "Steady"\nversion = "0.1.0"\napi = 1\n\n[[hooks]]\nevent = "bell"\nscript = "./hooks/h.js"\ntimeout_ms = 1000\n',
    );
    // This test is about memory, not speed: a 1 s budget keeps a descheduled call on a loaded
    // 2-core CI box from counting as a failure (the 50 ms default is covered by the cases above).
    // Allocates a little garbage per call, keeps nothing.
    writeFileSync(
      join(dir, 'hooks', 'h.js'),
      'export default (event) => { const s = JSON.stringify({ ...event, n: Math.random() }); return s.length > 1e9 ? { type: "notify", message: s } : undefined; }\n',
    );
    expect((await runCli(server.env, ['extensions', 'install', '--link', dir])).code).toBe(0);
    const steady = async () => (await hooks()).find((h) => h.extensionId === 'steady');
    await waitFor('the steady hook loaded', steady, 20_000);
    const workerPid = (): number | undefined =>
      childPids(server.proc.pid as number).find((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('hookWorker');
        } catch {
          return false;
        }
      });
    // 10,000 BEL characters from one real program in a real pane, 500 at a time (about 500 a
    // second), each batch only after the hook answered the last: the overload guard drops calls
    // past its 1,000-deep queue (as designed), and a loaded CI machine's worker can fall that far
    // behind a faster writer, which this test is not about.
    const ringer = `process.stdin.on('data',(d)=>{let left=parseInt(String(d),10)||0;const t=setInterval(()=>{process.stdout.write('\\x07'.repeat(Math.min(5,left)));left-=5;if(left<=0)clearInterval(t)},10)})`;
    const { pane } = await server.call<{ pane: { key: number } }>('panes.split', {
      target: 1,
      cwd: server.home,
      keepOpen: true,
      argv: [process.execPath, '-e', ringer],
    });
    const ring = async (n: number) => {
      for (let rung = 0; rung < n; rung += 500) {
        const before = (await steady())?.calls ?? 0;
        await server.call('panes.sendText', { key: pane.key, text: '500\r' });
        await waitFor('500 hook calls', async () => ((await steady())?.calls ?? 0) >= before + 500, {
          timeoutMs: 60_000,
          everyMs: 100,
        });
      }
    };
    await ring(2_000);
    const pid = workerPid();
    expect(pid).toBeDefined();
    const rssAfterWarmup = rssBytes(pid as number);
    await ring(8_000);
    const rssAfter = rssBytes(pid as number);
    const row = await steady();
    console.log(
      `10,000 bell hook calls: worker rss ${(rssAfterWarmup / 2 ** 20).toFixed(1)} MB after 2,000 → ${(rssAfter / 2 ** 20).toFixed(1)} MB after 10,000; p50 ${row?.p50Ms?.toFixed(3)} ms, p99 ${row?.p99Ms?.toFixed(3)} ms`,
    );
    expect(row?.failures, row?.lastError ?? '').toBe(0);
    expect(workerPid()).toBe(pid);
    // Steady: growth after warm-up stays far below what 8,000 retained events would cost.
    expect(rssAfter - rssAfterWarmup).toBeLessThan(24 * 2 ** 20);
  }, 180_000);

  it('shows every hostile hook in rozi extensions status', async () => {
    const r = await runCli(server.env, ['extensions', 'status', '--format', 'json']);
    expect(r.code).toBe(0);
    const rows = (JSON.parse(r.stdout) as { hooks: HookRow[] }).hooks;
    for (const name of ['loop', 'memory', 'fill', 'huge', 'promise']) {
      const row = rows.find((h) => h.extensionId === `hostile-${name}`);
      expect(row?.failures, name).toBeGreaterThanOrEqual(1);
      expect(row?.lastError, name).not.toBeNull();
    }
    const text = await runCli({ ...server.env }, ['extensions', 'status', '--format', 'text']);
    expect(text.stdout).toMatch(/HOOK\s+EVENT\s+STATE\s+CALLS/);
  });
});
