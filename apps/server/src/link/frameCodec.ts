// Length-prefixed frames of the host link (linkProtocol.ts): an encoder and an incremental
// decoder that never concatenates more than one frame's bytes (a 64 KB terminal frame arriving in
// 4 KB pipe reads costs one copy, not sixteen) and refuses a frame past the bound before
// buffering it.
import { LINK_JSON, LINK_STREAM, MAX_LINK_FRAME, type LinkMessage } from './linkProtocol';

export function encodeJsonFrame(message: LinkMessage): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const frame = Buffer.allocUnsafe(5 + body.length);
  frame.writeUInt32BE(body.length + 1, 0);
  frame[4] = LINK_JSON;
  body.copy(frame, 5);
  return frame;
}

/** Bytes a stream frame's link header takes (length + type). */
export const STREAM_FRAME_HEAD = 5;

/**
 * Wraps one browser-format terminal frame (stream/protocol.ts) for the link. `headroom` is how
 * many bytes of the same allocation lie free right before it (a viewer that made the frame for
 * this link, stream/paneViewer.ts): with STREAM_FRAME_HEAD of them the header goes there and the
 * frame is not copied.
 */
export function encodeStreamFrame(terminalFrame: Buffer, headroom = 0): Buffer {
  if (headroom >= STREAM_FRAME_HEAD) {
    const whole = Buffer.from(
      terminalFrame.buffer,
      terminalFrame.byteOffset - STREAM_FRAME_HEAD,
      terminalFrame.length + STREAM_FRAME_HEAD,
    );
    whole.writeUInt32BE(terminalFrame.length + 1, 0);
    whole[4] = LINK_STREAM;
    return whole;
  }
  const head = Buffer.allocUnsafe(5);
  head.writeUInt32BE(terminalFrame.length + 1, 0);
  head[4] = LINK_STREAM;
  return Buffer.concat([head, terminalFrame], 5 + terminalFrame.length);
}

export interface FrameSink {
  json(message: LinkMessage): void;
  stream(terminalFrame: Buffer): void;
  /** The peer broke the protocol; the caller closes the link with this reason. */
  error(reason: string): void;
}

export class FrameDecoder {
  private chunks: Buffer[] = [];
  private held = 0;
  private failed = false;

  constructor(private readonly sink: FrameSink) {}

  push(data: Buffer): void {
    if (this.failed) return;
    this.chunks.push(data);
    this.held += data.length;
    while (this.held >= 4 && !this.failed) {
      const length = this.peekLength();
      if (length < 1 || length > MAX_LINK_FRAME) {
        this.fail(`a link frame of ${length} bytes is outside 1…${MAX_LINK_FRAME}`);
        return;
      }
      if (this.held < 4 + length) return;
      const frame = this.take(4 + length).subarray(4);
      this.dispatch(frame);
    }
  }

  private dispatch(frame: Buffer): void {
    const type = frame[0];
    const body = frame.subarray(1);
    if (type === LINK_STREAM) {
      if (body.length < 13) return this.fail('a stream frame shorter than its header');
      this.sink.stream(body);
      return;
    }
    if (type !== LINK_JSON) return this.fail(`unknown link frame type ${String(type)}`);
    let message: unknown;
    try {
      message = JSON.parse(body.toString('utf8'));
    } catch {
      return this.fail('a link message that is not JSON');
    }
    if (!message || typeof message !== 'object' || typeof (message as { t?: unknown }).t !== 'string')
      return this.fail('a link message without a type');
    this.sink.json(message as LinkMessage);
  }

  private fail(reason: string): void {
    this.failed = true;
    this.chunks = [];
    this.held = 0;
    this.sink.error(reason);
  }

  private peekLength(): number {
    const first = this.chunks[0] as Buffer;
    if (first.length >= 4) return first.readUInt32BE(0);
    const four = Buffer.concat(this.chunks, Math.min(this.held, 8)).subarray(0, 4);
    return four.readUInt32BE(0);
  }

  /** Removes exactly `n` bytes from the front (one copy only when they span chunks). */
  private take(n: number): Buffer {
    const first = this.chunks[0] as Buffer;
    if (first.length >= n) {
      const out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      this.held -= n;
      return out;
    }
    const out = Buffer.allocUnsafe(n);
    let pos = 0;
    while (pos < n) {
      const c = this.chunks[0] as Buffer;
      const m = Math.min(c.length, n - pos);
      c.copy(out, pos, 0, m);
      pos += m;
      if (m === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(m);
    }
    this.held -= n;
    return out;
  }
}
