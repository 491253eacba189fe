import { describe, expect, it } from 'vitest';
import { OutputCursor } from './outputCursor';
import { decodeFrame, encodeFrame, FRAME_OUTPUT, FRAME_RESET } from './wireFormat';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('OutputCursor', () => {
  it('writes a fresh stream as it comes and remembers where it ends', () => {
    const c = new OutputCursor();
    expect(c.since).toBeUndefined();
    expect(text(c.output(100, bytes('hello')).bytes)).toBe('hello');
    expect(c.since).toBe(105);
    expect(text(c.output(105, bytes(' world')).bytes)).toBe(' world');
    expect(c.since).toBe(111);
  });

  it('drops a replayed chunk it already wrote and trims a partial overlap', () => {
    const c = new OutputCursor();
    c.output(0, bytes('abcdef'));
    expect(c.output(2, bytes('cd')).bytes.byteLength).toBe(0);
    expect(text(c.output(4, bytes('efgh')).bytes)).toBe('gh');
    expect(c.since).toBe(8);
  });

  it('takes a reset snapshot as the new base', () => {
    const c = new OutputCursor();
    c.output(0, bytes('old'));
    const step = c.reset(5000, bytes('screen'));
    expect(step.reset).toBe(true);
    expect(text(step.bytes)).toBe('screen');
    expect(c.since).toBe(5000);
    expect(text(c.output(5000, bytes('next')).bytes)).toBe('next');
  });
});

describe('frames', () => {
  it('round-trips the 13-byte header and the payload', () => {
    const payload = bytes('é\u2500x');
    const frame = decodeFrame(
      encodeFrame({ kind: FRAME_OUTPUT, key: 0xfffffffe, offset: 2 ** 40 + 3, payload }),
    );
    expect(frame).not.toBeNull();
    expect(frame!.kind).toBe(FRAME_OUTPUT);
    expect(frame!.key).toBe(0xfffffffe);
    expect(frame!.offset).toBe(2 ** 40 + 3);
    expect(text(frame!.payload)).toBe('é\u2500x');
  });

  it('ignores short frames and unknown kinds', () => {
    expect(decodeFrame(new ArrayBuffer(5))).toBeNull();
    const buf = encodeFrame({ kind: FRAME_RESET, key: 1, offset: 0, payload: new Uint8Array() });
    new DataView(buf).setUint8(0, 9);
    expect(decodeFrame(buf)).toBeNull();
  });
});
