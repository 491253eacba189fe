import { describe, expect, it } from 'vitest';
import { ackEvery, FlowCredit, MAX_ACK_BYTES, MIN_ACK_BYTES } from './flowCredit';

/** A FlowCredit whose deferred flushes run when the test says the task ended. */
function credit(window: number) {
  const sent: number[] = [];
  const pending: Array<() => void> = [];
  const flow = new FlowCredit({ window, send: (n) => sent.push(n), defer: (f) => pending.push(f) });
  const endTask = () => {
    for (const f of pending.splice(0)) f();
  };
  return { flow, sent, endTask, pending };
}

describe('FlowCredit', () => {
  it('acks an eighth of the window at most, 64 KiB at most, 5,000 bytes at least', () => {
    expect(ackEvery(512 * 1024)).toBe(MAX_ACK_BYTES);
    expect(ackEvery(256 * 1024)).toBe(32 * 1024);
    expect(ackEvery(16 * 1024)).toBe(MIN_ACK_BYTES);
  });

  it('sends one ack for every frame parsed in one task, once that task ends', () => {
    const { flow, sent, endTask } = credit(512 * 1024);
    for (let i = 0; i < 5; i++) flow.parsed(40_000); // xterm calls back five frames in one task
    expect(sent).toEqual([]);
    endTask();
    expect(sent).toEqual([200_000]);
  });

  it('holds an ack until enough is parsed, then carries everything since the last', () => {
    const { flow, sent, endTask } = credit(512 * 1024);
    flow.parsed(3000);
    endTask();
    expect(sent).toEqual([]);
    flow.parsed(MAX_ACK_BYTES);
    endTask();
    expect(sent).toEqual([MAX_ACK_BYTES + 3000]);
  });

  it('a smaller window makes what was parsed due at once (the server waits for it)', () => {
    const { flow, sent, endTask } = credit(512 * 1024);
    flow.parsed(20_000);
    endTask();
    expect(sent).toEqual([]);
    flow.setWindow(16 * 1024);
    endTask();
    expect(sent).toEqual([20_000]);
  });

  it('starts over on a new socket, dropping an ack queued for the old one', () => {
    const { flow, sent, endTask } = credit(512 * 1024);
    flow.parsed(100_000);
    flow.reset();
    endTask();
    expect(sent).toEqual([]);
    flow.parsed(4000);
    endTask();
    expect(sent).toEqual([]);
    flow.parsed(MAX_ACK_BYTES);
    endTask();
    expect(sent).toEqual([MAX_ACK_BYTES + 4000]);
  });

  it('flushes after the task with the default scheduler (a microtask)', async () => {
    const sent: number[] = [];
    const flow = new FlowCredit({ window: 512 * 1024, send: (n) => sent.push(n) });
    flow.parsed(70_000);
    flow.parsed(70_000);
    expect(sent).toEqual([]);
    await Promise.resolve();
    expect(sent).toEqual([140_000]);
  });
});
