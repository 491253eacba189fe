// The page's one WebSocket: terminal output in, keystrokes and acks out, server events in.
// It owns reconnection (backoff, re-attach every pane with `since`) so a server restart or a
// dropped network costs the user a banner, never lost or doubled output.
import type { ClientMessage, ServerMessage } from '@rozi/server/protocol';
import type { ServerEvent } from '@rozi/server/events';
import { FlowCredit } from './flowCredit';
import { OutputCursor } from './outputCursor';
import { setPageToken } from '../api/pageToken';
import {
  decodeFrame,
  ackEvery,
  FLOW_FOCUSED_WINDOW,
  FRAME_RESET,
  REMOVED_CLOSE_CODE,
  WS_PATH,
} from './wireFormat';

/** `removed`: another page removed this one from its session; it stays disconnected. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'removed';

/** What the collaboration UI hears: a roster notice, or a refusal line from the server. */
export type ControlMessage = Extract<ServerMessage, { t: 'control' }> | { t: 'refused'; message: string };

/** Where a pane's bytes go: a terminal (or a test double standing in for xterm's write queue). */
export interface PaneSink {
  /** Write bytes; call `written` once the terminal has parsed them (drives the flow-control ack). */
  write(bytes: Uint8Array, written: () => void): void;
  reset(): void;
  exited(code: number | null): void;
  /** This page's own size for the pane (what it would fit), told to the server on attach. */
  size(): { cols: number; rows: number };
  /**
   * The pane's PTY has another page's size (`by`): render it at that size, letterboxed; null: the
   * size is this page's own (stream/protocol.ts, resize policy).
   */
  canonical?(size: { cols: number; rows: number; by: number } | null): void;
}

export interface PaneAttachment {
  input(data: string): void;
  resize(cols: number, rows: number): void;
  /** This pane's flow-control window in bytes (stream/flowWindow.ts). */
  setWindow(bytes: number): void;
  /**
   * Asks the server for a fresh snapshot of the pane (a reset frame with its whole scrollback, as
   * on a first attach); output after it continues from the snapshot's offset.
   */
  resync(): void;
  dispose(): void;
}

interface Attached {
  key: number;
  sink: PaneSink;
  cursor: OutputCursor;
  flow: FlowCredit;
  /** The window asked for on attach and in `flow` messages; sent again on each re-attach. */
  window: number;
}

/** 250 ms, 500 ms, 1 s, 2 s, then every 3 s: fast after a blip, gentle while the server is down. */
const BACKOFF_MS = [250, 500, 1000, 2000, 3000];

export class StreamClient {
  private socket: WebSocket | null = null;
  private readonly attached = new Map<number, Attached>();
  private readonly eventListeners = new Set<(event: ServerEvent) => void>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private everOpened = false;
  /** Bumped per socket so a write finishing after a reconnect is not acked on the new socket. */
  private generation = 0;
  state: ConnectionState = 'connecting';
  /** This page as the server knows it (its `hello`): client id and whether it is read-only. */
  identity: { client: number; readOnly: boolean } | null = null;
  private readonly identityListeners = new Set<() => void>();
  /** Collaboration notices and the server's one-line refusals (input lock, grant, …). */
  private readonly controlListeners = new Set<(message: ControlMessage) => void>();
  /** The session this page shows, told to the server again after each reconnect. */
  private viewing: string | null = null;
  /** Who removed this page from which session (the notice before the close), once removed. */
  removal: { session: string; by: number | null } | null = null;
  private removalNotice: { session: string; by: number | null } | null = null;

  /** Opens nothing: `start()` does, from an effect, so a render React throws away leaks no socket. */
  constructor(private readonly url: string) {}

  /** Connects (again after a dispose, as React's development double effects do). */
  start(): void {
    this.disposed = false;
    if (!this.socket && !this.timer) this.connect();
  }

  static forPage(): StreamClient {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return new StreamClient(`${scheme}//${location.host}${WS_PATH}`);
  }

  attach(key: number, sink: PaneSink, window = FLOW_FOCUSED_WINDOW): PaneAttachment {
    const fresh = (bytes: number): Attached => ({
      key,
      sink,
      cursor: new OutputCursor(),
      flow: new FlowCredit(ackEvery(bytes)),
      window: bytes,
    });
    let entry = fresh(window);
    this.attached.set(key, entry);
    this.sendAttach(entry);
    return {
      // A read-only page never sends keys or sizes (the server refuses them anyway).
      input: (data) => this.identity?.readOnly !== true && this.send({ t: 'input', key, data }),
      resize: (cols, rows) => this.identity?.readOnly !== true && this.send({ t: 'resize', key, cols, rows }),
      setWindow: (bytes) => {
        if (this.attached.get(key) !== entry || entry.window === bytes) return;
        entry.window = bytes;
        entry.flow.setAckEvery(ackEvery(bytes));
        this.send({ t: 'flow', key, window: bytes });
      },
      resync: () => {
        if (this.attached.get(key) !== entry) return;
        // A new entry and a new viewer on the server (attach replaces the old one): frames of the
        // old viewer still in flight are written, and the reset that follows clears them; their
        // acks reach the new viewer, which floors its count at zero.
        entry = fresh(entry.window);
        this.attached.set(key, entry);
        this.sendAttach(entry);
      },
      dispose: () => {
        if (this.attached.get(key) !== entry) return;
        this.attached.delete(key);
        this.send({ t: 'detach', key });
      },
    };
  }

