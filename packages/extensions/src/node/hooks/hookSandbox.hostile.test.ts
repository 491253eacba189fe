// Hostile hooks against a real worker process and real isolates. Each case checks three things:
// the failure is contained with a clear error and log line, the sandbox keeps serving the next
// call, and the parent's event loop (the rozi server's) stays responsive while it happens.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HookOutcome } from './definitions';
import type { HookEvent } from './events';
import { extensionFixture as extension } from './extensionFixture';
import type { HookSandbox } from './hookSandbox';
import { useTrackedSandboxes } from './trackedSandboxes';
import { EventLoopProbe, processExists } from './sandboxProbes';

const event: HookEvent = {
  event: 'agent-state-changed',
  session: 'main',
  pane: 1,
  agent: 'claude',
  previous: 'working',
  state: 'blocked',
  source: 'screen',
  message: null,
};
const OK_HOOK = `export default () => ({ type: 'notify', message: 'ok' })`;
/**
 * Generous, because the 2-core CI box is shared and a spinning worker takes one core: the parent
 * only does IPC, so a lag near a hostile call's duration (1–2 s in the long cases) would mean
 * the parent was blocked, while scheduling noise stays well below this (measured: ≤ 110 ms).
 */
const MAX_PARENT_LAG_MS = 500;

const sandbox = useTrackedSandboxes();

/** Runs a hostile step while probing the parent's event loop, and checks the lag stayed small. */
async function whileProbing<T>(label: string, step: () => Promise<T>): Promise<T> {
  const probe = new EventLoopProbe(5);
  probe.start();
  const started = performance.now();
  try {
    return await step();
  } finally {
    // Keep probing a little after a fast step so every case has samples to judge.
    while (performance.now() - started < 60) await new Promise((resolve) => setImmediate(resolve));
    const lag = probe.stop();
    const took = performance.now() - started;
    console.info(
      `${label}: took ${took.toFixed(0)} ms; parent loop lag p50 ${lag.p50Ms.toFixed(2)} ms, p99 ${lag.p99Ms.toFixed(2)} ms, max ${lag.maxMs.toFixed(2)} ms (${lag.samples} samples)`,
    );
    expect(lag.samples).toBeGreaterThan(0);
    expect(lag.maxMs).toBeLessThan(MAX_PARENT_LAG_MS);
  }
}

async function callOk(box: HookSandbox, extensionId = 'ext', hookId = 'ok'): Promise<HookOutcome> {
  const outcome = await box.call({ extensionId, hookId, event });
  expect(outcome.error).toBeNull();
  expect(outcome.effects).toEqual([{ type: 'notify', message: 'ok' }]);
  return outcome;
}

