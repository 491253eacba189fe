import { describe, expect, it } from 'vitest';
import {
  bufferLines,
  encodeMarksReplay,
  isLocalCwdHost,
  MARKS_REPLAY_OSC,
  MAX_CWD_PAYLOAD,
  MAX_REPLAY_COMMANDS,
  MAX_REPLAY_PAYLOAD,
  parseMarksReplay,
  parseOsc133,
  parseOsc7,
  replayedLine,
  type MarksReplay,
} from './shellMarks';

describe('parseOsc133', () => {
  it('reads the four marks', () => {
    expect(parseOsc133('A')).toEqual({ kind: 'prompt' });
    expect(parseOsc133('B')).toEqual({ kind: 'input' });
    expect(parseOsc133('C')).toEqual({ kind: 'output', exe: null });
    expect(parseOsc133('D;0')).toEqual({ kind: 'end', exitCode: 0 });
    expect(parseOsc133('D;127')).toEqual({ kind: 'end', exitCode: 127 });
  });

  it('keeps parameters other integrations add out of the way', () => {
    expect(parseOsc133('A;aid=12;cl=m')).toEqual({ kind: 'prompt' });
    expect(parseOsc133('D;2;aid=12')).toEqual({ kind: 'end', exitCode: 2 });
    expect(parseOsc133('C;rozi_exe=vim')).toEqual({ kind: 'output', exe: 'vim' });
  });

  it('reads an exit status it cannot trust as unknown', () => {
    expect(parseOsc133('D')).toEqual({ kind: 'end', exitCode: null });
    expect(parseOsc133('D;')).toEqual({ kind: 'end', exitCode: null });
    expect(parseOsc133('D;-1')).toEqual({ kind: 'end', exitCode: null });
    expect(parseOsc133('D;1e3')).toEqual({ kind: 'end', exitCode: null });
    expect(parseOsc133('D;99999999999')).toEqual({ kind: 'end', exitCode: null });
  });

  it('drops an executable hint that is not a bare name', () => {
    expect(parseOsc133('C;rozi_exe=../../bin/sh')).toEqual({ kind: 'output', exe: null });
    expect(parseOsc133('C;rozi_exe=' + 'x'.repeat(65))).toEqual({ kind: 'output', exe: null });
    expect(parseOsc133('C;rozi_exe=a b')).toEqual({ kind: 'output', exe: null });
  });

  it('refuses empty, unknown, truncated, nested and oversized payloads', () => {
    expect(parseOsc133('')).toBeNull();
    expect(parseOsc133('Z')).toBeNull();
    expect(parseOsc133('AB')).toBeNull();
    expect(parseOsc133('\u001b]133;A')).toBeNull();
    expect(parseOsc133('D;0' + ';x'.repeat(600))).toBeNull();
    expect(parseOsc133('A'.repeat(1024 * 1024))).toBeNull();
  });
});

describe('parseOsc7', () => {
  it('reads host and percent-decoded path', () => {
    expect(parseOsc7('file://box/home/me/my%20dir')).toEqual({ host: 'box', path: '/home/me/my dir' });
    expect(parseOsc7('file:///tmp')).toEqual({ host: '', path: '/tmp' });
    expect(parseOsc7('file://Box/')).toEqual({ host: 'box', path: '/' });
    expect(parseOsc7('file://box/srv/%C3%A9t%C3%A9/')).toEqual({ host: 'box', path: '/srv/été' });
  });

  it('refuses what is not an absolute local path', () => {
    expect(parseOsc7('')).toBeNull();
    expect(parseOsc7('file://box')).toBeNull();
    expect(parseOsc7('http://box/tmp')).toBeNull();
    expect(parseOsc7('file://box/tmp/%zz')).toBeNull();
    expect(parseOsc7('file://box/tmp/%00x')).toBeNull();
    expect(parseOsc7('file://box/tmp/a\nb')).toBeNull();
    expect(parseOsc7('file://box/tmp/../etc')).toBeNull();
    expect(parseOsc7('file://box/C:foo')).toEqual({ host: 'box', path: '/C:foo' });
  });

  it('refuses a 1 MB payload without decoding it', () => {
    expect(parseOsc7('file:///' + 'a'.repeat(1024 * 1024))).toBeNull();
    expect(parseOsc7('file:///' + 'a'.repeat(MAX_CWD_PAYLOAD))).toBeNull();
  });

  it('knows which hosts are this machine', () => {
    expect(isLocalCwdHost('', 'box')).toBe(true);
    expect(isLocalCwdHost('localhost', 'box')).toBe(true);
    expect(isLocalCwdHost('box', 'Box')).toBe(true);
    expect(isLocalCwdHost('elsewhere', 'box')).toBe(false);
  });
});

