// One client's link on the host (the host end of link/linkProtocol.ts): it serves the client's
// procedure calls with the same procedures as the control socket, streams the panes the client
// attached through ordinary PaneViewers (with the link's window), and forwards the workspace
// events a client shows. Everything it started ends when the link does: viewers, the event
// subscription, calls in flight, and (placement) the processes placed for this client.
import type { ServerServices } from '../api/context';
import { callProcedure } from '../control/procedureCall';
import type { ServerEventType } from '../events/types';
import { encodeJsonFrame, encodeStreamFrame, FrameDecoder, STREAM_FRAME_HEAD } from '../link/frameCodec';
import type { LinkTransport } from './linkTransport';
import { LINK_HIGH_WATERMARK, LINK_LOW_WATERMARK, type LinkMessage } from '../link/linkProtocol';
import { LinkRpc } from '../link/linkRpc';
import { RoziError } from '../session/errors';
import { validPaneSize } from '../stream/clientMessage';
import { ECHO_TRACE, echoMark } from '../stream/echoTrace';
import { PaneViewer, type ViewerChannel } from '../stream/paneViewer';
import { FRAME_HEADER_BYTES } from '../stream/protocol';

/** What a client draws from: the workspace, its panes' lives, their status and notifications. */
const FORWARDED = new Set<ServerEventType>([
  'pane-spawned',
  'pane-exited',
  'pane-closed',
  'bell',
  'title-changed',
  'focus-changed',
  'workspace-switched',
  'session-created',
  'session-renamed',
  'session-killed',
  'notification',
  'agent-state-changed',
  'workspace-changed',
  'workspace-delta',
  // The needs-you inbox (issue 21): the client merges every host's into its own, and raises the
  // host's questions and answers for its own hooks, subscribers and notifications.
  'inbox-changed',
  'needs-input',
  'question-answered',
  // The Files/Git tabs of a host pane lease their watches here: the page stops polling while
  // they hold, so the host's own change reports must reach it.
  'files-changed',
]);

export interface LinkSessionOptions {
  socket: LinkTransport;
  /** Bytes that arrived with the preamble. */
  head: Buffer;
  /** The server's subsystems (server/start.ts): procedures run against them as for any caller. */
  services: ServerServices;
  log(line: string): void;
  /** Procedures only a link serves (`link.*`), e.g. placement; null = not one of them. */
  extra?(path: string, input: unknown, session: LinkSession): Promise<unknown> | null;
  closed(session: LinkSession): void;
}

export class LinkSession {
  readonly rpc: LinkRpc;
  private readonly decoder: FrameDecoder;
  private readonly viewers = new Map<number, PaneViewer>();
  private readonly offBus: () => void;
  private readonly disposers: Array<() => void> = [];
  private closed = false;

  constructor(private readonly o: LinkSessionOptions) {
    this.rpc = new LinkRpc({
      send: (m) => this.send(m),
      serve: (path, input, signal) => this.serve(path, input, signal),
    });
    this.decoder = new FrameDecoder({
      json: (m) => this.onMessage(m),
      stream: () => this.close('a client sent terminal frames'),
      error: (reason) => this.close(`protocol error: ${reason}`),
    });
    this.offBus = o.services.manager.bus.onAny((event) => {
      if (FORWARDED.has(event.type)) this.send({ t: 'event', event });
    });
    o.socket.on('data', (chunk: Buffer) => this.decoder.push(chunk));
    o.socket.on('close', () => this.close('the client went away'));
    o.socket.on('error', () => o.socket.destroy());
    if (o.head.length) this.decoder.push(o.head);
    o.socket.resume();
  }

  /** Runs `dispose` when the link ends (placed processes, subscriptions). */
  onClose(dispose: () => void): void {
    if (this.closed) dispose();
    else this.disposers.push(dispose);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (!reason.startsWith('the client went away')) {
      this.o.log(`host link: ${reason}`);
      this.send({ t: 'bye', reason }, true);
    }
    this.offBus();
    for (const v of this.viewers.values()) v.dispose();
    this.viewers.clear();
    this.rpc.close(reason);
    for (const d of this.disposers.splice(0)) {
      try {
        d();
      } catch (err) {
        this.o.log(`host link: cleanup failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    this.o.socket.end();
    this.o.closed(this);
  }

  private send(m: LinkMessage, evenIfClosed = false): void {
    if ((this.closed && !evenIfClosed) || this.o.socket.destroyed) return;
    this.o.socket.write(encodeJsonFrame(m));
  }

  private serve(path: string, input: unknown, signal: AbortSignal): Promise<unknown> {
    if (path === 'link.snapshot') return this.snapshot(input);
    const extra = this.o.extra?.(path, input, this);
    if (extra) return extra;
    return callProcedure(
      { ...this.o.services, caller: { ok: true, via: 'socket' } },
      { path, input, signal },
    );
  }

  /** A pane's screen for the client's viewers that cannot replay (stream/streamSource.ts). */
  private async snapshot(input: unknown): Promise<{ data: string; offset: number }> {
    const key = Number((input as { key?: unknown } | null)?.key);
    const pane = this.o.services.manager.panes.get(key);
    if (!pane) throw new RoziError('not-found', `no pane with key ${key}`);
    const snap = await pane.snapshot();
    return { data: snap.data.toString('base64'), offset: snap.offset };
  }

  private onMessage(m: LinkMessage): void {
    if (this.closed || this.rpc.handle(m)) return;
    switch (m.t) {
      case 'attach': {
        const pane = this.o.services.manager.panes.get(m.key);
        this.drop(m.key);
        if (!pane) {
          this.send({ t: 'exit', key: m.key, code: null });
          return;
        }
        if (validPaneSize(m.cols, m.rows)) pane.resize(m.cols, m.rows as number);
        const viewer = new PaneViewer(pane, this.channel(), {
          high: LINK_HIGH_WATERMARK,
          low: LINK_LOW_WATERMARK,
        });
        this.viewers.set(m.key, viewer);
        viewer.start(typeof m.since === 'number' ? m.since : undefined);
        return;
      }
      case 'detach':
        this.drop(m.key);
        return;
      case 'input': {
        const pane = this.o.services.manager.panes.get(m.key);
        if (ECHO_TRACE && typeof m.data === 'string') echoMark('link-in', m.data);
        if (pane && typeof m.data === 'string') pane.write(m.data);
        return;
      }
      case 'resize': {
        const pane = this.o.services.manager.panes.get(m.key);
        if (pane && validPaneSize(m.cols, m.rows)) pane.resize(m.cols, m.rows);
        return;
      }
      case 'ack':
        this.viewers.get(m.key)?.ack(Number(m.bytes));
        return;
      case 'bye':
        this.close(`the client closed the link: ${m.reason}`);
        return;
      default:
        this.close(`a client sent '${m.t}', which only a host sends`);
    }
  }

  private channel(): ViewerChannel {
    const socket = this.o.socket;
    const send = (m: LinkMessage) => this.send(m);
    return {
      sendBinary: (frame, headroom) => {
        if (ECHO_TRACE) echoMark('link-out', frame.subarray(FRAME_HEADER_BYTES));
        if (!socket.destroyed) socket.write(encodeStreamFrame(frame, headroom));
      },
      headroom: STREAM_FRAME_HEAD,
      sendJson: (m) => {
        if (m.t === 'exit') send({ t: 'exit', key: m.key, code: m.code });
      },
      get open() {
        return !socket.destroyed;
      },
    };
  }

  private drop(key: number): void {
    this.viewers.get(key)?.dispose();
    this.viewers.delete(key);
  }
}