  onEvent(listener: (event: ServerEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Tells the server which session this page shows (the roster and control lease follow it). */
  view(session: string | null): void {
    this.viewing = session;
    this.send({ t: 'view', session });
  }

  /** Takes the shown session's control lease (rozi's request-control with takeover). */
  takeControl(): void {
    this.send({ t: 'take-control' });
  }

  /** A collaboration request: ask/grant/decline control, or the controller's lock/takeover switch. */
  control(message: Extract<ClientMessage, { t: 'control' }>): void {
    this.send(message);
  }

  onControl(listener: (message: ControlMessage) => void): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }

  onIdentity(listener: () => void): () => void {
    this.identityListeners.add(listener);
    return () => this.identityListeners.delete(listener);
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Called after a reconnect (not the first connect): the workspace may have changed meanwhile. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close();
    this.socket = null;
    this.attached.clear();
  }

  private connect(): void {
    if (this.disposed || this.removal) return;
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    const generation = ++this.generation;
    socket.onopen = () => {
      if (generation !== this.generation) return;
      this.attempt = 0;
      const reconnected = this.everOpened;
      this.everOpened = true;
      for (const entry of this.attached.values()) {
        entry.flow.reset();
        this.sendAttach(entry);
      }
      if (this.viewing !== null) this.send({ t: 'view', session: this.viewing });
      this.setState('open');
      if (reconnected) for (const listener of this.reconnectListeners) listener();
    };
    socket.onmessage = (message) => {
      if (generation !== this.generation) return;
      if (typeof message.data === 'string') this.handleText(message.data);
      else this.handleBinary(message.data as ArrayBuffer, generation);
    };
    socket.onclose = (ev) => {
      if (generation !== this.generation || this.disposed) return;
      this.socket = null;
      if (ev.code === REMOVED_CLOSE_CODE) {
        this.removal = this.removalNotice ?? { session: this.viewing ?? '?', by: null };
        this.setState('removed');
        return;
      }
      this.setState('reconnecting');
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)] ?? 3000;
      this.attempt += 1;
      this.timer = setTimeout(() => {
        this.timer = null;
        this.connect();
      }, delay);
    };
    // onerror is always followed by onclose, which owns the retry.
    socket.onerror = () => undefined;
  }

  private setState(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private send(message: ClientMessage): void {
    // While disconnected, input is dropped on purpose: typing into a dead socket and having it
    // replayed seconds later into whatever then runs in the pane would be worse than losing it.
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private sendAttach(entry: Attached): void {
    const { cols, rows } = entry.sink.size();
    const since = entry.cursor.since;
    const window = entry.window;
    this.send(
      since === undefined
        ? { t: 'attach', key: entry.key, cols, rows, window }
        : { t: 'attach', key: entry.key, cols, rows, since, window },
    );
  }

  private handleBinary(buffer: ArrayBuffer, generation: number): void {
    const frame = decodeFrame(buffer);
    if (!frame) return;
    const entry = this.attached.get(frame.key);
    if (!entry) return;
    const step =
      frame.kind === FRAME_RESET
        ? entry.cursor.reset(frame.offset, frame.payload)
        : entry.cursor.output(frame.offset, frame.payload);
    if (step.reset) entry.sink.reset();
    // The server counts every payload byte it sent against this viewer, trimmed or not.
    const counted = frame.payload.byteLength;
    const written = () => {
      if (generation !== this.generation || this.attached.get(entry.key) !== entry) return;
      this.ack(entry, entry.flow.parsed(counted));
    };
    if (step.bytes.byteLength === 0) written();
    else entry.sink.write(step.bytes, written);
  }

  private ack(entry: Attached, bytes: number): void {
    if (bytes > 0) this.send({ t: 'ack', key: entry.key, bytes });
  }

  private handleText(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return; // A malformed server message is a server bug; dropping it keeps the page alive.
    }
    if (message.t === 'event') {
      for (const listener of this.eventListeners) listener(message.event);
    } else if (message.t === 'exit') {
      this.attached.get(message.key)?.sink.exited(message.code);
    } else if (message.t === 'error') {
      console.warn(`rozi stream: ${message.message}`);
      for (const listener of this.controlListeners) listener({ t: 'refused', message: message.message });
    } else if (message.t === 'control') {
      if (message.notice === 'removed')
        this.removalNotice = { session: message.session, by: message.from ?? null };
      for (const listener of this.controlListeners) listener(message);
    } else if (message.t === 'size') {
      const mine = this.identity !== null && message.by === this.identity.client;
      this.attached
        .get(message.key)
        ?.sink.canonical?.(mine ? null : { cols: message.cols, rows: message.rows, by: message.by });
    } else if (message.t === 'hello') {
      this.identity = { client: message.client, readOnly: message.readOnly };
      setPageToken(typeof message.token === 'string' ? message.token : null);
      for (const listener of this.identityListeners) listener();
    }
  }
}
