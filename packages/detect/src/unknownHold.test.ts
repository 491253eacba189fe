import { describe, expect, it } from 'vitest';
import { UNKNOWN_QUIET_PERIOD_MS, holdUnknown } from './unknownHold';

describe('holdUnknown', () => {
  it('keeps the last observed state while unknown, then returns to idle after the quiet period', () => {
    let held = holdUnknown(null, 'working', 0);
    expect(held).toEqual({ state: 'working', confirmedAt: 0 });
    held = holdUnknown(held, 'unknown', UNKNOWN_QUIET_PERIOD_MS - 1);
    expect(held.state).toBe('working');
    held = holdUnknown(held, 'unknown', UNKNOWN_QUIET_PERIOD_MS);
    expect(held.state).toBe('idle');
    expect(holdUnknown(held, 'blocked', UNKNOWN_QUIET_PERIOD_MS + 5)).toEqual({
      state: 'blocked',
      confirmedAt: UNKNOWN_QUIET_PERIOD_MS + 5,
    });
  });

  it('reads idle when the first observation is unknown', () => {
    expect(holdUnknown(null, 'unknown', 7)).toEqual({ state: 'idle', confirmedAt: 7 });
  });
});
