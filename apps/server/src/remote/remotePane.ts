// A pane of a remote host as this server streams it (stream/streamSource.ts): the host owns the
// PTY, the mirror and detection; here is a ring of its output at the HOST's offsets, so a browser
// viewer replays and acks exactly as on a local pane. The link carries the pane only while some
// browser views it. A drop keeps the ring; the re-attach asks the host for `since` = the ring's
// end, and the host replays from its own ring (nothing lost, nothing doubled) or sends a reset.
//
// Flow control across the link: the frames that arrived are acked back together once an eighth of
// the link's window has come (or a few ms after the output pauses) unless every local viewer is
// blocked, in which case the credit is held; the host's viewer for this link then fills
// its window and the host pauses the PTY (when nothing else views it), as a local pane would.
import { LINK_HIGH_WATERMARK } from '../link/linkProtocol';
import type { OutputSink } from '../session/pane';
import type { PaneKey } from '../session/model';
import { ECHO_TRACE, echoMark } from '../stream/echoTrace';
import { FRAME_HEADER_BYTES, FRAME_OUTPUT, FRAME_RESET } from '../stream/protocol';
import { RingBuffer } from '../stream/ringBuffer';
import type { StreamSnapshot, StreamSource } from '../stream/streamSource';

/** What a remote pane needs of its host's link. */
export interface PaneLinkPort {
  readonly connected: boolean;
  attach(remoteKey: number, o: { since?: number; cols?: number; rows?: number }): void;
  detach(remoteKey: number): void;
  input(remoteKey: number, data: string): void;
  resize(remoteKey: number, cols: number, rows: number): void;
  ack(remoteKey: number, bytes: number): void;
  snapshot(remoteKey: number): Promise<StreamSnapshot>;
}

/**
 * Credit goes back to the host once this much is held (an eighth of the link's window: a 64 KiB
 * frame at a time cost an ack message through ssh both ways per frame, for no more throughput).
 */
const LINK_ACK_BYTES = LINK_HIGH_WATERMARK / 8;
/** How long less than LINK_ACK_BYTES of credit waits for company before it goes back anyway. */
const ACK_LINGER_MS = 5;

/** How long a viewer's reset waits for the host's own reset frame before asking for a snapshot. */
const RESET_WAIT_MS = 3000;

export class RemotePane implements StreamSource {
  ring: RingBuffer;
  exited = false;
  exitCode: number | null = null;
  cols = 80;
  rows = 24;
  private readonly viewers = new Set<OutputSink>();
  /** Whether the ring has a position the host agreed to (after its first frame). */
  private positioned = false;
  private linkAttached = false;
  private heldCredit = 0;
  private ackQueued = false;
  private ackTimer: NodeJS.Timeout | null = null;
  /** The host's last reset frame: what a viewer that cannot replay gets, while the ring holds it. */
  private base: StreamSnapshot | null = null;
  private baseWaiters: Array<(s: StreamSnapshot | null) => void> = [];

  readonly key: PaneKey;
  readonly remoteKey: number;
  private readonly port: PaneLinkPort;
  private readonly ringBytes: number;

  constructor(o: { key: PaneKey; remoteKey: number; port: PaneLinkPort; ringBytes: number }) {
    this.key = o.key;
    this.remoteKey = o.remoteKey;
    this.port = o.port;
    this.ringBytes = o.ringBytes;
    this.ring = new RingBuffer(o.ringBytes);
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  attach(viewer: OutputSink): void {
    this.viewers.add(viewer);
    if (!this.linkAttached) this.attachLink();
    this.updateFlow();
  }

  detach(viewer: OutputSink): void {
    this.viewers.delete(viewer);
    if (this.viewers.size === 0 && this.linkAttached) {
      this.linkAttached = false;
      this.heldCredit = 0;
      this.port.detach(this.remoteKey);
    }
  }

  updateFlow(): void {
    if (this.heldCredit > 0 && !this.allBlocked()) {
      const credit = this.heldCredit;
      this.heldCredit = 0;
      this.port.ack(this.remoteKey, credit);
    }
  }

  async snapshot(): Promise<StreamSnapshot> {
    if (this.base && this.base.offset >= this.ring.start) return this.base;
    if (this.linkAttached && !this.positioned) {
      const s = await new Promise<StreamSnapshot | null>((resolve) => {
        this.baseWaiters.push(resolve);
        setTimeout(() => resolve(null), RESET_WAIT_MS).unref();
      });
      if (s) return s;
    }
    return this.port.snapshot(this.remoteKey);
  }

  write(data: string | Buffer): void {
    if (ECHO_TRACE) echoMark('link-send', data);
    if (!this.exited)
      this.port.input(this.remoteKey, typeof data === 'string' ? data : data.toString('utf8'));
  }

  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    this.port.resize(this.remoteKey, cols, rows);
  }

