import { describe, expect, it } from 'vitest';
import { BACKGROUND_SLICE, BACKGROUND_WINDOW_BYTES, BACKGROUND_WINDOW_MS, paneWriter } from './paneWriter';

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
    expect(term.writes).toEqual([BACKGROUND_SLICE]); // one slice's worth per turn
    await settle();
    expect(term.writes).toEqual([BACKGROUND_SLICE, BACKGROUND_SLICE, 10, 5]);
    expect(done).toEqual(['a', 'b']);
  });

  it('takes many small chunks in one turn', async () => {
    // Parses only when told to, so the turns can be counted.
    const writes: number[] = [];
    const parse: Array<() => void> = [];
    const term = {
      write(bytes: Uint8Array | string, cb?: () => void) {
        writes.push(typeof bytes === 'string' ? bytes.length : bytes.byteLength);
        parse.push(() => cb?.());
      },
    };
    const w = paneWriter(term, { foreground: () => false });
    for (let i = 0; i < 50; i++) w.write(new Uint8Array(100), () => undefined);
    expect(writes).toHaveLength(1); // the first went at once; the rest wait for its parse
    for (const p of parse.splice(0)) p();
    await settle(); // one turn
    expect(writes).toHaveLength(50); // the 49 queued lines (4,900 bytes) went in that one turn
  });

  it('holds flooding background panes together to one budget per window, then goes on', async () => {
    await new Promise((r) => setTimeout(r, BACKGROUND_WINDOW_MS + 10)); // a fresh window
    const a = fakeTerm();
    const b = fakeTerm();
    const wa = paneWriter(a, { foreground: () => false });
    const wb = paneWriter(b, { foreground: () => false });
    let done = 0;
    wa.write(new Uint8Array(100_000), () => done++);
    wb.write(new Uint8Array(100_000), () => done++);
    await new Promise((r) => setTimeout(r, BACKGROUND_WINDOW_MS / 2));
    const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
    expect(sum(a.writes) + sum(b.writes)).toBeLessThanOrEqual(BACKGROUND_WINDOW_BYTES);
    expect(sum(a.writes)).toBeGreaterThan(0);
    expect(sum(b.writes)).toBeGreaterThan(0);
    const deadline = Date.now() + 5000;
    while (done < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(2);
    expect(sum(a.writes)).toBe(100_000);
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
