import { describe, expect, it } from 'vitest';
import { CueThrottle } from './cueThrottle';

describe('CueThrottle', () => {
  it('lets one cue through per window, each cue on its own clock', () => {
    let now = 0;
    const t = new CueThrottle(() => now);
    expect(t.allow('bell', 2000)).toBe(true);
    now = 1999;
    expect(t.allow('bell', 2000)).toBe(false);
    expect(t.allow('blocked', 2000)).toBe(true);
    now = 2000;
    expect(t.allow('bell', 2000)).toBe(true);
    // A skipped cue does not restart the window.
    now = 3000;
    expect(t.allow('bell', 2000)).toBe(false);
    now = 4000;
    expect(t.allow('bell', 2000)).toBe(true);
  });
});
