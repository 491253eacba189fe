// The pane mirrors' worker protocol end to end: a real worker thread (bin/mirror-worker.mjs),
// reads that see every byte pushed before them, modes and titles posted back, transferred
// snapshots, resize, and a worker that dies restarting from the pane's recent output.
import { afterAll, describe, expect, it } from 'vitest';
import { RingBuffer } from '../stream/ringBuffer';
import { MirrorWorkers, type PaneMirrorOptions } from './mirrorClient';

const workers = new MirrorWorkers({ size: 1, log: () => undefined });
afterAll(() => workers.crash());

function open(extra: Partial<PaneMirrorOptions> = {}) {
  const seen = { titles: [] as string[], bells: 0, cwds: [] as string[] };
  const ring: Buffer[] = [];
  const mirror = workers.open({
    cols: 40,
    rows: 5,
    scrollback: 100,
    onTitle: (t) => seen.titles.push(t),
    onBell: () => seen.bells++,
    onCwd: (c) => seen.cwds.push(c.path),
    replay: () => ({ bytes: Buffer.concat(ring), offset: 0 }),
    ...extra,
  });
  const push = (s: string) => {
    const b = Buffer.from(s);
    ring.push(b);
    mirror.push(b);
  };
  return { mirror, seen, push };
}

describe('PaneMirror (worker thread)', () => {
  it('a read sees every byte pushed before it, in pieces gathered before posting', async () => {
    const { mirror, push } = open();
    for (let i = 1; i <= 30; i++) push(`line ${i}\r\n`);
    push('last');
    const c = await mirror.read({ kind: 'capture', scrollback: 3 });
    expect(c.lines.slice(0, 3)).toEqual(['line 24', 'line 25', 'line 26']);
    expect(c.lines.at(-1)).toBe('last');
    expect(c.scrollback).toBe(3);
    expect(c.cursor).toEqual({ x: 4, y: 4 });
    const full = await mirror.read({ kind: 'capture', scrollback: 'full' });
    expect(full.lines[0]).toBe('line 1');
    const text = await mirror.whenParsed(() => mirror.screenText);
    expect(text.split('\n')).toEqual(['line 27', 'line 28', 'line 29', 'line 30', 'last']);
    mirror.dispose();
  });

  it('posts modes, titles, bells and OSC 7 back; snapshot stands for its offset', async () => {
    const { mirror, seen, push } = open();
    expect(mirror.state.applicationCursor).toBe(false);
    push('\x1b]0;my title\x07\x07\x1b[?1h\x1b[?2004h\x1b[?1049h');
    push('\x1b]7;file://localhost/tmp\x07héllo');
    await mirror.whenParsed(() => undefined);
    expect(mirror.state).toEqual({
      applicationCursor: true,
      bracketedPaste: true,
      alternate: true,
      commandRunning: false,
    });
    expect(seen.titles).toEqual(['my title']);
    expect(seen.bells).toBe(1);
    expect(seen.cwds).toEqual(['/tmp']);
    const snap = await mirror.read({ kind: 'snapshot' });
    const bytes = Buffer.byteLength(
      '\x1b]0;my title\x07\x07\x1b[?1h\x1b[?2004h\x1b[?1049h\x1b]7;file://localhost/tmp\x07héllo',
    );
    expect(snap.offset).toBe(bytes);
    expect(Buffer.from(snap.data).toString('utf8')).toContain('héllo');
    mirror.dispose();
  });

  it('last-output reads the marks; resize reaches the screen', async () => {
    const { mirror, push } = open();
    const none = await mirror.read({ kind: 'last-output' });
    expect(none).toMatchObject({ last: null, seen: false });
    push('\x1b]133;A\x07$ \x1b]133;B\x07ls\r\n\x1b]133;C\x07');
    await mirror.whenParsed(() => undefined);
    expect(mirror.state.commandRunning).toBe(true);
    push('a\r\nb\r\n\x1b]133;D;3\x07\x1b]133;A\x07$ ');
    const r = await mirror.read({ kind: 'last-output' });
    expect(r.last).toEqual({ lines: ['a', 'b'], exitCode: 3, truncated: false });
    expect(mirror.state.commandRunning).toBe(false);
    mirror.resize(60, 8);
    const c = await mirror.read({ kind: 'capture', scrollback: 0 });
    expect(c.size).toEqual({ cols: 60, rows: 8 });
    mirror.dispose();
    await expect(mirror.read({ kind: 'screen' })).rejects.toThrow('the pane is gone');
  });

  it('views of a shared ring reach the worker exactly, across blocks and beside copied bytes', async () => {
    // What a pane does: its ring's blocks are SharedArrayBuffers and the mirror is pushed views
    // of them (never copied on the main thread); a plain buffer (a replay) is copied in order.
    const { mirror } = open({ scrollback: 10_000 });
    const ring = new RingBuffer(1 << 20, 0, true);
    const lines: string[] = [];
    const write = (line: string) => {
      const from = ring.end;
      ring.append(Buffer.from(`${line}\r\n`));
      for (const view of ring.since(from)) mirror.push(view);
      lines.push(line);
    };
    for (let i = 0; i < 2000; i++) write(`line ${i} ${'x'.repeat(i % 25)}é`);
    mirror.push(Buffer.from('a copied line\r\n'));
    lines.push('a copied line');
    for (let i = 2000; i < 6000; i++) write(`line ${i} ${'y'.repeat(i % 30)}`);
    expect(ring.end).toBeGreaterThan(2 * 65_536); // three ring blocks
    const c = await mirror.read({ kind: 'capture', scrollback: 'full' });
    expect(c.lines.slice(0, lines.length)).toEqual(lines);
    // Parsed to the end: the worker holds none of the ring's memory now (the ring may reuse it).
    expect(mirror.released()).toBe(ring.end + Buffer.byteLength('a copied line\r\n'));
    mirror.dispose();
  });

  it("a closed pane's mirror releases all of its ring, so the ring's memory can go to another pane", async () => {
    const { mirror, push } = open();
    push('some output\r\n');
    await mirror.whenParsed(() => undefined);
    expect(mirror.released()).toBe(Buffer.byteLength('some output\r\n'));
    mirror.dispose();
    for (let i = 0; i < 200 && mirror.released() !== Number.MAX_SAFE_INTEGER; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(mirror.released()).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('a worker that dies is restarted and re-fed the recent output', async () => {
    const { mirror, push } = open();
    push('before the crash\r\n');
    await mirror.whenParsed(() => undefined);
    await workers.crash();
    push('after');
    const c = await waitForCapture(() => mirror.read({ kind: 'capture', scrollback: 0 }));
    expect(c.lines.slice(0, 2)).toEqual(['before the crash', 'after']);
    mirror.dispose();
  });
});

/** A read racing the restart fails with "ask again": ask again, as a caller would. */
async function waitForCapture<T>(read: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await read();
    } catch (err) {
      if (i > 20) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
