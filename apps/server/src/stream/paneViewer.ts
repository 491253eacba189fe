// One viewer of one pane on one WebSocket: the per-viewer half of flow control. It sends ring
// bytes from `sentOffset` while its unacknowledged bytes stay under the high watermark, stops
// above it, and resumes once acks bring it under the low watermark (hysteresis, the numbers and
// why in protocol.ts). A viewer whose next byte fell off the ring gets a kind 2 reset built
// from the mirror, so its memory cost is bounded by the watermark, never by the pane's output.
import type { OutputSink } from '../session/pane';
import {
  FLOW_HIGH_WATERMARK,
  FLOW_LOW_WATERMARK,
  FRAME_HEADER_BYTES,
  FRAME_OUTPUT,
  FRAME_RESET,
  type ServerMessage,
} from './protocol';
import type { StreamSource } from './streamSource';

/** The viewer's socket, as much as the viewer needs of it. */
export interface ViewerChannel {
  /**
   * `headroom`: bytes of the frame's own allocation free right before it (see `headroom` below).
   * `sent`, when the channel calls it, says the frame's bytes were handed on (the kernel has them)
   * and its buffer may be reused; a channel that keeps frames longer never calls it.
   */
  sendBinary(frame: Buffer, headroom?: number, sent?: () => void): void;
  /**
   * Bytes the channel would like free before each output frame, to put a header of its own there
   * without copying the frame (the host link's, link/frameCodec.ts).
   */
  readonly headroom?: number;
  sendJson(message: ServerMessage): void;
  /**
   * Runs `send` with the socket corked, so the frames it sends leave in one write: one syscall
   * and one wake-up of the reader for a batch of frames instead of one per frame.
   */
  corked?(send: () => void): void;
  readonly open: boolean;
  /**
   * Bytes sent but still queued in this process (not yet taken by the kernel). Acks are the
   * client's word; this is the fact. A client that acknowledges bytes it never read keeps its
   * ack count low while its socket queue grows here, so the viewer also stops above the high
   * watermark of queued bytes and resumes on `drained()`.
   */
  queuedBytes?(): number;
}

/** Largest payload per binary frame: big enough to amortise framing, small enough to interleave panes
 * and to stay well under the high watermark. */
const MAX_FRAME_PAYLOAD = 64 * 1024;

