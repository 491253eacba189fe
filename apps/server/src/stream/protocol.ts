// The wire contract between the server and the browser (and any other WebSocket viewer).
// Types and constants only, no imports of node code, so apps/web can `import type` it; the web
// copies the constants it needs at run time (the import table lets it import server types only).
//
// WebSocket: one per page at WS_PATH, authenticated by the session cookie on the upgrade.
//
// Client → server: text frames, one JSON ClientMessage each.
// Server → client:
//   * binary frames for terminal output:
//       byte 0      kind: FRAME_OUTPUT (1) = an output chunk,
//                         FRAME_RESET  (2) = reset the terminal, then write the payload (a serialized
//                                            screen + scrollback) — sent on attach without a usable
//                                            `since`, and to a viewer that fell off the ring buffer
//       bytes 1–4   pane key, uint32 big-endian
//       bytes 5–12  stream offset, float64 big-endian: for kind 1 the offset of the first payload
//                   byte in the pane's output stream; for kind 2 the offset the snapshot stands for
//                   (the next kind 1 frame starts there)
//       bytes 13…   payload, UTF-8 terminal data (a chunk may end inside a multi-byte character;
//                   write the bytes as Uint8Array and xterm.js joins them)
//   * text frames, one JSON ServerMessage each (events, exit).
//
// Replay: a reconnecting viewer sends `since` = the offset just after the last byte it rendered.
// If the server's ring buffer still holds that offset it replays exactly from there (no byte
// lost, none doubled); otherwise it sends a kind 2 reset.
//
// Flow control: the client sends `{t:'ack', key, bytes}` after xterm.js's write callback, about
// every eighth of its window and at most every FLOW_ACK_EVERY payload bytes (bytes = payload bytes
// parsed since its previous ack, kind 1 and kind 2 alike). The server stops sending to a viewer whose unacknowledged bytes exceed
// FLOW_HIGH_WATERMARK and resumes when they fall below FLOW_LOW_WATERMARK, half the window: the
// page still has that much to parse when the next bytes leave, so the pipe does not run dry
// while an ack and the PTY's resume cross a loaded machine. (VS Code's 100,000 / 5,000 resumed
// only once the page had parsed nearly everything: its parser sat idle for more than half of a
// 15 MB `seq` at load 11, wetty's for a fifth, bench/web-terminal.mjs.) What a page holds unparsed
// is bounded by the window, so a Ctrl-C is drawn after at most ~512 KB of parsing. The PTY is
// paused only while every attached viewer is above the high watermark; a stalled viewer never
// stalls the others, and one that fell off the ring buffer gets a kind 2 reset when it acks again.
// The window is per viewer, chosen by the page (`window` on attach, then `flow` messages; the
// page's choice and why it is the same for focused and background panes: apps/web
// stream/flowWindow.ts; FLOW_BACKGROUND_WINDOW is the smaller one its A/B tried). The server
// clamps a window to [FLOW_MIN_WINDOW, FLOW_MAX_WINDOW]; the low watermark is always half of it.
//
// Resize policy with several viewers (stream/canonicalSize.ts): when the page holding the lease
// of the pane's session (the controller) views the pane, its size is canonical and the other
// viewers' attach, resize and keystrokes never resize the PTY; when the lease moves, the new
// controller's sizes apply at once. Otherwise tmux's `window-size latest`: the most recent
// `attach` or `resize` of any viewer sets the PTY size and a keystroke from another viewer brings
// the PTY to that viewer's size. When the viewer the size came from detaches or disconnects, the
// next one by the same rules takes over. Every viewer of the pane hears `{t:'size'}` (the PTY's
// size and the page `by` whose size it is) on attach and on each change: a page that is not `by`
// keeps its terminal at that size and letterboxes it (centred with dead space in a larger area,
// scrollable in a smaller one) while still telling the server its own size with `resize`. The
// browser sends `resize` on focus.
import type { ServerEvent } from '../events/types';
import type { PaneKey } from '../session/model';

export const WS_PATH = '/ws';
export const TRPC_PATH = '/trpc';

