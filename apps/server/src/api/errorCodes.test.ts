// Every coded failure leaves HTTP with its code's status (contract/codes.ts), whichever part of the
// server raised it; before, only the workspace's RoziError was mapped and an extension host's
// not-permitted left as a 500.
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { ActionError } from '@rozi/extensions/node';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, EXIT, exitCodeOf } from '../contract/codes';
import { ExtensionHostError } from '../extensions/hostError';
import { LinkCallError } from '../link/linkCallError';
import { RoziError } from '../session/errors';
import type { ServerServices } from './context';
import { describeError } from './errorShape';
import { procedure, router } from './trpc';

async function statusOf(err: Error): Promise<{ status: number; code: string }> {
  const r = router({
    fail: procedure.query(() => {
      throw err;
    }),
  });
  // No subsystem is touched: the procedure fails before it would reach one.
  const caller = r.createCaller({ ...({} as ServerServices), caller: { ok: true, via: 'bearer' } });
  try {
    await caller.fail();
  } catch (e) {
    if (!(e instanceof TRPCError)) throw e;
    return { status: getHTTPStatusCodeFromError(e), code: describeError(e).code };
  }
  throw new Error('the procedure did not fail');
}

describe('error codes over HTTP', () => {
  it('maps an extension host not-permitted to 403, not 500', async () => {
    expect(await statusOf(new ExtensionHostError('not-permitted', 'no'))).toEqual({
      status: 403,
      code: 'not-permitted',
    });
  });

  it('maps every kind of coded error through the one table', async () => {
    expect(await statusOf(new RoziError('not-found', 'no pane 9'))).toEqual({
      status: 404,
      code: 'not-found',
    });
    expect(await statusOf(new ExtensionHostError('stale-generation', 'retired'))).toEqual({
      status: 412,
      code: 'stale-generation',
    });
    expect(await statusOf(new ActionError('deadline', 'too slow'))).toEqual({
      status: 408,
      code: 'deadline',
    });
    expect(await statusOf(new LinkCallError('conflict', 'taken'))).toEqual({ status: 409, code: 'conflict' });
    expect(await statusOf(new Error('boom'))).toEqual({ status: 500, code: 'internal' });
  });
});

describe('exit codes', () => {
  it('gives each number one meaning and each code one exit', () => {
    const numbers = Object.values(EXIT);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const code of Object.keys(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(numbers).toContain(exitCodeOf(code));
    }
    expect(exitCodeOf('stale-ref')).toBe(EXIT.stale);
    expect(exitCodeOf('stale-generation')).toBe(EXIT.stale);
    expect(exitCodeOf('port-in-use')).toBe(EXIT.startFailed);
    expect(exitCodeOf('a-code-from-a-newer-host')).toBe(EXIT.failed);
  });
});