export function encodeFrame(header: { kind: number; key: number; offset: number }, payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  frame[0] = header.kind;
  frame.writeUInt32BE(header.key, 1);
  frame.writeDoubleBE(header.offset, 5);
  payload.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

/** Full-size frame buffers given back by the socket once written (FRAME_POOL_MAX at most). */
const framePool: Buffer[] = [];
const FRAME_CAPACITY = FRAME_HEADER_BYTES + MAX_FRAME_PAYLOAD;
/** 2 MiB: more than a viewer's window in flight, so a streaming pane allocates no frames at all. */
const FRAME_POOL_MAX = 32;
/** Frames from this payload size up come from the pool; an echo's few bytes need no 64 KiB. */
const POOLED_FROM = 4 * 1024;

/**
 * A frame buffer for `length` payload bytes and, for a pooled one, the function that gives it back.
 * A 64 KiB frame per send was a new ArrayBuffer each time: with node-pty's read buffers they kept
 * the main thread's GC at ~1 s in a 180 MiB drain (CPU profile); reused, a stream allocates none.
 */
function frameBuffer(length: number): { frame: Buffer; release?: () => void } {
  if (length < POOLED_FROM) return { frame: Buffer.allocUnsafe(FRAME_HEADER_BYTES + length) };
  const whole = framePool.pop() ?? Buffer.allocUnsafeSlow(FRAME_CAPACITY);
  return {
    frame: whole.subarray(0, FRAME_HEADER_BYTES + length),
    release: () => {
      if (framePool.length < FRAME_POOL_MAX) framePool.push(whole);
    },
  };
}

/** Frame buffers in the pool now (tests). */
export function pooledFrames(): number {
  return framePool.length;
}

/**
 * A kind 1 frame of `length` ring bytes from `from`, copied once straight into the frame even when
 * they span ring blocks (the batcher hands over up to a frame's worth at a time), with `headroom`
 * bytes of the same allocation left free before it for the channel's own header.
 */
function outputFrame(
  pane: StreamSource,
  span: { from: number; length: number; headroom: number },
): { frame: Buffer; release?: () => void } {
  const { from, length, headroom } = span;
  // A channel wanting room before the frame (the host link) keeps its frames: never pooled.
  const out =
    headroom > 0
      ? { frame: Buffer.allocUnsafe(headroom + FRAME_HEADER_BYTES + length).subarray(headroom) }
      : frameBuffer(length);
  const frame = out.frame;
  frame[0] = FRAME_OUTPUT;
  frame.writeUInt32BE(pane.key, 1);
  frame.writeDoubleBE(from, 5);
  for (let at = from, pos = FRAME_HEADER_BYTES; at < from + length;) {
    const piece = pane.ring.read(at, from + length - at);
    if (piece.length === 0) break; // unreachable: the caller checked [from, from + length) is held
    piece.copy(frame, pos);
    pos += piece.length;
    at += piece.length;
  }
  return out;
}

export class PaneViewer implements OutputSink {
  private sentOffset = 0;
  private unacked = 0;
  private blocked = false;
  /** Stopped because the socket queue, not the ack count, is above the high watermark. */
  private queueFull = false;
  private resetting = false;
  private disposed = false;

  private high: number;
  private low: number;

  constructor(
    readonly pane: StreamSource,
    private readonly channel: ViewerChannel,
    /** Watermarks other than a browser's (the host link's larger window, link/linkProtocol.ts). */
    flow?: { high: number; low: number },
  ) {
    this.high = flow?.high ?? FLOW_HIGH_WATERMARK;
    this.low = flow?.low ?? FLOW_LOW_WATERMARK;
  }

  /** Attaches: exact replay from `since` when the ring still holds it, else a reset frame. */
  start(since?: number): void {
    const ring = this.pane.ring;
    this.pane.attach(this);
    if (since !== undefined && Number.isFinite(since) && since >= ring.start && since <= ring.end) {
      this.sentOffset = since;
      this.pump();
    } else {
      void this.reset();
    }
    if (this.pane.exited) this.channel.sendJson({ t: 'exit', key: this.pane.key, code: this.pane.exitCode });
  }

  ack(bytes: number): void {
    if (!(bytes > 0)) return;
    this.unacked = Math.max(0, this.unacked - bytes);
    if (this.blocked && this.unacked < this.low) {
      this.blocked = false;
      this.pump();
      this.pane.updateFlow();
    }
  }

  onOutput(ready?: Buffer): void {
    this.pump(ready);
  }

  /**
   * The page's window for this viewer changed (focus moved, protocol.ts): a larger one sends at
   * once what the old one held back; a smaller one lets what is in flight drain first.
   */
  setWindow(high: number): void {
    this.high = high;
    this.low = high / 2;
    if (this.blocked && this.unacked < this.low) {
      this.blocked = false;
      this.pump();
      this.pane.updateFlow();
    } else if (this.queueFull && (this.channel.queuedBytes?.() ?? 0) < this.high) {
      this.queueFull = false;
      this.pump();
      this.pane.updateFlow();
    } else this.pump();
  }

  /** The socket handed its queue to the kernel: a viewer stopped by a full queue goes on. */
  drained(): void {
    if (!this.queueFull) return;
    this.queueFull = false;
    this.pump();
    this.pane.updateFlow();
  }

  onExit(code: number | null): void {
    this.channel.sendJson({ t: 'exit', key: this.pane.key, code });
  }

  isBlocked(): boolean {
    return this.blocked || this.queueFull;
  }

  unsent(): number {
    return Math.max(0, this.pane.ring.end - this.sentOffset);
  }

  stats(): { key: number; sentOffset: number; unacked: number; blocked: boolean } {
    return { key: this.pane.key, sentOffset: this.sentOffset, unacked: this.unacked, blocked: this.blocked };
  }

  dispose(): void {
    this.disposed = true;
    this.pane.detach(this);
  }

  private pump(ready?: Buffer): void {
    if (this.disposed || this.resetting || this.blocked || this.queueFull || !this.channel.open) return;
    if (this.channel.corked) this.channel.corked(() => this.send(ready));
    else this.send(ready);
  }

  /** pump's frames: `ready` when it is the next one as it is, then the ring's up to the window. */
  private send(ready?: Buffer): void {
    const ring = this.pane.ring;
    if (ready) this.sendsAsIs(ready);
    while (this.sentOffset < ring.end) {
      if (this.unacked >= this.high) {
        this.blocked = true;
        this.pane.updateFlow();
        return;
      }
      if ((this.channel.queuedBytes?.() ?? 0) >= this.high) {
        this.queueFull = true;
        this.pane.updateFlow();
        return;
      }
      if (this.sentOffset < ring.start) {
        void this.reset();
        return;
      }
      const length = Math.min(ring.end - this.sentOffset, MAX_FRAME_PAYLOAD);
      const headroom = this.channel.headroom ?? 0;
      const { frame, release } = outputFrame(this.pane, { from: this.sentOffset, length, headroom });
      this.channel.sendBinary(frame, headroom, release);
      this.sentOffset += length;
      this.unacked += length;
    }
  }

  /**
   * Sends `ready` (onOutput) itself when it holds exactly the bytes this viewer would send next,
   * within the window and the frame bound; false leaves them to the copy from the ring.
   */
  private sendsAsIs(ready: Buffer): boolean {
    const length = ready.length - FRAME_HEADER_BYTES;
    if (
      ready[0] !== FRAME_OUTPUT ||
      length <= 0 ||
      length > MAX_FRAME_PAYLOAD ||
      ready.readDoubleBE(5) !== this.sentOffset ||
      this.sentOffset + length !== this.pane.ring.end ||
      this.sentOffset < this.pane.ring.start ||
      this.unacked >= this.high ||
      (this.channel.queuedBytes?.() ?? 0) >= this.high
    )
      return false;
    this.channel.sendBinary(ready);
    this.sentOffset += length;
    this.unacked += length;
    return true;
  }

  private async reset(): Promise<void> {
    this.resetting = true;
    try {
      const snap = await this.pane.snapshot().catch(() => null);
      // A remote pane's host may be unreachable right now: the next output (after the link is
      // back) pumps again and retries the reset.
      if (!snap || this.disposed || !this.channel.open) return;
      // The snapshot stands for `offset`; if the ring no longer holds it (the mirror skipped far
      // behind), continue from the oldest byte held — the only case where bytes are not replayed.
      const from = Math.max(snap.offset, this.pane.ring.start);
      this.channel.sendBinary(
        encodeFrame({ kind: FRAME_RESET, key: this.pane.key, offset: from }, snap.data),
      );
      this.sentOffset = from;
      this.unacked += snap.data.length;
    } finally {
      this.resetting = false;
    }
    this.pump();
  }
}
