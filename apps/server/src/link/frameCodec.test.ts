import { describe, expect, it } from 'vitest';
import { encodeStreamFrame, FrameDecoder, STREAM_FRAME_HEAD } from './frameCodec';

function terminalFrame(n: number, headroom: number): Buffer {
  const f = Buffer.alloc(headroom + 13 + n).subarray(headroom);
  f[0] = 1;
  f.writeUInt32BE(3, 1);
  f.writeDoubleBE(1234, 5);
  for (let i = 0; i < n; i++) f[13 + i] = i % 251;
  return f;
}

describe('link stream frames', () => {
  it('a frame made with headroom gets its header in place, the same bytes as a copied one', () => {
    for (const n of [0, 10, 5000, 64 * 1024]) {
      const roomy = terminalFrame(n, STREAM_FRAME_HEAD);
      const plain = terminalFrame(n, 0);
      const a = encodeStreamFrame(roomy, STREAM_FRAME_HEAD);
      const b = encodeStreamFrame(plain);
      expect(a.equals(b)).toBe(true);
      // No copy: the link frame is the frame's own memory, five bytes earlier.
      expect(a.buffer).toBe(roomy.buffer);
      expect(a.byteOffset).toBe(roomy.byteOffset - STREAM_FRAME_HEAD);
      // Too little room: copied, the bytes before the frame untouched.
      const tight = terminalFrame(n, 4);
      const before = Buffer.from(tight.buffer, tight.byteOffset - 4, 4);
      before.fill(0xee);
      expect(encodeStreamFrame(tight, 4).equals(b)).toBe(true);
      expect([...before]).toEqual([0xee, 0xee, 0xee, 0xee]);
    }
  });

  it('decodes them back whole however the bytes are split', () => {
    const frames = [1, 70_000, 3].map((n) => terminalFrame(n, STREAM_FRAME_HEAD));
    const wire = Buffer.concat(frames.map((f) => encodeStreamFrame(f, STREAM_FRAME_HEAD)));
    const got: Buffer[] = [];
    const d = new FrameDecoder({
      json: () => undefined,
      stream: (f) => void got.push(Buffer.from(f)),
      error: (reason) => {
        throw new Error(reason);
      },
    });
    for (let at = 0; at < wire.length; at += 4093) d.push(wire.subarray(at, at + 4093));
    expect(got).toHaveLength(3);
    got.forEach((f, i) => expect(f.equals(frames[i] as Buffer)).toBe(true));
  });
});