export const FRAME_OUTPUT = 1;
export const FRAME_RESET = 2;
/** 1 kind byte + 4 key bytes + 8 offset bytes. */
export const FRAME_HEADER_BYTES = 13;

export const FLOW_HIGH_WATERMARK = 512 * 1024;
export const FLOW_LOW_WATERMARK = FLOW_HIGH_WATERMARK / 2;
export const FLOW_ACK_EVERY = 64 * 1024;
/** A smaller window for background panes, as A/B'd (apps/web stream/flowWindow.ts: not used). */
export const FLOW_BACKGROUND_WINDOW = 100 * 1024;
/** Windows a page may ask for are clamped into this range. */
export const FLOW_MIN_WINDOW = 16 * 1024;
export const FLOW_MAX_WINDOW = 2 * 1024 * 1024;

export type ClientMessage =
  /**
   * Start receiving a pane's output; also sets the PTY size (resize policy above). `window`: this
   * viewer's flow-control window in bytes (default FLOW_HIGH_WATERMARK; clamped, see above).
   */
  | { t: 'attach'; key: PaneKey; cols: number; rows: number; since?: number; window?: number }
  /** Change this viewer's flow-control window (the page focused or left the pane). */
  | { t: 'flow'; key: PaneKey; window: number }
  | { t: 'detach'; key: PaneKey }
  /** Keyboard/paste input, UTF-8 text as xterm.js's onData gives it. */
  | { t: 'input'; key: PaneKey; data: string }
  | { t: 'resize'; key: PaneKey; cols: number; rows: number }
  /** Payload bytes written to the terminal since the previous ack. */
  | { t: 'ack'; key: PaneKey; bytes: number }
  /** The session the page shows (null: none): attaches the client there (stream/sessionClients.ts). */
  | { t: 'view'; session: string | null }
  /** Take the control lease of the shown session (rozi's request-control with takeover). */
  | { t: 'take-control' }
  /**
   * Collaboration (rozi's sessions.md): `request` the lease (taken at once with takeover on);
   * the controller's `grant` / `decline` (client: whom; default the oldest asker), and its
   * `input-lock` / `takeover` policy switches (`on`).
   */
  | { t: 'control'; op: 'request' | 'grant' | 'decline'; client?: number }
  | { t: 'control'; op: 'input-lock' | 'takeover'; on: boolean }
  /** Remove page `client` from the session (rozi's ctrl+k in Manage collaborators): it is told why and closed. */
  | { t: 'control'; op: 'remove'; client: number };

export type ServerMessage =
  | { t: 'event'; event: ServerEvent }
  /** The pane's process exited (also sent on attach to an exited pane). */
  | { t: 'exit'; key: PaneKey; code: number | null }
  /** A client message the server could not use (unknown pane, bad JSON); the socket stays open. */
  | { t: 'error'; key?: PaneKey; message: string }
  /**
   * Sent once on connect. Who this page is: its client id, whether it is read-only, and `token`, a secret the page sends
   * as the `x-rozi-client` header of its tRPC calls so the server knows which page asks
   * (api/followerAccess.ts refuses a follower's layout changes).
   */
  | { t: 'hello'; client: number; readOnly: boolean; token: string }
  /** The PTY of `key` is `cols` x `rows`, the size of page `by` (see the resize policy above). */
  | { t: 'size'; key: PaneKey; cols: number; rows: number; by: number }
  /**
   * The roster of `session` changed (`changed`: re-read workspace.clients), client `from` asks
   * this page (the controller) for control (`requested`), declined this page's request, or
   * removed this page from the session (`removed`: the socket closes next with REMOVED_CLOSE_CODE).
   */
  | {
      t: 'control';
      session: string;
      notice: 'changed' | 'requested' | 'declined' | 'removed';
      from?: number;
    };

/** The close code of a page another client removed from its session: the page does not reconnect. */
export const REMOVED_CLOSE_CODE = 4001;

export interface FrameHeader {
  kind: typeof FRAME_OUTPUT | typeof FRAME_RESET;
  key: PaneKey;
  offset: number;
}
