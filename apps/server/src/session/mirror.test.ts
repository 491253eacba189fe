import { describe, expect, it } from 'vitest';
import { Mirror, MIRROR_MAX_BACKLOG, MIRROR_SKIP_TAIL } from './mirror';

const make = () =>
  new Mirror({ cols: 40, rows: 5, scrollback: 100, onTitle: () => undefined, onBell: () => undefined });

describe('Mirror', () => {
  it('parses queued output before whenParsed runs', async () => {
    const m = make();
    m.push(Buffer.from('hello\r\nworld'));
    const line = await m.whenParsed(() => m.term.buffer.active.getLine(1)?.translateToString(true));
    expect(line).toBe('world');
    expect(m.offset).toBe(12);
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
    // Every skip keeps exactly MIRROR_SKIP_TAIL bytes of a backlog just over the bound.
    expect(m.skippedBytes).toBeGreaterThan(0);
    expect(m.skippedBytes).toBeLessThanOrEqual(pushed - MIRROR_SKIP_TAIL);
    m.dispose();
  });
});
