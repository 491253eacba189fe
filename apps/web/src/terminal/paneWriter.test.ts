import { describe, expect, it } from 'vitest';
import { BACKGROUND_SLICE, paneWriter } from './paneWriter';

/** A stand-in for xterm's write queue: parses on a later task, records what it got. */
function fakeTerm() {
  const writes: number[] = [];
  return {
    writes,
    write(bytes: Uint8Array | string, cb?: () => void) {
      writes.push(typeof bytes === 'string' ? bytes.length : bytes.byteLength);
      setTimeout(() => cb?.(), 0);
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('paneWriter', () => {
  it('writes a focused pane straight through', async () => {
    const term = fakeTerm();
    let done = 0;
    const w = paneWriter(term, { foreground: () => true });
    w.write(new Uint8Array(100_000), () => done++);
    expect(term.writes).toEqual([100_000]);
    await settle();
    expect(done).toBe(1);
  });

  it('slices a background pane, acknowledging each chunk once it is all parsed, in order', async () => {
    const term = fakeTerm();
    const done: string[] = [];
    const w = paneWriter(term, { foreground: () => false });
    w.write(new Uint8Array(BACKGROUND_SLICE * 2 + 10), () => done.push('a'));
    w.write(new Uint8Array(5), () => done.push('b'));
    expect(term.writes).toEqual([BACKGROUND_SLICE]); // one slice per turn
    await settle();
    expect(term.writes).toEqual([BACKGROUND_SLICE, BACKGROUND_SLICE, 10, 5]);
    expect(done).toEqual(['a', 'b']);
  });

  it('hands everything queued over at once when the pane is focused again', async () => {
    const term = fakeTerm();
    let focused = false;
    const w = paneWriter(term, { foreground: () => focused });
    w.write(new Uint8Array(BACKGROUND_SLICE * 3), () => undefined);
    focused = true;
    w.write(new Uint8Array(7), () => undefined); // queued behind the backlog, not ahead of it
    await settle();
    expect(term.writes).toEqual([BACKGROUND_SLICE, BACKGROUND_SLICE * 2, 7]);
  });

  it('acknowledges what a reset drops, and writes nothing after dispose', async () => {
    const term = fakeTerm();
    let acked = 0;
    const w = paneWriter(term, { foreground: () => false });
    w.write(new Uint8Array(BACKGROUND_SLICE * 4), () => acked++);
    w.write(new Uint8Array(10), () => acked++);
    w.reset();
    expect(acked).toBe(2);
    w.dispose();
    w.write(new Uint8Array(10), () => acked++);
    await settle();
    expect(term.writes).toEqual([BACKGROUND_SLICE]);
  });
});
