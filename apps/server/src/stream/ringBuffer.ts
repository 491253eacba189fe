// A pane's recent output as a byte ring addressed by absolute stream offsets. Viewers replay from
// any offset still held (reconnect without loss or doubling); older bytes are dropped whole
// blocks at a time. Fixed 64 KiB blocks keep per-byte interactive output from becoming millions
// of tiny chunks, and make offset → block lookup O(1). A pane's ring keeps its blocks in
// SharedArrayBuffers (`shared`), so the mirror worker is handed views of the ring itself instead
// of a copy of each flush (session/mirrorClient.ts); blocks are never rewritten, only dropped.

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
    /** Blocks in SharedArrayBuffers: views of them may be posted to a worker without a copy. */
    private readonly shared = false,
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
        const buf = this.shared ? Buffer.from(new SharedArrayBuffer(BLOCK)) : Buffer.allocUnsafe(BLOCK);
        last = { buf, start: this.endOffset, used: 0 };
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

  /** Views of every byte from `from` (in [start, end]) to the end, one per block spanned. */
  since(from: number): Buffer[] {
    const views: Buffer[] = [];
    for (let at = Math.max(from, this.start); at < this.endOffset;) {
      const view = this.read(at, this.endOffset - at);
      views.push(view);
      at += view.length;
    }
    return views;
  }

  /** The last `max` bytes (for the mirror's skip-ahead and snapshots of history). */
  tail(max: number): Buffer {
    return Buffer.concat(this.since(this.endOffset - max));
  }
}