describe('bufferLines', () => {
  const rows = (...r: Array<[string, boolean]>) => ({
    getLine: (y: number) => {
      const row = r[y];
      return row && { translateToString: () => row[0], isWrapped: row[1] };
    },
  });
  it('joins a soft-wrapped row to the one before it and stops at the end of the buffer', () => {
    const b = rows(['$ ls', false], ['alpha beta', false], ['gamma', true], ['delta', false]);
    expect(bufferLines(b, { from: 1, to: 3 })).toEqual(['alpha betagamma', 'delta']);
    expect(bufferLines(b, { from: 3, to: 9 })).toEqual(['delta']);
    expect(bufferLines(b, { from: 2, to: 1 })).toEqual([]);
  });
  it('keeps a wrapped first row as a line of its own', () => {
    expect(bufferLines(rows(['a', true], ['b', true]), { from: 0, to: 1 })).toEqual(['ab']);
  });
});

describe('marks replay', () => {
  const replay: MarksReplay = {
    commands: [
      { prompt: -9, output: -8, end: -5, endCol: 0, exitCode: 0 },
      { prompt: null, output: null, end: -3, endCol: 4, exitCode: null },
      { prompt: -2, output: -1, end: -1, endCol: 0, exitCode: 127 },
    ],
    current: { prompt: 0, output: null },
  };
  const payloadOf = (sequence: string) => {
    const prefix = `\x1b]${MARKS_REPLAY_OSC};`;
    expect(sequence.startsWith(prefix) && sequence.endsWith('\x1b\\')).toBe(true);
    return sequence.slice(prefix.length, -2);
  };

  it('reads back what the server writes, as one OSC with no control characters inside', () => {
    const payload = payloadOf(encodeMarksReplay(replay));
    expect(/[\u0000-\u001f\u007f]/.test(payload)).toBe(false);
    expect(parseMarksReplay(payload)).toEqual(replay);
    expect(parseMarksReplay(payloadOf(encodeMarksReplay({ commands: [], current: null })))).toEqual({
      commands: [],
      current: null,
    });
  });

  it('refuses a replay that is malformed, oversized, out of order or out of range, whole', () => {
    const good = JSON.parse(payloadOf(encodeMarksReplay(replay))) as { c: unknown[][] };
    const withCommand = (c: unknown) => JSON.stringify({ v: 1, c: [good.c[0], c], r: null });
    for (const bad of [
      '',
      'not json',
      '[]',
      'null',
      JSON.stringify({ v: 2, c: [], r: null }),
      JSON.stringify({ v: 1, c: {}, r: null }),
      JSON.stringify({ v: 1, c: [], r: [0] }),
      JSON.stringify({ v: 1, c: [], r: [0.5, null] }),
      withCommand([1, 2]),
      withCommand([-3, -2, -1, 0, 0, 'extra']),
      withCommand([-1, -2, -1, 0, 0]), // prompt after output
      withCommand([-3, 0, -1, 0, 0]), // output after end
      withCommand([0, null, -1, 0, 0]), // prompt after end
      withCommand([null, null, -1.5, 0, 0]),
      withCommand([null, null, '-1', 0, 0]),
      withCommand([null, null, 1e12, 0, 0]),
      withCommand([null, null, -1, -1, 0]),
      withCommand([null, null, -1, 0, -1]),
      withCommand([null, null, -1, 0, 2 ** 31]),
      JSON.stringify({ v: 1, c: Array(MAX_REPLAY_COMMANDS + 1).fill([null, null, 0, 0, 0]), r: null }),
      JSON.stringify({ v: 1, c: [], r: null, pad: 'x'.repeat(MAX_REPLAY_PAYLOAD) }),
    ])
      expect(parseMarksReplay(bad), bad.slice(0, 80)).toBeNull();
    // The most the page keeps is still a replay.
    const most = JSON.stringify({ v: 1, c: Array(MAX_REPLAY_COMMANDS).fill([-2, -1, 0, 3, 1]), r: null });
    expect(parseMarksReplay(most)?.commands).toHaveLength(MAX_REPLAY_COMMANDS);
  });

  it('places lines relative to the cursor line, null for lines the buffer does not hold', () => {
    // 30 lines held, the cursor on line 25: 5 above is line 20.
    expect(replayedLine(-5, { cursorLine: 25, length: 30 })).toBe(20);
    expect(replayedLine(0, { cursorLine: 25, length: 30 })).toBe(25);
    // A page whose scrollback is smaller trimmed the top: the cursor sits higher, far lines are gone.
    expect(replayedLine(-5, { cursorLine: 3, length: 8 })).toBeNull();
    expect(replayedLine(-3, { cursorLine: 3, length: 8 })).toBe(0);
    expect(replayedLine(5, { cursorLine: 3, length: 8 })).toBeNull();
  });
});
