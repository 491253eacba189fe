import { describe, expect, it, vi } from 'vitest';
import {
  Mirror,
  MIRROR_FLOOD_BYTES,
  MIRROR_FLOOD_QUIET_MS,
  MIRROR_FLOOD_WAIT_MS,
  MIRROR_MAX_BACKLOG,
  MIRROR_SKIP_TAIL,
} from './mirror';

const make = () =>
  new Mirror({ cols: 40, rows: 5, scrollback: 100, onTitle: () => undefined, onBell: () => undefined });

/** Runs `test` on a fresh mirror under a fake clock (timers, `performance`, `Date`), then restores it. */
async function withFakeClock(test: (m: Mirror) => Promise<void>): Promise<void> {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'],
  });
  const m = make();
  try {
    await test(m);
  } finally {
    m.dispose();
    vi.useRealTimers();
  }
}

/** 2,000 lines of 40 bytes, 80,000 in all: a flood in one push (MIRROR_FLOOD_BYTES). */
const floodPiece = (fill: string) => Buffer.from(`${fill.repeat(38)}\r\n`.repeat(2000));

describe('Mirror', () => {
  it('parses queued output before whenParsed runs', async () => {
    const m = make();
    m.push(Buffer.from('hello\r\nworld'));
    const line = await m.whenParsed(() => m.term.buffer.active.getLine(1)?.translateToString(true));
    expect(line).toBe('world');
    expect(m.offset).toBe(12);
    m.dispose();
  });

  it('releases bytes only once parsed or skipped (the ring rewrites memory below that)', async () => {
    const m = make();
    m.push(Buffer.from('first\r\n'));
    expect(m.released).toBe(0); // queued, not yet parsed
    await m.whenParsed(() => undefined);
    expect(m.released).toBe(7);
    const line = Buffer.from('y'.repeat(38) + '\r\n');
    let pushed = 7;
    while (pushed < MIRROR_MAX_BACKLOG * 2) {
      m.push(line);
      pushed += line.length;
      // Never past the bytes still queued (the newest MIRROR_SKIP_TAIL at least, after a skip).
      expect(m.released).toBeLessThanOrEqual(pushed - Math.min(pushed - 7, line.length));
    }
    expect(m.released).toBeGreaterThan(MIRROR_MAX_BACKLOG - MIRROR_SKIP_TAIL); // the skipped part
    await m.whenParsed(() => undefined);
    expect(m.released).toBe(pushed);
    m.dispose();
  });

  it('skips ahead when its backlog passes the bound, keeping the screen current', async () => {
    const m = make();
    const line = Buffer.from('x'.repeat(38) + '\r\n');
    let pushed = 0;
    while (pushed < MIRROR_MAX_BACKLOG * 3) {
      m.push(line);
      pushed += line.length;
    }
    m.push(Buffer.from('\x1b[2J\x1b[Hthe end'));
    const first = await m.whenParsed(() =>
      m.term.buffer.active.getLine(m.term.buffer.active.baseY)?.translateToString(true),
    );
    expect(first).toBe('the end');
    expect(m.skippedBytes).toBeGreaterThan(MIRROR_MAX_BACKLOG);
    m.dispose();
  });

  it('keeps the newest bytes in order across queued pieces when it skips ahead', async () => {
    const m = make();
    let pushed = 0;
    let n = 0;
    // Pieces of 1 to 3 numbered lines, so the kept tail starts inside a piece and spans many.
    while (pushed < MIRROR_MAX_BACKLOG * 2 + 12345) {
      let piece = '';
      for (let i = 0; i <= n % 3; i++) piece += `line-${String(n++).padStart(7, '0')}\r\n`;
      m.push(Buffer.from(piece));
      pushed += piece.length;
    }
    const rows = await m.whenParsed(() => {
      const b = m.term.buffer.active;
      return [0, 1, 2, 3].map((y) => b.getLine(b.baseY + y)?.translateToString(true));
    });
    expect(rows).toEqual([n - 4, n - 3, n - 2, n - 1].map((i) => `line-${String(i).padStart(7, '0')}`));
    expect(m.offset).toBe(pushed);
    expect(m.skippedBytes).toBeGreaterThan(0);
    m.dispose();
  });

  it('keeps no more lines of a skipped flood than the screen and scrollback hold', async () => {
    const m = make(); // 5 rows, 100 lines of scrollback
    const line = (i: number) => `line-${String(i).padStart(7, '0')}\r\n`; // 14 bytes
    let pushed = 0;
    let n = 0;
    while (m.skippedBytes === 0) {
      const piece = line(n++) + line(n++) + line(n++);
      m.push(Buffer.from(piece));
      pushed += piece.length;
    }
    expect(pushed).toBeGreaterThan(MIRROR_MAX_BACKLOG);
    // One skip, of all but the last 104 lines (the 105th line feed from the end starts the tail),
    // where the byte bound alone would have kept MIRROR_SKIP_TAIL bytes, ~75,000 lines.
    expect(m.skippedBytes).toBe(pushed - 104 * 14);
    const lines = await m.whenParsed(() => {
      const b = m.term.buffer.active;
      const out: string[] = [];
      for (let y = 0; y < b.length; y++) out.push(b.getLine(y)?.translateToString(true) ?? '');
      return out;
    });
    // The scrollback is full of the flood's newest lines, whole and in order.
    const flood = lines.filter((l) => l.startsWith('line-'));
    expect(flood.length).toBe(104);
    expect(flood).toEqual(Array.from({ length: 104 }, (_, i) => line(n - 104 + i).trimEnd()));
    m.dispose();
  });

  it('leaves a flood unparsed while it lasts and parses it once output pauses', () =>
    withFakeClock(async (m) => {
      const piece = floodPiece('z');
      expect(piece.length).toBeGreaterThanOrEqual(MIRROR_FLOOD_BYTES);
      let pushed = 0;
      // A push every 5 ms, closer than MIRROR_FLOOD_QUIET_MS.
      for (let i = 0; i < 12; i++) {
        m.push(piece);
        pushed += piece.length;
        await vi.advanceTimersByTimeAsync(5);
      }
      expect(m.offset).toBe(0);
      // A read, with the flood going on: answered once what came before it is parsed, neither
      // when the flood pauses nor after MIRROR_FLOOD_WAIT_MS.
      const target = pushed;
      let read = false;
      void m.whenParsed(() => (read = true));
      let waited = 0;
      while (!read) {
        m.push(piece);
        pushed += piece.length;
        await vi.advanceTimersByTimeAsync(5);
        waited += 5;
      }
      expect(m.offset).toBeGreaterThanOrEqual(target);
      expect(waited).toBeLessThan(MIRROR_FLOOD_WAIT_MS / 4);
      // Then the flood pauses: what is left is parsed with no read asking.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(m.offset).toBe(pushed);
      // Another flood, left alone while it lasts, parsed from the moment it pauses (the duty
      // cycle's pauses spread the rest out).
      const before = pushed;
      for (let i = 0; i < 12; i++) {
        m.push(piece);
        pushed += piece.length;
        await vi.advanceTimersByTimeAsync(5);
      }
      expect(m.offset).toBe(before);
      await vi.advanceTimersByTimeAsync(MIRROR_FLOOD_QUIET_MS + 5);
      expect(m.offset).toBeGreaterThan(before);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(m.offset).toBe(pushed);
    }));

  it('parses a flood that goes on past MIRROR_FLOOD_WAIT_MS before it ends', () =>
    withFakeClock(async (m) => {
      const piece = floodPiece('w');
      let parsedAt = -1;
      for (let t = 0; t < MIRROR_FLOOD_WAIT_MS * 2; t += 5) {
        m.push(piece);
        if (parsedAt < 0 && m.offset > 0) parsedAt = t;
        await vi.advanceTimersByTimeAsync(5);
      }
      expect(parsedAt).toBeGreaterThanOrEqual(MIRROR_FLOOD_WAIT_MS);
      expect(parsedAt).toBeLessThanOrEqual(MIRROR_FLOOD_WAIT_MS + 20);
    }));

  it('skips ahead without a reset: earlier lines stay, the tail starts whole, an open sequence or colour does not leak into it', async () => {
    const titles: string[] = [];
    const m = new Mirror({
      cols: 400,
      rows: 5,
      scrollback: 5000,
      onTitle: (t) => titles.push(t),
      onBell: () => undefined,
    });
    // Parsed before the flood: a line to find later, a colour left on and an OSC title left open.
    m.push(Buffer.from('before the flood\r\n\x1b[31m\x1b]2;never closed '));
    await m.whenParsed(() => undefined);
    let n = 0;
    // 300-byte numbered lines (the kept tail's cut lands inside a line), up to the second skip, so
    // what is left to parse is the 1 MiB tail: ~3,500 lines, within the scrollback.
    const line = (i: number) => `line-${String(i).padStart(10, '0')}${'x'.repeat(283)}`;
    for (let skips = 0, seen = 0; skips < 2;) {
      m.push(Buffer.from(`${line(n++)}\r\n`));
      if (m.skippedBytes !== seen) [skips, seen] = [skips + 1, m.skippedBytes];
    }
    const lines = await m.whenParsed(() => {
      const b = m.term.buffer.active;
      const out: string[] = [];
      for (let y = 0; y < b.length; y++) out.push(b.getLine(y)?.translateToString(true) ?? '');
      return out;
    });
    expect(m.skippedBytes).toBeGreaterThan(0);
    // reset() would have emptied the scrollback.
    expect(lines).toContain('before the flood');
    const flood = lines.filter((l) => l.startsWith('line-'));
    // Every flood line in the mirror is whole (the cut line was dropped) and the newest is last.
    for (const l of flood) expect(l).toMatch(/^line-\d{10}x{283}$/);
    expect(flood.at(-1)).toBe(line(n - 1));
    expect(flood.length).toBeGreaterThan(1000);
    // The OSC left open did not swallow the tail, nor become a title; the colour was reset.
    expect(titles).toEqual([]);
    const b = m.term.buffer.active;
    const last = b.getLine(b.baseY + b.cursorY - 1);
    expect(last?.translateToString(true)).toMatch(/^line-/);
    expect(last?.getCell(0)?.isFgDefault()).toBe(true);
    m.dispose();
  });
});
