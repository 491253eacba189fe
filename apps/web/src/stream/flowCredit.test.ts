import { describe, expect, it } from 'vitest';
import { FlowCredit } from './flowCredit';
import { ackEvery, FLOW_ACK_EVERY, FLOW_FOCUSED_WINDOW } from './wireFormat';

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

  it('batches an eighth of the window, at most FLOW_ACK_EVERY, so a small window still gets acks', () => {
    expect(ackEvery(FLOW_FOCUSED_WINDOW)).toBe(FLOW_ACK_EVERY);
    expect(ackEvery(16 * 1024)).toBe(2048);
    const f = new FlowCredit(ackEvery(FLOW_FOCUSED_WINDOW));
    expect(f.parsed(44_000)).toBe(0);
    expect(f.parsed(44_000)).toBe(88_000);
    // The window shrinks to 16 KiB: a 4 KB frame is acked at once, before the server stops.
    f.setAckEvery(ackEvery(16 * 1024));
    expect(f.parsed(4000)).toBe(4000);
  });
});
