import { describe, expect, it } from 'vitest';
import { FlowCredit } from './flowCredit';

describe('FlowCredit', () => {
  it('acks on arrival, in batches, while the terminal keeps up', () => {
    const f = new FlowCredit(5000, 100_000);
    expect(f.received(3000)).toBe(0);
    expect(f.received(3000)).toBe(6000);
    expect(f.parsed(3000)).toBe(0);
    expect(f.parsed(3000)).toBe(0);
  });

  it('holds acks once the unparsed backlog passes the budget, and releases them as it parses', () => {
    const f = new FlowCredit(5000, 100_000);
    expect(f.received(64_000)).toBe(64_000);
    expect(f.received(64_000)).toBe(0); // 128,000 queued: over budget
    expect(f.received(64_000)).toBe(0);
    expect(f.parsed(64_000)).toBe(0); // backlog 128,000: still over
    expect(f.parsed(64_000)).toBe(128_000); // backlog 64,000 ≤ budget: both held frames released
  });

  it('never lets unacked bytes grow without bound when the terminal stalls', () => {
    const f = new FlowCredit(5000, 100_000);
    let acked = 0;
    for (let i = 0; i < 100; i++) acked += f.received(10_000);
    // The server sees at most budget acked while nothing was parsed, so it stops at its watermark.
    expect(acked).toBeLessThanOrEqual(100_000);
  });

  it('starts over on a new socket', () => {
    const f = new FlowCredit(5000, 100_000);
    f.received(4000);
    f.reset();
    expect(f.received(4000)).toBe(0);
  });
});