describe('hostile hooks', () => {
  it('while (true) {} times out; the next call works', async () => {
    const { box, logs } = sandbox();
    // A one-second budget makes a blocked parent visible as a one-second lag.
    await box.load(
      extension('ext', {
        spin: { timeoutMs: 1_000, source: 'export default () => { while (true) {} }' },
        ok: { source: OK_HOOK },
      }),
    );
    const outcome = await whileProbing('while(true)', () =>
      box.call({ extensionId: 'ext', hookId: 'spin', event }),
    );
    expect(outcome.error).toEqual({ kind: 'timeout', message: 'the hook ran longer than 1000 ms' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(990);
    expect(logs.map((l) => l.message)).toContain(
      'hook ext/spin failed (timeout): the hook ran longer than 1000 ms',
    );
    await callOk(box);
    expect(box.health().find((h) => h.hookId === 'spin')).toMatchObject({
      calls: 1,
      failures: 1,
      timeouts: 1,
    });
  });

  // M06 of the adversarial list: one BigInt power that V8 cannot interrupt ran 34× its 50 ms
  // budget before the worker answered. Now the worker answers once the call used its CPU budget
  // and a margin, and replaces itself: the operation's thread cannot be stopped any other way.
  it('one uninterruptible BigInt operation is answered at its deadline; the next call works', async () => {
    const { box, logs } = sandbox();
    await box.load(
      extension('ext', {
        big: {
          source:
            'export default () => { const x = 7n ** 3000000n; return { type: "notify", message: String(x % 10n) } }',
        },
        ok: { source: OK_HOOK },
      }),
    );
    await box.load(extension('other', { ok: { source: OK_HOOK } }));
    const pid = box.workerPid as number;
    const outcome = await whileProbing('bigint', () =>
      box.call({ extensionId: 'ext', hookId: 'big', event }),
    );
    expect(outcome.error).toEqual({ kind: 'timeout', message: 'the hook ran longer than 50 ms' });
    // The budget is 50 ms of CPU; a loaded machine stretches that in wall time, but the operation
    // alone takes over a second of CPU (answered after it, before the fix).
    console.info(`bigint: answered after ${outcome.durationMs.toFixed(0)} ms (budget 50 ms)`);
    expect(outcome.durationMs).toBeLessThan(700);
    const logged = logs.map((l) => l.message).join('\n');
    expect(logged).toContain('hook ext/big failed (timeout)');
    // Usually the CPU watchdog answers and the worker is replaced. On a loaded machine isolated-vm's
    // own (wall-clock) timeout can stop the script first, between two operations: the same answer,
    // and the worker stays, as for any interruptible loop.
    const byWatchdog = logged.includes('ext/big: used 100 ms of CPU past its 50 ms deadline');
    console.info(`bigint: stopped by ${byWatchdog ? 'the CPU watchdog' : "isolated-vm's timeout"}`);
    // Calls made meanwhile wait for the new worker, which has every extension loaded again.
    await callOk(box, 'other');
    await callOk(box);
    if (byWatchdog) {
      expect(box.workerPid).not.toBe(pid);
      expect(logs.map((l) => l.message).join('\n')).toMatch(
        /hook worker \(pid \d+\) died \(signal SIGKILL: hook worker: replaced because ext\/big left an operation running/,
      );
    }
  });

  it('an endless microtask loop and a promise that never resolves both time out', async () => {
    const { box } = sandbox();
    await box.load(
      extension('ext', {
        microtasks: { source: 'export default async () => { while (true) await null }' },
        never: { source: 'export default () => new Promise(() => {})' },
        ok: { source: OK_HOOK },
      }),
    );
    const looping = await whileProbing('microtask loop', () =>
      box.call({ extensionId: 'ext', hookId: 'microtasks', event }),
    );
    expect(looping.error).toEqual({ kind: 'timeout', message: 'the hook ran longer than 50 ms' });
    const never = await whileProbing('never-resolving promise', () =>
      box.call({ extensionId: 'ext', hookId: 'never', event }),
    );
    expect(never.error?.kind).toBe('timeout');
    expect(never.error?.message).toMatch(/did not settle during the call/);
    await callOk(box);
  });

  it('a growing heap disposes only that isolate; the worker and other extensions live on', async () => {
    const { box, logs } = sandbox();
    await box.load(
      extension('ext', {
        bomb: {
          timeoutMs: 20_000,
          source: 'export default () => { const keep = []; while (true) keep.push(new Array(1e5).fill(1)) }',
        },
        strings: {
          timeoutMs: 20_000,
          source: `export default () => { const keep = []; while (true) keep.push('y'.repeat(1 << 20) + keep.length) }`,
        },
        ok: { source: OK_HOOK },
      }),
    );
    await box.load(extension('other', { ok: { source: OK_HOOK } }));
    const pid = box.workerPid;
    for (const hookId of ['bomb', 'strings']) {
      const outcome = await whileProbing(`memory bomb (${hookId})`, () =>
        box.call({ extensionId: 'ext', hookId, event }),
      );
      expect(outcome.error).toEqual({
        kind: 'memory',
        message: 'the hook exceeded the 32 MB memory limit; its isolate was disposed',
      });
      await callOk(box);
    }
    await callOk(box, 'other');
    expect(box.workerPid).toBe(pid);
    expect(box.restarts).toBe(0);
    expect(logs.some((l) => l.message.includes('recreating the isolate'))).toBe(true);
    expect(logs.map((l) => l.message)).toContain(
      'hook ext/bomb failed (memory): the hook exceeded the 32 MB memory limit; its isolate was disposed',
    );
  }, 90_000);

  // One allocation V8 cannot interrupt that grows until the process runs out of memory: either the
  // worker answers at the CPU deadline and replaces itself, or (on a machine fast enough to reach
  // the limit first) V8 kills it. Either way the caller gets one clear error, the worker comes back
  // with every extension, and nothing else fails.
  it('new Array(1e9).fill(0) costs only its own call; the worker is replaced, reloads every extension, and the parent never notices', async () => {
    const { box, logs } = sandbox();
    await box.load(
      extension('ext', {
        fill: { source: 'export default () => new Array(1e9).fill(0)' },
        ok: { source: OK_HOOK },
      }),
    );
    await box.load(extension('other', { ok: { source: OK_HOOK } }));
    const pid = box.workerPid as number;
    const outcome = await whileProbing('new Array(1e9).fill(0)', () =>
      box.call({ extensionId: 'ext', hookId: 'fill', event }),
    );
    expect(
      outcome.error?.kind === 'timeout'
        ? outcome.error.message
        : `${outcome.error?.kind}: ${outcome.error?.message}`,
    ).toMatch(
      /^the hook ran longer than 50 ms$|^memory: .*exhausted V8 memory.*worker was killed and restarts/,
    );
    // Queued behind the restart, not failed.
    await callOk(box, 'other');
    await callOk(box);
    expect(processExists(pid)).toBe(false);
    expect(
      logs.some((l) =>
        /hook worker \(pid \d+\) died \((.*V8 heap out of memory|signal SIGKILL: hook worker: replaced because ext\/fill left an operation running.*)\); restarting in 100 ms/.test(
          l.message,
        ),
      ),
    ).toBe(true);
    expect(box.restarts).toBe(1);
    expect(box.workerPid).not.toBe(pid);
  }, 20_000);

  it('a worker killed from outside fails only the call in flight and comes back', async () => {
    const { box, logs } = sandbox();
    await box.load(
      extension('ext', {
        slow: {
          timeoutMs: 1_000,
          source: 'export default () => { const end = Date.now() + 800; while (Date.now() < end) {} }',
        },
        ok: { source: OK_HOOK },
      }),
    );
    const pid = box.workerPid as number;
    const pending = box.call({ extensionId: 'ext', hookId: 'slow', event });
    const queued = box.call({ extensionId: 'ext', hookId: 'ok', event });
    setTimeout(() => process.kill(pid, 'SIGKILL'), 100);
    const outcome = await whileProbing('worker SIGKILL', () => pending);
    expect(outcome.error).toEqual({
      kind: 'worker-crashed',
      message: 'the hook worker died (signal SIGKILL)',
    });
    expect((await queued).error).toBeNull();
    expect(logs.some((l) => l.message.startsWith(`hook worker (pid ${pid}) died (signal SIGKILL)`))).toBe(
      true,
    );
    expect(box.restarts).toBe(1);
  });

  it('a hung worker is killed at the parent-side deadline and replaced', async () => {
    const { box } = sandbox({ deadlineGraceMs: 300 });
    await box.load(extension('ext', { ok: { source: OK_HOOK } }));
    const pid = box.workerPid as number;
    process.kill(pid, 'SIGSTOP');
    const outcome = await whileProbing('worker SIGSTOP', () =>
      box.call({ extensionId: 'ext', hookId: 'ok', event }),
    );
    expect(outcome.error).toEqual({
      kind: 'worker-unresponsive',
      message: 'the hook worker did not answer within 400 ms; killed it',
    });
    expect(processExists(pid)).toBe(false);
    await callOk(box);
  });

  it('no host object is reachable from a hook', async () => {
    const { box } = sandbox();
    await box.load(
      extension('ext', {
        escape: {
          source: `export default function (event) {
            const rows = [];
            const attempt = (label, fn) => {
              let detail;
              try {
                const value = fn();
                detail = value === undefined ? 'undefined' : typeof value === 'string' ? value : 'REACHED ' + typeof value;
              } catch (error) {
                detail = 'blocked: ' + (error && error.name);
              }
              rows.push({ id: label, label, detail });
            };
            attempt('Function constructor', () => (function () {}).constructor.constructor('return process')());
            attempt('this.constructor', () => this.constructor.constructor('return process')());
            attempt('event.constructor', () => event.constructor.constructor('return process')());
            attempt('globalThis.process', () => globalThis.process);
            attempt('require', () => require('fs'));
            attempt('module', () => module);
            attempt('eval', () => eval('process'));
            attempt('Function this', () => Function('return this')().process);
            attempt('timers', () => [globalThis.setTimeout, globalThis.setInterval, globalThis.setImmediate, globalThis.queueMicrotask].find((t) => t !== undefined));
            attempt('io', () => [globalThis.fetch, globalThis.XMLHttpRequest, globalThis.WebSocket, globalThis.Buffer].find((t) => t !== undefined));
            attempt('wasm and shared memory', () => [globalThis.WebAssembly, globalThis.SharedArrayBuffer, globalThis.Atomics].find((t) => t !== undefined));
            attempt('isolated-vm handles', () => [globalThis._ivm, globalThis.ivm, globalThis.global, globalThis.$0].find((t) => t !== undefined));
            attempt('import.meta', () => Object.keys(import.meta).join(',') || 'empty');
            attempt('stack frames', () => {
              Error.prepareStackTrace = (_, frames) => frames;
              const frames = new Error().stack;
              Error.prepareStackTrace = undefined;
              return frames.map((frame) => typeof frame.getThis() + '/' + typeof frame.getFunction()).join(' ');
            });
            attempt('caller', () => (function probe() { return probe.caller })());
            rows.push({ id: 'globals', label: 'globals', detail: Object.getOwnPropertyNames(globalThis).sort().join(' ') });
            return { type: 'publish', tab: 'agents', rows };
          }`,
        },
        dynamicImport: {
          source: `export default async () => {
            const tries = [];
            for (const specifier of ['fs', 'node:child_process', 'file:///etc/passwd', 'data:text/javascript,export default 1']) {
              try { await import(specifier); tries.push(specifier + ' LOADED') } catch (error) { tries.push(specifier + ' refused') }
            }
            return { type: 'notify', message: tries.join('; ') };
          }`,
        },
      }),
    );
    const escape = await whileProbing('escape attempts', () =>
      box.call({ extensionId: 'ext', hookId: 'escape', event }),
    );
    expect(escape.error).toBeNull();
    const rows = (escape.effects[0] as { rows: { label: string; detail: string }[] }).rows;
    const report = Object.fromEntries(rows.map((row) => [row.label, row.detail]));
    console.info(`escape report: ${JSON.stringify(report)}`);
    expect(report).toMatchObject({
      'Function constructor': 'blocked: ReferenceError',
      'this.constructor': 'blocked: TypeError',
      'event.constructor': 'blocked: ReferenceError',
      'globalThis.process': 'undefined',
      require: 'blocked: ReferenceError',
      module: 'blocked: ReferenceError',
      eval: 'blocked: ReferenceError',
      'Function this': 'undefined',
      timers: 'undefined',
      io: 'undefined',
      'wasm and shared memory': 'undefined',
      'isolated-vm handles': 'undefined',
      'import.meta': 'empty',
      caller: 'blocked: TypeError',
    });
    // Strict-mode frames hide their receivers and functions, ours included.
    expect(report['stack frames']).toMatch(/^(undefined\/undefined ?)+$/);
    const ecmascript = new Set(Object.getOwnPropertyNames(globalThis));
    const extra = (report.globals ?? '').split(' ').filter((name) => !ecmascript.has(name));
    expect(extra).toEqual([]);
    expect(report.globals).not.toMatch(
      /\b(process|require|setTimeout|fetch|Buffer|WebAssembly|SharedArrayBuffer|Atomics)\b/,
    );
    const dynamic = await box.call({ extensionId: 'ext', hookId: 'dynamicImport', event });
    expect(dynamic.effects).toEqual([
      {
        type: 'notify',
        message:
          'fs refused; node:child_process refused; file:///etc/passwd refused; data:text/javascript,export default 1 refused',
      },
    ]);
  });

  it('a worker never outlives a server that was killed without disposing it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rozi-hook-orphan-'));
    try {
      const script = join(dir, 'server.mts');
      const sandboxModule = fileURLToPath(new URL('./hookSandbox.ts', import.meta.url));
      await writeFile(
        script,
        `import { HookSandbox } from ${JSON.stringify(sandboxModule)};
        const box = new HookSandbox();
        await box.load({ extensionId: 'e', actions: [], tabs: [], hooks: [] });
        process.stdout.write(String(box.workerPid) + '\\n');
        setInterval(() => undefined, 1000);`,
      );
      const tsx = createRequire(import.meta.url).resolve('tsx');
      const server = spawn(process.execPath, ['--import', tsx, script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const workerPid = await new Promise<number>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(Number(out.trim()));
        });
        server.once('exit', (code) => reject(new Error(`server exited early with ${String(code)}`)));
      });
      expect(processExists(workerPid)).toBe(true);
      server.kill('SIGKILL');
      const deadline = Date.now() + 5_000;
      while (processExists(workerPid) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(processExists(workerPid)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
