// A WebSocket viewer as the browser would be: cookie + Origin on the upgrade, binary frames
// decoded per protocol.ts, acks after "rendering" (optionally withheld to simulate a stalled tab).
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import {
  FRAME_HEADER_BYTES,
  FRAME_OUTPUT,
  FRAME_RESET,
  type ClientMessage,
  type ServerMessage,
} from '../src/stream/protocol';
import type { TestServer } from './harness';

export interface PaneView {
  /** Offset just after the last byte received. */
  offset: number;
  /** Output bytes received since the last reset (or since attach). */
  chunks: Buffer[];
  bytes: number;
  resets: number;
  exitCode: number | null | undefined;
}

export class Viewer {
  readonly ws: WebSocket;
  readonly panes = new Map<number, PaneView>();
  readonly messages: ServerMessage[] = [];
  /** When false, frames are counted but never acked (a stalled tab). */
  acking = true;
  private unackedSinceLast = new Map<number, number>();
  readonly opened: Promise<void>;

  constructor(
    server: TestServer,
    o: { origin?: string | null; cookie?: boolean; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...o.headers };
    if (o.cookie !== false) headers.Cookie = `rozi_${server.port}=${server.token}`;
    this.ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, {
      headers,
      ...(o.origin === null ? {} : { origin: o.origin ?? server.origin }),
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
      this.ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
    this.ws.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) {
        const m = JSON.parse(data.toString()) as ServerMessage;
        this.messages.push(m);
        if (m.t === 'exit') this.view(m.key).exitCode = m.code;
        return;
      }
      const kind = data[0];
      const key = data.readUInt32BE(1);
      const offset = data.readDoubleBE(5);
      const payload = data.subarray(FRAME_HEADER_BYTES);
      const v = this.view(key);
      if (kind === FRAME_RESET) {
        v.resets++;
        v.chunks = [Buffer.from(payload)];
        v.bytes = payload.length;
        v.offset = offset;
      } else if (kind === FRAME_OUTPUT) {
        if (offset !== v.offset)
          throw new Error(`pane ${key}: frame at ${offset}, expected ${v.offset} (gap or overlap)`);
        v.chunks.push(Buffer.from(payload));
        v.bytes += payload.length;
        v.offset = offset + payload.length;
      }
      const pending = (this.unackedSinceLast.get(key) ?? 0) + payload.length;
      if (this.acking && pending >= 5000) {
        this.send({ t: 'ack', key, bytes: pending });
        this.unackedSinceLast.set(key, 0);
      } else this.unackedSinceLast.set(key, pending);
    });
  }

  view(key: number): PaneView {
    let v = this.panes.get(key);
    if (!v) this.panes.set(key, (v = { offset: 0, chunks: [], bytes: 0, resets: 0, exitCode: undefined }));
    return v;
  }

  send(m: ClientMessage): void {
    this.ws.send(JSON.stringify(m));
  }

  attach(key: number, o: { cols?: number; rows?: number; since?: number } = {}): void {
    if (o.since !== undefined) this.view(key).offset = o.since;
    this.send({ t: 'attach', key, cols: o.cols ?? 80, rows: o.rows ?? 24, since: o.since });
  }

  /** Acks everything received but not yet acknowledged (a tab that woke up). */
  flushAcks(): void {
    for (const [key, n] of this.unackedSinceLast) if (n > 0) this.send({ t: 'ack', key, bytes: n });
    this.unackedSinceLast.clear();
  }

  text(key: number): string {
    return Buffer.concat(this.view(key).chunks).toString('utf8');
  }

  sha(key: number): string {
    return createHash('sha256')
      .update(Buffer.concat(this.view(key).chunks))
      .digest('hex');
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}
