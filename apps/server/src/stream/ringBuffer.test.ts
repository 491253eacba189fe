import { describe, expect, it, vi } from 'vitest';
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

  it('appends a read made into writable() in place, mixed with copies, across blocks and drops', () => {
    for (const shared of [false, { released: () => Infinity }]) {
      const r = new RingBuffer(128 * 1024, 0, shared);
      const data = Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i * 7) % 253));
      let at = 0;
      for (let i = 0; at < data.length; i++) {
        // As the PTY does: up to 4 KiB straight into the ring's free tail, now and then a copy.
        const n = Math.min(data.length - at, 1 + ((i * 1237) % 4096));
        if (i % 5 === 4) r.append(data.subarray(at, at + n));
        else {
          const into = r.writable();
          const m = Math.min(n, into.length);
          data.copy(into, 0, at, at + m);
          const chunk = into.subarray(0, m);
          const copy = vi.spyOn(chunk, 'copy');
          r.append(chunk);
          // Read in place: the ring's bytes are the chunk's own memory, never copied.
          expect(copy).not.toHaveBeenCalled();
          expect(r.read(r.end - m, m).byteOffset).toBe(chunk.byteOffset);
          at += m;
          continue;
        }
        at += n;
      }
      expect(r.end).toBe(data.length);
      expect(r.start).toBeGreaterThan(0);
      expect(readAll(r, r.start).equals(data.subarray(r.start))).toBe(true);
    }
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

  it('since() gives views of every byte to the end, in shared memory for a shared ring', () => {
    const data = Buffer.from(Array.from({ length: 150_000 }, (_, i) => i % 253));
    for (const shared of [false, true]) {
      const r = new RingBuffer(1 << 20, 0, shared);
      for (let i = 0; i < data.length; i += 999) r.append(data.subarray(i, i + 999));
      const views = r.since(60_000);
      expect(views.length).toBe(3); // blocks 0 (from 60,000), 1 and 2
      expect(Buffer.concat(views).equals(data.subarray(60_000))).toBe(true);
      expect(views.every((v) => v.buffer instanceof SharedArrayBuffer)).toBe(shared);
      expect(r.since(r.end)).toEqual([]);
      // A copy of its own, never a view of the ring (it is transferred to the worker).
      expect(r.tail(10).buffer instanceof SharedArrayBuffer).toBe(false);
    }
  });

  it('writes a dropped block again only once its reader released it', () => {
    const block = 64 * 1024;
    // Capacity of two blocks: three are kept, the fourth appended drops the first.
    const fill = (r: RingBuffer, blocks: number) => {
      for (let i = 0; i < blocks; i++) r.append(Buffer.alloc(block, r.end / block));
    };
    const memoryOf = (r: RingBuffer, n: number) => r.read(n * block, 1).buffer;

    // Unshared: nothing outside this thread reads it, so memory comes back at once.
    const plain = new RingBuffer(2 * block);
    fill(plain, 1);
    const zero = memoryOf(plain, 0);
    fill(plain, 4); // block 0 is dropped when block 3 arrives; block 4 is written into its memory
    expect(memoryOf(plain, 4)).toBe(zero);
    expect(plain.read(4 * block, block).equals(Buffer.alloc(block, 4))).toBe(true);

    // Fenced: a dropped block comes back only when it ends at or below what the reader released.
    let released = 0;
    const fenced = new RingBuffer(2 * block, 0, { released: () => released });
    fill(fenced, 1);
    const fencedZero = memoryOf(fenced, 0);
    fill(fenced, 4);
    expect(memoryOf(fenced, 4)).not.toBe(fencedZero);
    released = 2 * block; // done with blocks 0 and 1 (both dropped by now)
    fill(fenced, 1);
    expect(memoryOf(fenced, 5)).toBe(fencedZero);
    expect(fenced.read(5 * block, block).equals(Buffer.alloc(block, 5))).toBe(true);
    expect(fenced.read(3 * block, block).equals(Buffer.alloc(block, 3))).toBe(true);

    // `true`: the reader's progress is unknown, so no memory is ever written twice.
    const never = new RingBuffer(2 * block, 0, true);
    const seen = new Set<ArrayBufferLike>();
    for (let n = 0; n < 10; n++) {
      fill(never, 1);
      expect(seen.has(memoryOf(never, n))).toBe(false);
      seen.add(memoryOf(never, n));
    }
  });

  it("gives a closed pane's shared blocks to the next ring once their reader is past them", () => {
    const block = 64 * 1024;
    const fill = (r: RingBuffer, blocks: number, byte: number) => {
      for (let i = 0; i < blocks; i++) r.append(Buffer.alloc(block, byte));
    };
    let released = 0;
    const old = new RingBuffer(2 * block, 0, { released: () => released });
    fill(old, 3, 7);
    const oldMemory = new Set(old.since(0).map((v) => v.buffer));
    expect(oldMemory.size).toBe(3);
    old.retire();
    // Nothing is held any more, and a PTY read still in flight lands outside the given-away memory.
    expect(old.since(0)).toEqual([]);
    expect(old.read(0, 10).length).toBe(0);
    const late = old.writable();
    expect(oldMemory.has(late.buffer)).toBe(false);
    old.append(late.subarray(0, 100));
    expect(old.since(0)).toEqual([]);

    // Its reader (the mirror worker) is still on the first block: a new ring makes its own.
    released = block - 1;
    const next = new RingBuffer(2 * block, 0, { released: () => Infinity });
    fill(next, 1, 1);
    expect(oldMemory.has(next.read(0, 1).buffer)).toBe(false);
    // Past them all (the worker closed the pane's screen): the next blocks are the old ones,
    // holding the new bytes.
    released = Number.MAX_SAFE_INTEGER;
    fill(next, 3, 2);
    for (let n = 1; n <= 3; n++) {
      expect(oldMemory.has(next.read(n * block, 1).buffer)).toBe(true);
      expect(next.read(n * block, block).equals(Buffer.alloc(block, 2))).toBe(true);
    }
    // An unshared ring never takes shared memory.
    const plain = new RingBuffer(2 * block);
    fill(plain, 2, 3);
    expect(plain.since(0).some((v) => v.buffer instanceof SharedArrayBuffer)).toBe(false);
  });
});
