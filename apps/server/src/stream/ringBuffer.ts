// A pane's recent output as a byte ring addressed by absolute stream offsets. Viewers replay from
// any offset still held (reconnect without loss or doubling); older bytes are dropped whole
// blocks at a time. Fixed 64 KiB blocks keep per-byte interactive output from becoming millions
// of tiny chunks, and make offset → block lookup O(1).

const BLOCK = 64 * 1024;

interface Block {
  buf: Buffer;
  /** Stream offset of buf[0]. */
  start: number;
  used: number;
}

export class RingBuffer {
  private blocks: Block[] = [];
  private endOffset: number;

  /** `capacity` bytes are kept at least (rounded up to whole blocks). */
  constructor(
    readonly capacity: number,
    startOffset = 0,
  ) {
    this.endOffset = startOffset;
  }

  /** Offset of the oldest byte still held. */
  get start(): number {
    return this.blocks[0]?.start ?? this.endOffset;
  }

  /** Offset just after the newest byte. */
  get end(): number {
    return this.endOffset;
  }

  append(data: Buffer): void {
    let pos = 0;
    while (pos < data.length) {
      let last = this.blocks[this.blocks.length - 1];
      if (!last || last.used === BLOCK) {
        last = { buf: Buffer.allocUnsafe(BLOCK), start: this.endOffset, used: 0 };
        this.blocks.push(last);
      }
      const n = Math.min(BLOCK - last.used, data.length - pos);
      data.copy(last.buf, last.used, pos, pos + n);
      last.used += n;
      pos += n;
      this.endOffset += n;
    }
    const keep = Math.ceil(this.capacity / BLOCK) + 1;
    while (this.blocks.length > keep) this.blocks.shift();
  }

  /**
   * Up to `max` bytes starting at `from` (which must lie in [start, end)), never crossing a block:
   * callers loop. The returned view shares memory with the ring; blocks are never rewritten.
   */
  read(from: number, max: number): Buffer {
    const first = this.blocks[0];
    if (!first || from < first.start || from >= this.endOffset) return Buffer.alloc(0);
    const block = this.blocks[Math.floor((from - first.start) / BLOCK)] as Block;
    const at = from - block.start;
    return block.buf.subarray(at, Math.min(block.used, at + max));
  }

  /** The last `max` bytes (for the mirror's skip-ahead and snapshots of history). */
  tail(max: number): Buffer {
    const from = Math.max(this.start, this.endOffset - max);
    const parts: Buffer[] = [];
    for (let at = from; at < this.endOffset;) {
      const chunk = this.read(at, this.endOffset - at);
      parts.push(chunk);
      at += chunk.length;
    }
    return Buffer.concat(parts);
  }
}
