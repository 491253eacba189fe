import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_TIMINGS, RestartTracker } from './supervisorBackoff';

describe('RestartTracker', () => {
  it('doubles the delay from 500 ms and gives up at the fifth start within 10 s', () => {
    const t = new RestartTracker();
    let now = 0;
    const delays: number[] = [];
    for (;;) {
      t.recordStart(now);
      now += 10; // the process dies 10 ms after starting
      const d = t.onExit({ now, failed: true, policy: 'on-failure' });
      if (d.kind !== 'restart') {
        expect(d.kind).toBe('give-up');
        break;
      }
      delays.push(d.delayMs);
      now += d.delayMs;
    }
    expect(delays).toEqual([500, 1000, 2000, 4000]);
    expect(now).toBeLessThan(DEFAULT_RESTART_TIMINGS.giveUpWindowMs);
  });

  it('over 1000 quick exits with a lenient window the delay is capped and the give-up rule still ends it', () => {
    const t = new RestartTracker({
      ...DEFAULT_RESTART_TIMINGS,
      giveUpStarts: 1000,
      giveUpWindowMs: Number.POSITIVE_INFINITY,
    });
    let now = 0;
    let restarts = 0;
    let maxDelay = 0;
    for (;;) {
      t.recordStart(now);
      now += 1;
      const d = t.onExit({ now, failed: true, policy: 'always' });
      if (d.kind !== 'restart') break;
      restarts++;
      maxDelay = Math.max(maxDelay, d.delayMs);
      now += d.delayMs;
    }
    expect(restarts).toBe(999);
    expect(maxDelay).toBe(DEFAULT_RESTART_TIMINGS.maxDelayMs);
  });

  it('a stable run resets the backoff', () => {
    const t = new RestartTracker();
    t.recordStart(0);
    expect(t.onExit({ now: 5, failed: true, policy: 'on-failure' })).toEqual({
      kind: 'restart',
      delayMs: 500,
    });
    t.recordStart(505);
    expect(t.onExit({ now: 510, failed: true, policy: 'on-failure' })).toEqual({
      kind: 'restart',
      delayMs: 1000,
    });
    t.recordStart(1510);
    expect(t.onExit({ now: 1510 + 60_000, failed: true, policy: 'on-failure' })).toEqual({
      kind: 'restart',
      delayMs: 500,
    });
  });

  it('honours the policies', () => {
    expect(new RestartTracker().onExit({ now: 1, failed: false, policy: 'on-failure' }).kind).toBe('done');
    expect(new RestartTracker().onExit({ now: 1, failed: true, policy: 'never' }).kind).toBe('done');
    expect(new RestartTracker().onExit({ now: 1, failed: false, policy: 'always' }).kind).toBe('restart');
  });
});
