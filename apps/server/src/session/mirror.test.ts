import { describe, expect, it } from 'vitest';
import { Mirror, MIRROR_MAX_BACKLOG } from './mirror';

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
});