  /** A terminal frame from the host for this pane (its key already matched). */
  onFrame(frame: Buffer): void {
    const kind = frame[0];
    const offset = frame.readDoubleBE(5);
    const payload = frame.subarray(FRAME_HEADER_BYTES);
    if (ECHO_TRACE) echoMark('link-recv', payload);
    if (kind === FRAME_RESET) {
      this.ring = new RingBuffer(this.ringBytes, offset);
      this.base = { data: Buffer.from(payload), offset };
      this.positioned = true;
      for (const w of this.baseWaiters.splice(0)) w(this.base);
    } else if (kind === FRAME_OUTPUT) {
      if (!this.positioned || offset > this.ring.end) {
        // First bytes, or a gap the host would have covered with a reset: start the ring there.
        this.ring = new RingBuffer(this.ringBytes, offset);
        this.positioned = true;
      }
      const skip = this.ring.end - offset;
      if (skip === 0 && payload.length > 0) {
        this.ring.append(payload);
        this.credit(payload.length);
        // The frame is the viewers' own format: with this server's key it goes on to a viewer
        // that is caught up as it is (paneViewer.ts), no second copy out of the ring.
        frame.writeUInt32BE(this.key, 1);
        for (const v of this.viewers) v.onOutput(frame);
        return;
      }
      if (skip < payload.length) this.ring.append(skip > 0 ? payload.subarray(skip) : payload);
    }
    this.credit(payload.length);
    for (const v of this.viewers) v.onOutput();
  }

  onExit(code: number | null): void {
    if (this.exited) return;
    this.exited = true;
    this.exitCode = code;
    for (const v of this.viewers) v.onExit(code);
  }

  /** The link came back: carry on from where the ring ends. */
  onLinkUp(): void {
    this.linkAttached = false;
    this.heldCredit = 0;
    if (this.viewers.size > 0) this.attachLink();
  }

  onLinkDown(): void {
    this.linkAttached = false;
    this.heldCredit = 0;
    for (const w of this.baseWaiters.splice(0)) w(null);
  }

  private attachLink(): void {
    if (!this.port.connected) return;
    this.linkAttached = true;
    this.port.attach(this.remoteKey, {
      since: this.positioned ? this.ring.end : undefined,
      cols: this.cols,
      rows: this.rows,
    });
  }

  private credit(bytes: number): void {
    this.heldCredit += bytes;
    if (this.ackQueued) return;
    this.ackQueued = true;
    setImmediate(() => {
      this.ackQueued = false;
      if (this.heldCredit >= LINK_ACK_BYTES) {
        if (!this.allBlocked()) this.updateFlow();
        return;
      }
      // A little credit: more output is likely on its way (a flood acks every LINK_ACK_BYTES);
      // if none comes, the rest goes back shortly so the host's window is whole again.
      this.ackTimer ??= setTimeout(() => {
        this.ackTimer = null;
        if (!this.allBlocked()) this.updateFlow();
      }, ACK_LINGER_MS).unref();
    });
  }

  private allBlocked(): boolean {
    if (this.viewers.size === 0) return false;
    for (const v of this.viewers) if (!v.isBlocked()) return false;
    return true;
  }
}
