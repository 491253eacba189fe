import { describe, expect, it } from 'vitest';
import { HookHealth, percentile } from './health';

describe('HookHealth', () => {
  it('counts calls, failures and timeouts and keeps the last error', () => {
    const health = new HookHealth();
    health.recordSuccess({ durationMs: 1, rejectedEffects: 2 });
    health.recordFailure({ kind: 'timeout', message: 'too slow', now: 1_000, durationMs: 50 });
    health.recordFailure({ kind: 'thrown', message: 'boom', now: 2_000 });
    expect(health.snapshot()).toMatchObject({
      calls: 3,
      failures: 2,
      timeouts: 1,
      rejectedEffects: 2,
      lastError: 'boom',
      lastErrorAt: 2_000,
      p50Ms: 1,
      p99Ms: 50,
      disabled: false,
    });
  });

  it('disables after N failures inside the window, once, and re-enables on request', () => {
    const health = new HookHealth({ disableAfterFailures: 3, windowMs: 10_000 });
    expect(health.recordFailure({ kind: 'thrown', message: 'a', now: 0 })).toBeNull();
    expect(health.recordFailure({ kind: 'thrown', message: 'b', now: 5_000 })).toBeNull();
    // The first failure left the window: still only two inside it.
    expect(health.recordFailure({ kind: 'thrown', message: 'c', now: 10_001 })).toBeNull();
    const reason = health.recordFailure({ kind: 'memory', message: 'd', now: 10_002 });
    expect(reason).toBe('disabled after 3 failures in 10 s; last: d');
    expect(health.disabled).toBe(true);
    expect(health.recordFailure({ kind: 'thrown', message: 'e', now: 10_003 })).toBeNull();
    health.enable();
    expect(health.disabled).toBe(false);
    expect(health.recordFailure({ kind: 'thrown', message: 'f', now: 10_004 })).toBeNull();
  });

  it('never disables for overload or cancellation', () => {
    const health = new HookHealth({ disableAfterFailures: 1, windowMs: 10_000 });
    expect(health.recordFailure({ kind: 'overloaded', message: 'busy', now: 0 })).toBeNull();
    expect(health.recordFailure({ kind: 'cancelled', message: 'bye', now: 0 })).toBeNull();
    expect(health.disabled).toBe(false);
  });
});

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([], 0.5)).toBeNull();
  });
});
