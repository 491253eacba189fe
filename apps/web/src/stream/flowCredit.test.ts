import { describe, expect, it } from 'vitest';
import { FlowCredit } from './flowCredit';

describe('FlowCredit', () => {
  it('acks parsed bytes in batches of at least ackEvery', () => {
    const f = new FlowCredit(5000);
    expect(f.parsed(3000)).toBe(0);
    expect(f.parsed(3000)).toBe(6000);
    expect(f.parsed(64_000)).toBe(64_000);
  });

  it('starts over on a new socket', () => {
    const f = new FlowCredit(5000);
    f.parsed(4000);
    f.reset();
    expect(f.parsed(4000)).toBe(0);
  });
});
