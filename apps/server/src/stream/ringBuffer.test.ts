import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ringBuffer';

function readAll(r: RingBuffer, from: number): Buffer {
  const parts: Buffer[] = [];
  for (let at = from; at < r.end;) {
    const c = r.read(at, 10_000);
    parts.push(c);
    at += c.length;
  }
  return Buffer.concat(parts);
}

describe('RingBuffer', () => {
  it('returns exactly the bytes from any held offset, across blocks', () => {
    const r = new RingBuffer(1 << 20);
    const data = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
    for (let i = 0; i < data.length; i += 777) r.append(data.subarray(i, i + 777));
    expect(r.start).toBe(0);
    expect(r.end).toBe(data.length);
    for (const from of [0, 1, 65_535, 65_536, 131_073, 199_999])
      expect(readAll(r, from).equals(data.subarray(from))).toBe(true);
  });

  it('drops whole old blocks past its capacity and keeps offsets absolute', () => {
    const r = new RingBuffer(128 * 1024);
    const chunk = Buffer.alloc(10_000, 1);
    for (let i = 0; i < 100; i++) r.append(chunk);
    expect(r.end).toBe(1_000_000);
    expect(r.start).toBeGreaterThan(0);
    expect(r.end - r.start).toBeGreaterThanOrEqual(128 * 1024);
    expect(r.end - r.start).toBeLessThanOrEqual(128 * 1024 + 2 * 65_536);
    expect(r.read(r.start - 1, 10).length).toBe(0);
    expect(r.tail(5000).length).toBe(5000);
  });
});
