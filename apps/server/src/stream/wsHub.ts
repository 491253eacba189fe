// The WebSocket endpoint (/ws): one connection per browser page, carrying terminal frames for
// every pane the page attached and the server's events. Authentication happened on the raw
// upgrade (http/gate.ts) before `accept` is called; this file only speaks the protocol.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { EventBus } from '../events/bus';
import type { SessionManager } from '../session/manager';
import { LIMITS, paneInputRefusal } from '../api/limits';
import { PaneViewer, type ViewerChannel } from './paneViewer';
import { ECHO_TRACE, echoMark } from './echoTrace';
import { parseClientMessage, validPaneSize } from './clientMessage';
import { CanonicalSize, type SizeChange } from './canonicalSize';
import { FRAME_HEADER_BYTES, REMOVED_CLOSE_CODE, type ClientMessage, type ServerMessage } from './protocol';
import type { StreamSource } from './streamSource';
import { SessionClients } from './sessionClients';

const PING_EVERY_MS = 30_000;

export interface ConnectionStats {
  /** Bytes ws has queued but the kernel has not taken (the server's memory for this viewer). */
  bufferedAmount: number;
  viewers: ReturnType<PaneViewer['stats']>[];
}

export class StreamHub {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: LIMITS.requestBytes,
    perMessageDeflate: false,
  });
  private readonly sockets = new Map<WebSocket, Map<number, PaneViewer>>();
  private readonly pinger: NodeJS.Timeout;
  /** Several viewers of one pane: the controller's size, else the one used last (canonicalSize.ts). */
  private readonly sizes: CanonicalSize;
  /** Each page is a client of the server-wide roster (rozi's client-joined/-left): its id. */
  private readonly clients = new Map<WebSocket, number>();
  /** Client id → its page's channel, for control notices. */
  private readonly channels = new Map<number, ViewerChannel>();
  private nextClientId = 1;
  /** Which page shows which session, and each session's control lease. */
  readonly sessionClients: SessionClients;
  private readonly source: (key: number) => StreamSource | undefined;

  constructor(
    private readonly manager: SessionManager,
    private readonly bus: EventBus,
    options: {
      /** Finds a pane's output by key: local panes, then remote ones (remote/remotePane.ts). */
      source?: (key: number) => StreamSource | undefined;
      /** `[session] allow_takeover` when a session gets its first page (default true). */
      allowTakeover?: () => boolean;
    } = {},
  ) {
    this.source = options.source ?? ((key) => manager.panes.get(key));
    this.sessionClients = new SessionClients({
      bus,
      allowTakeover: options.allowTakeover,
      notify: (id, notice) => this.channels.get(id)?.sendJson(notice),
      disconnect: (id) => {
        for (const [ws, clientId] of this.clients)
          if (clientId === id) ws.close(REMOVED_CLOSE_CODE, 'removed');
      },
    });
    this.sizes = new CanonicalSize((key) => {
      const session = manager.panes.get(key)?.session.name;
      return session === undefined ? null : this.sessionClients.controllerOf(session);
    });
    // The lease moved: the new controller's size becomes canonical for every pane it views at once.
    bus.on('controller-changed', () => {
      for (const change of this.sizes.settleAll()) this.resize(change);
    });
    this.pinger = setInterval(() => {
      for (const ws of this.sockets.keys()) {
        if ((ws as WebSocket & { alive?: boolean }).alive === false) ws.terminate();
        else {
          (ws as WebSocket & { alive?: boolean }).alive = false;
          ws.ping();
        }
      }
    }, PING_EVERY_MS);
    this.pinger.unref();
  }

  /** Completes an upgrade the gate already authorised; `readOnly`: a read-only link's page. */
  accept(req: IncomingMessage, socket: Duplex, o: { head: Buffer; readOnly: boolean }): void {
    this.wss.handleUpgrade(req, socket, o.head, (ws) =>
      this.connection(ws, { socket, readOnly: o.readOnly }),
    );
  }

  get connections(): number {
    return this.sockets.size;
  }

  close(): void {
    clearInterval(this.pinger);
    for (const ws of this.sockets.keys()) ws.terminate();
    this.wss.close();
  }

  /** Per connection: bytes queued in the socket and each viewer's flow-control state (tests, benchmarks). */
  stats(): ConnectionStats[] {
    return [...this.sockets].map(([ws, viewers]) => ({
      bufferedAmount: ws.bufferedAmount,
      viewers: [...viewers.values()].map((v) => v.stats()),
    }));
  }

  private connection(ws: WebSocket, o: { socket: Duplex; readOnly: boolean }): void {
    const { socket, readOnly } = o;
    const viewers = new Map<number, PaneViewer>();
    this.sockets.set(ws, viewers);
    const clientId = this.nextClientId++;
    this.clients.set(ws, clientId);
    const token = randomBytes(16).toString('hex');
    this.sessionClients.join({ id: clientId, readOnly, token });
    this.roster('client-joined', clientId);
    const channel: ViewerChannel = {
      sendBinary: (frame, _headroom, sent) => {
        if (ECHO_TRACE) echoMark('ws-out', frame.subarray(FRAME_HEADER_BYTES));
        // ws hands the buffer to the socket as it is (no deflate, no mask on the server side); the
        // callback comes once the socket wrote it (or failed to), after which nothing reads it.
        ws.send(frame, { binary: true }, sent && (() => sent()));
      },
      sendJson: (m: ServerMessage) => ws.send(JSON.stringify(m)),
      // ws writes each frame corked and uncorks after it; corks nest, so the frames go out together.
      corked: (send) => {
        socket.cork();
        try {
          send();
        } finally {
          socket.uncork();
        }
      },
      get open() {
        return ws.readyState === WebSocket.OPEN;
      },
      queuedBytes: () => ws.bufferedAmount,
    };
    this.channels.set(clientId, channel);
    channel.sendJson({ t: 'hello', client: clientId, readOnly, token });
    // ws writes straight to the upgraded socket: its drain is when queued frames reached the kernel.
    socket.on('drain', () => {
      for (const v of [...viewers.values()]) v.drained();
    });
    const drop = (key: number) => {
      viewers.get(key)?.dispose();
      viewers.delete(key);
    };
    // The viewer stopped viewing: the pane goes back to the size of the latest one left.
    const leave = (key: number) => {
      drop(key);
      this.resize(this.sizes.leave(key, clientId));
    };
    const unsubscribe = this.bus.onAny((event) => {
      if (!channel.open) return;
      channel.sendJson({ t: 'event', event });
      if (event.type === 'pane-closed') {
        drop(event.key);
        this.sizes.forget(event.key);
      }
    });
    (ws as WebSocket & { alive?: boolean }).alive = true;
    ws.on('pong', () => ((ws as WebSocket & { alive?: boolean }).alive = true));
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      let reply: ServerMessage | null;
      try {
        reply = this.handle(raw, isBinary, { viewers, channel, drop, leave, clientId, readOnly });
      } catch (err) {
        // A handler bug must cost this message, not the server (no handler may throw on input).
        reply = {
          t: 'error',
          message: `internal error: ${err instanceof Error ? err.message : String(err)}`,
        };
      }
      if (reply) channel.sendJson(reply);
    });
    ws.on('close', () => {
      unsubscribe();
      for (const key of [...viewers.keys()]) leave(key);
      this.sockets.delete(ws);
      this.channels.delete(clientId);
      this.sessionClients.leave(clientId);
      if (this.clients.delete(ws)) this.roster('client-left', clientId);
    });
    ws.on('error', () => ws.terminate());
  }

  private roster(type: 'client-joined' | 'client-left', clientId: number): void {
    this.bus.emit({
      type,
      session: null,
      client_id: clientId,
      client_name: `browser ${clientId}`,
      count: this.clients.size,
    });
  }

  private control(
    clientId: number,
    msg: Extract<ClientMessage, { t: 'take-control' | 'control' }>,
  ): string | null {
    const s = this.sessionClients;
    if (msg.t === 'take-control') return s.request(clientId);
    switch (msg.op) {
      case 'request':
        return s.request(clientId);
      case 'grant':
        return s.grantTo(clientId, msg.client);
      case 'decline':
        return s.decline(clientId, msg.client);
      case 'input-lock':
        return s.setPolicy(clientId, { inputLock: msg.on });
      case 'takeover':
        return s.setPolicy(clientId, { takeover: msg.on });
      case 'remove':
        return s.remove(clientId, msg.client);
    }
  }

  /** Applies a size and tells every viewer of the pane (a page not its owner letterboxes it). */
  private resize(change: SizeChange | null): void {
    if (!change) return;
    const { key, cols, rows, by } = change;
    this.source(key)?.resize(cols, rows);
    for (const [ws, viewers] of this.sockets)
      if (viewers.has(key) && ws.readyState === WebSocket.OPEN)
        ws.send(JSON.stringify({ t: 'size', key, cols, rows, by } satisfies ServerMessage));
  }

  private handle(
    raw: RawData,
    isBinary: boolean,
    c: {
      viewers: Map<number, PaneViewer>;
      channel: ViewerChannel;
      drop(key: number): void;
      leave(key: number): void;
      clientId: number;
      /** A read-only link's page: its keystrokes and sizes never reach a pane. */
      readOnly: boolean;
    },
  ): ServerMessage | null {
    if (isBinary) return { t: 'error', message: 'client messages are JSON text frames' };
    const parsed = parseClientMessage(raw.toString());
    if (!parsed.ok) return { t: 'error', message: parsed.error };
    const msg = parsed.message;
    if (msg.t === 'view') {
      this.sessionClients.view(c.clientId, msg.session);
      return null;
    }
    if (msg.t === 'take-control' || msg.t === 'control') {
      const refusal = this.control(c.clientId, msg);
      return refusal ? { t: 'error', message: refusal } : null;
    }
    const key = msg.key;
    const pane = this.source(key);
    switch (msg.t) {
      case 'attach': {
        if (!pane) return { t: 'error', key, message: `no pane with key ${key}` };
        c.drop(key);
        if (!c.readOnly && validPaneSize(msg.cols, msg.rows))
          this.resize(this.sizes.use(key, c.clientId, { cols: msg.cols, rows: msg.rows }));
        // Whose size the pane has: when another page's, this page renders it letterboxed.
        const size = this.sizes.current(key);
        if (size) c.channel.sendJson({ t: 'size', key, cols: size.cols, rows: size.rows, by: size.by });
        const viewer = new PaneViewer(
          pane,
          c.channel,
          msg.window === undefined ? undefined : { high: msg.window, low: msg.window / 2 },
        );
        c.viewers.set(key, viewer);
        viewer.start(typeof msg.since === 'number' ? msg.since : undefined);
        return null;
      }
      case 'detach':
        c.leave(key);
        return null;
      case 'input': {
        if (!pane) return { t: 'error', key, message: `no pane with key ${key}` };
        const refused = this.sessionClients.inputRefusal(
          c.clientId,
          this.manager.panes.get(key)?.session.name ?? null,
        );
        if (refused) return { t: 'error', key, message: refused };
        const tooLarge = paneInputRefusal(msg.data);
        if (tooLarge) return { t: 'error', key, message: `${tooLarge}; nothing was typed` };
        this.resize(this.sizes.use(key, c.clientId));
        if (ECHO_TRACE) echoMark('ws-in', msg.data);
        pane.write(msg.data);
        return null;
      }
      case 'resize':
        if (!pane) return { t: 'error', key, message: `no pane with key ${key}` };
        if (c.readOnly) return null; // a viewer watches at the size the writers chose
        if (validPaneSize(msg.cols, msg.rows))
          this.resize(this.sizes.use(key, c.clientId, { cols: msg.cols, rows: msg.rows }));
        return null;
      case 'ack':
        c.viewers.get(key)?.ack(msg.bytes);
        return null;
      case 'flow':
        c.viewers.get(key)?.setWindow(msg.window);
        return null;
    }
  }
}
