// Real action processes: schemas, deadline, singleton, concurrency, nesting, cancel, group kill.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionError, ActionInvoker, type ActionDefinition, type InvokeRequest } from './actions';
import { UnitLog } from './logs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-act-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

function action(over: Partial<ActionDefinition> & { argv: string[] }): ActionDefinition {
  return {
    extension: 'ext',
    id: 'act',
    cwd: dir,
    argsSchema: {},
    resultSchema: {},
    deadlineMs: 5_000,
    concurrency: 'parallel',
    ...over,
  };
}

function req(a: ActionDefinition, over: Partial<InvokeRequest> = {}): InvokeRequest {
  return {
    session: 'work',
    action: a,
    argsJson: '{}',
    env: (id) => ({ PATH: process.env.PATH, ROZI_INVOCATION_ID: id }),
    ...over,
  };
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof ActionError) return err.code;
    throw err;
  }
}

function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('ActionInvoker', () => {
  it('passes args on stdin, returns the one JSON value, and checks both schemas', async () => {
    const inv = new ActionInvoker();
    const echo = script(
      'echo.sh',
      'read line; printf \'{"got":%s,"id":"%s"}\\n\' "$line" "$ROZI_INVOCATION_ID"',
    );
    const a = action({
      argv: [echo],
      argsSchema: { type: 'object', required: ['package'], properties: { package: { type: 'string' } } },
      resultSchema: { type: 'object', required: ['got'] },
    });
    const r = await inv.invoke(req(a, { argsJson: '{"package":"rozi"}' }));
    expect(r.result).toEqual({ got: { package: 'rozi' }, id: r.invocationId });
    expect(await codeOf(inv.invoke(req(a, { argsJson: '{"package":1}' })))).toBe('invalid-args');
    expect(await codeOf(inv.invoke(req(a, { argsJson: 'nope' })))).toBe('invalid-args');
    const bad = action({
      argv: [script('bad.sh', 'echo \'{"other":1}\'')],
      resultSchema: { type: 'object', required: ['passed'] },
    });
    expect(await codeOf(inv.invoke(req(bad)))).toBe('invalid-result');
  });

  it('refuses oversized args and results, two JSON values, and non-zero exits', async () => {
    const inv = new ActionInvoker();
    const ok = action({ argv: [script('ok.sh', 'echo 1')] });
    expect(await codeOf(inv.invoke(req(ok, { argsJson: JSON.stringify('x'.repeat(600 * 1024)) })))).toBe(
      'payload-too-large',
    );
    const big = action({ argv: [script('big.sh', `head -c 700000 /dev/zero | tr '\\0' 1`)] });
    expect(await codeOf(inv.invoke(req(big)))).toBe('payload-too-large');
    expect(await codeOf(inv.invoke(req(action({ argv: [script('two.sh', 'echo 1; echo 2')] }))))).toBe(
      'bad-output',
    );
    expect(
      await codeOf(inv.invoke(req(action({ argv: [script('fail.sh', 'echo oops >&2; exit 4')] })))),
    ).toBe('action-failed');
  });

  it('the deadline covers the whole call and kills the process group', async () => {
    const inv = new ActionInvoker();
    const pidFile = join(dir, 'child.pid');
    const slow = action({
      argv: [script('slow.sh', `sleep 30 & echo $! > ${pidFile}; wait`)],
      deadlineMs: 300,
    });
    const t0 = Date.now();
    expect(await codeOf(inv.invoke(req(slow)))).toBe('deadline');
    expect(Date.now() - t0).toBeLessThan(2_000);
    const child = Number(readFileSync(pidFile, 'utf8'));
    for (let i = 0; i < 200 && alive(child); i++) await new Promise((r) => setTimeout(r, 10));
    expect(alive(child)).toBe(false);
    expect(inv.invocations()).toEqual([]);
  });

  it('a singleton refuses a second call while one runs', async () => {
    const inv = new ActionInvoker();
    const a = action({ argv: [script('s.sh', 'sleep 0.3; echo 1')], concurrency: 'singleton' });
    const first = inv.invoke(req(a));
    expect(await codeOf(inv.invoke(req(a)))).toBe('already-running');
    expect(await codeOf(inv.invoke(req(a, { session: 'other' })))).toBe('ok');
    expect(await codeOf(first)).toBe('ok');
    expect(await codeOf(inv.invoke(req(a)))).toBe('ok');
  });

  it('a session runs at most 8 calls at once; the ninth fails instead of waiting', async () => {
    const inv = new ActionInvoker();
    const a = action({ argv: [script('s.sh', 'sleep 0.4; echo 1')] });
    const eight = Array.from({ length: 8 }, () => inv.invoke(req(a)));
    expect(await codeOf(inv.invoke(req(a)))).toBe('too-many-calls');
    expect(await codeOf(inv.invoke(req(a, { session: 'other' })))).toBe('ok');
    expect(await Promise.all(eight.map(codeOf))).toEqual(Array(8).fill('ok'));
  });

  it('calls nest at most 8 deep, and a nested call is bound by its caller deadline', async () => {
    const inv = new ActionInvoker({ maxCallsPerSession: 20 });
    const hold = action({ argv: [script('hold.sh', 'sleep 5; echo 1')], deadlineMs: 10_000 });
    const chain: Promise<unknown>[] = [];
    let parent: string | undefined;
    for (let depth = 1; depth <= 8; depth++) {
      chain.push(inv.invoke(req(hold, parent ? { parent } : {})).catch(() => undefined));
      await new Promise((r) => setTimeout(r, 20));
      parent = inv.invocations().find((i) => i.depth === depth)?.id;
      expect(parent).toBeDefined();
    }
    expect(await codeOf(inv.invoke(req(hold, { parent })))).toBe('nesting-too-deep');
    inv.cancelWhere(() => true, 'test over');
    await Promise.all(chain);

    const outer = action({ id: 'outer', argv: [script('outer.sh', 'sleep 5; echo 1')], deadlineMs: 400 });
    const outerCall = inv.invoke(req(outer)).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    const outerId = inv.invocations()[0]?.id as string;
    const inner = action({ id: 'inner', argv: [script('inner.sh', 'sleep 5; echo 1')], deadlineMs: 60_000 });
    const t0 = Date.now();
    expect(await codeOf(inv.invoke(req(inner, { parent: outerId })))).toBe('deadline');
    expect(Date.now() - t0).toBeLessThan(1_000);
    await outerCall;
    expect(await codeOf(inv.invoke(req(inner, { parent: outerId })))).toBe('caller-ended');
  });

  it('cancel ends a call and kills its group; a disconnecting caller does too', async () => {
    const inv = new ActionInvoker();
    const log = new UnitLog({ dir, unit: 'action.act' });
    const a = action({ argv: [script('c.sh', 'echo working >&2; sleep 30; echo 1')] });
    const call = inv.invoke(req(a, { log }));
    await new Promise((r) => setTimeout(r, 50));
    const info = inv.invocations()[0];
    expect(inv.cancel(info?.id as string)).toBe(true);
    expect(await codeOf(call)).toBe('cancelled');
    for (let i = 0; i < 200 && alive(info?.pid as number); i++) await new Promise((r) => setTimeout(r, 10));
    expect(alive(info?.pid as number)).toBe(false);
    expect(readFileSync(log.file, 'utf8')).toContain('working');

    const ac = new AbortController();
    const call2 = inv.invoke(req(a, { signal: ac.signal }));
    setTimeout(() => ac.abort(), 50);
    expect(await codeOf(call2)).toBe('cancelled');
  });

  it('fails a call whose leftover process keeps stdout open', async () => {
    const inv = new ActionInvoker({ stdoutCloseGraceMs: 200 });
    const a = action({ argv: [script('leak.sh', 'setsid sleep 3 & sleep 0.3; echo 1')] });
    expect(await codeOf(inv.invoke(req(a)))).toBe('stdout-open');
  });
});
