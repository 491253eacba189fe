import { describe, expect, it } from 'vitest';
import { BATCH_MAX_BYTES, BATCH_WINDOW_MS, OutputBatcher } from './outputBatcher';

const quiet = () => new Promise((r) => setTimeout(r, BATCH_WINDOW_MS * 5));

describe('OutputBatcher', () => {
  it('sends the first bytes after a quiet spell at once (a key echo is not delayed)', async () => {
    let flushes = 0;
    const b = new OutputBatcher(() => flushes++);
    b.note(1);
    expect(flushes).toBe(1);
    await quiet();
    b.note(1);
    expect(flushes).toBe(2);
    b.dispose();
  });

  it('coalesces a burst into one flush per window, with one timer', async () => {
    let flushes = 0;
    const b = new OutputBatcher(() => flushes++);
    b.note(4096); // leading edge
    for (let i = 0; i < 10; i++) b.note(4096);
    expect(flushes).toBe(1);
    await quiet();
    expect(flushes).toBe(2);
    b.dispose();
  });

  it('flushes without waiting once a frame worth of bytes is pending', () => {
    let flushes = 0;
    const b = new OutputBatcher(() => flushes++);
    b.note(1);
    b.note(BATCH_MAX_BYTES - 1);
    expect(flushes).toBe(1);
    b.note(1);
    expect(flushes).toBe(2);
    b.dispose();
  });

  it('flushNow hands over what is pending (before an exit notice); dispose drops the timer', async () => {
    let flushes = 0;
    const b = new OutputBatcher(() => flushes++);
    b.note(1);
    b.note(1);
    b.flushNow();
    expect(flushes).toBe(2);
    b.note(1);
    b.dispose();
    await quiet();
    expect(flushes).toBe(2);
  });

  it('sends the first output after input at once, even inside a window (the echo of a fast key)', () => {
    let flushes = 0;
    const b = new OutputBatcher(() => flushes++);
    b.note(1); // an echo, at once
    b.note(1); // output within the window waits for the timer
    expect(flushes).toBe(1);
    b.inputSent();
    b.note(1); // the next key's echo: at once, with what was pending
    expect(flushes).toBe(2);
    b.note(4096); // more output right after it is coalesced again
    expect(flushes).toBe(2);
    b.dispose();
  });
});
