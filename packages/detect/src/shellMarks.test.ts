import { describe, expect, it } from 'vitest';
import { bufferLines, isLocalCwdHost, MAX_CWD_PAYLOAD, parseOsc133, parseOsc7 } from './shellMarks';

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
