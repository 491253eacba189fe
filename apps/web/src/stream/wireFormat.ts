// The browser's copy of the WebSocket wire constants. apps/web may only `import type` from the
// server (DESIGN.md), so the numbers are repeated here; `satisfies` against the server's types
// makes the compiler notice when the two drift apart.
import type { FrameHeader, REMOVED_CLOSE_CODE as SERVER_REMOVED_CLOSE_CODE } from '@rozi/server/protocol';

export const WS_PATH = '/ws';
export const FRAME_OUTPUT = 1 satisfies FrameHeader['kind'];
export const FRAME_RESET = 2 satisfies FrameHeader['kind'];
export const FRAME_HEADER_BYTES = 13;
/** The socket closed because another page removed this one from its session: no reconnect. */
export const REMOVED_CLOSE_CODE = 4001 satisfies typeof SERVER_REMOVED_CLOSE_CODE;
/** The most payload bytes parsed before an ack (server: FLOW_ACK_EVERY). */
export const FLOW_ACK_EVERY = 64 * 1024;

/**
 * Ack once this many payload bytes have been parsed: an eighth of the pane's window, at most
 * FLOW_ACK_EVERY. Each ack is a WebSocket send, ~0.5 ms of the page's main thread in Chromium here
 * (bench/seq-profile.mjs: 317 sends cost 221 ms of a 15 MB `seq` at one ack per ~44 KB write);
 * an eighth keeps the server's count at most that far behind, well above its low watermark.
 */
export function ackEvery(window: number): number {
  return Math.max(1, Math.min(FLOW_ACK_EVERY, Math.floor(window / 8)));
}
/** The flow-control window this page asks for (server: protocol.ts; per pane: flowWindow.ts). */
export const FLOW_FOCUSED_WINDOW = 512 * 1024;

export interface DecodedFrame extends FrameHeader {
  payload: Uint8Array;
}

/** Reads one binary frame; null for a frame too short or of an unknown kind (ignored, never fatal). */
export function decodeFrame(buffer: ArrayBuffer): DecodedFrame | null {
  if (buffer.byteLength < FRAME_HEADER_BYTES) return null;
  const view = new DataView(buffer);
  const kind = view.getUint8(0);
  if (kind !== FRAME_OUTPUT && kind !== FRAME_RESET) return null;
  return {
    kind,
    key: view.getUint32(1, false),
    offset: view.getFloat64(5, false),
    payload: new Uint8Array(buffer, FRAME_HEADER_BYTES),
  };
}

/** Builds a frame the way the server does; used by tests. */
export function encodeFrame(frame: DecodedFrame): ArrayBuffer {
  const buffer = new ArrayBuffer(FRAME_HEADER_BYTES + frame.payload.byteLength);
  const view = new DataView(buffer);
  view.setUint8(0, frame.kind);
  view.setUint32(1, frame.key, false);
  view.setFloat64(5, frame.offset, false);
  new Uint8Array(buffer, FRAME_HEADER_BYTES).set(frame.payload);
  return buffer;
}
