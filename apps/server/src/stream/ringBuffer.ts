// A pane's recent output as a byte ring addressed by absolute stream offsets. Viewers replay from
// any offset still held (reconnect without loss or doubling); older bytes are dropped whole
// blocks at a time. Fixed 64 KiB blocks keep per-byte interactive output from becoming millions
// of tiny chunks, and make offset → block lookup O(1). A pane's ring keeps its blocks in
// SharedArrayBuffers (`shared`), so the mirror worker is handed views of the ring itself instead
// of a copy of each flush (session/mirrorClient.ts).
// A dropped block is kept as a spare and written again once no one can still read it: a fresh
// 64 KiB block costs its 16 page faults on first write, and on these VMs a new SharedArrayBuffer
// block came to ~120 µs, 950 ms of the main thread's CPU in a 240 MiB drain (CPU profile,
// bench/server-throughput.ts), more than the rest of the ring and the mirror handoff together.
// For the same reason a closed pane's shared blocks are not left to the GC: `retire` hands them to
// the next pane's ring (a fresh pane made its 33 blocks new, ~350 µs each, 12 ms of the main
// thread before its first 2 MiB of output went out; CPU profile of the same bench).

const BLOCK = 64 * 1024;
/** Dropped blocks kept for reuse while their reader (the mirror worker) may still hold them. */
const SPARES_MAX = 4;
/** Closed panes' shared blocks kept for new rings: 4 MiB, two rings' worth at the default size. */
const RETIRED_MAX = 64;

/** A closed ring's shared block, free for another ring once its reader is past it. */
interface RetiredBlock {
  buf: Buffer;
  free(): boolean;
}
/** Oldest first; module-wide, so a pane opened after another closed starts on its memory. */
const retiredBlocks: RetiredBlock[] = [];
/** Where a retired ring's late PTY reads land (read, then ignored: the pane is gone). */
let discardBuffer: Buffer | null = null;

/**
 * How far a reader on another thread is done with a shared ring: it reads no byte below
 * `released()` again, so a block ending at or below it may be rewritten.
 */
export interface RingReaderFence {
  released(): number;
}

interface Block {
  buf: Buffer;
  /** Stream offset of buf[0]. */
  start: number;
  used: number;
}

export class RingBuffer {
  private blocks: Block[] = [];
  /** Dropped blocks, oldest first, to be written again (see RingReaderFence). */
  private spares: Block[] = [];
  private endOffset: number;
  private retired = false;

  /** `capacity` bytes are kept at least (rounded up to whole blocks). */
  constructor(
    readonly capacity: number,
    startOffset = 0,
    /**
     * Blocks in SharedArrayBuffers: views of them may be posted to a worker without a copy.
     * `true`: dropped blocks are never rewritten (the reader's progress is unknown); a fence:
     * they are rewritten once the reader released them. Unshared rings are read only on this
     * thread, by callers that copy what they read before the next append, so they reuse at once.
     */
    private readonly shared: boolean | RingReaderFence = false,
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

  /**
   * Memory at the end of the ring for the next PTY read to land in (the rest of the newest block,
   * or a new block): a read straight into it is then appended by `append` without a copy. The PTY
   * is the only writer while a view is out (pane.ts): a copying append in between would be
   * overwritten by the read.
   */
  writable(): Buffer {
    // A retired ring's memory is another ring's now: a read still in flight must not land there.
    if (this.retired) return (discardBuffer ??= Buffer.allocUnsafe(BLOCK));
    let last = this.blocks[this.blocks.length - 1];
    if (!last || last.used === BLOCK) {
      last = { buf: this.blockMemory(), start: this.endOffset, used: 0 };
      this.blocks.push(last);
    }
    return last.buf.subarray(last.used);
  }

  append(data: Buffer): void {
    if (this.retired) return;
    const last = this.blocks[this.blocks.length - 1];
    if (
      last &&
      data.buffer === last.buf.buffer &&
      data.byteOffset === last.buf.byteOffset + last.used &&
      data.length <= BLOCK - last.used
    ) {
      // Read in place (writable()): the bytes are already where a copy would put them.
      last.used += data.length;
      this.endOffset += data.length;
      return this.dropOld();
    }
    let pos = 0;
    while (pos < data.length) {
      let last = this.blocks[this.blocks.length - 1];
      if (!last || last.used === BLOCK) {
        last = { buf: this.blockMemory(), start: this.endOffset, used: 0 };
        this.blocks.push(last);
      }
      const n = Math.min(BLOCK - last.used, data.length - pos);
      data.copy(last.buf, last.used, pos, pos + n);
      last.used += n;
      pos += n;
      this.endOffset += n;
    }
    this.dropOld();
  }

  private dropOld(): void {
    const keep = Math.ceil(this.capacity / BLOCK) + 1;
    while (this.blocks.length > keep) {
      const dropped = this.blocks.shift() as Block;
      if (this.shared !== true && this.spares.length < SPARES_MAX) this.spares.push(dropped);
    }
  }

  /**
   * A block's memory: the oldest spare when its reader is done with it, else a closed ring's block
   * its reader is done with (shared rings), else a new block.
   */
  private blockMemory(): Buffer {
    const spare = this.spares[0];
    if (
      spare &&
      (this.shared === false || (this.shared !== true && spare.start + spare.used <= this.shared.released()))
    ) {
      this.spares.shift();
      return spare.buf;
    }
    if (this.shared === false) return Buffer.allocUnsafe(BLOCK);
    const i = retiredBlocks.findIndex((b) => b.free());
    if (i >= 0) return (retiredBlocks.splice(i, 1)[0] as RetiredBlock).buf;
    return Buffer.from(new SharedArrayBuffer(BLOCK));
  }

  /**
   * The ring's pane is gone: its shared blocks go to the rings made after it, each once the reader
   * (the fence) is past it, and the ring holds nothing from now on. A reader that stops for good
   * (the mirror worker closing the pane's screen) says so by releasing everything.
   */
  retire(): void {
    if (this.retired) return;
    this.retired = true;
    const fence = this.shared;
    if (fence !== false && fence !== true)
      for (const block of [...this.spares, ...this.blocks]) {
        const end = block.start + block.used;
        // Once free, the block lets go of the fence (and so of the closed pane behind it).
        let reader: RingReaderFence | null = fence;
        const free = () => {
          if (reader && end <= reader.released()) reader = null;
          return reader === null;
        };
        retiredBlocks.push({ buf: block.buf, free });
      }
    if (retiredBlocks.length > RETIRED_MAX) retiredBlocks.splice(0, retiredBlocks.length - RETIRED_MAX);
    this.blocks = [];
    this.spares = [];
  }

  /**
   * Up to `max` bytes starting at `from` (which must lie in [start, end)), never crossing a block:
   * callers loop. The returned view shares memory with the ring: copy what must outlive the next
   * append (a dropped block is written again).
   */
  read(from: number, max: number): Buffer {
    if (this.retired) return Buffer.alloc(0);
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
