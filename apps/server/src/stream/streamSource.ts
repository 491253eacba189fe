// What a viewer (paneViewer.ts) needs of a pane's output, whoever produces it: a local pane
// (session/pane.ts: a PTY on this machine) or a remote one (remote/remotePane.ts: a pane of a
// host's rozi, its bytes arriving over the host link with the host's offsets). The stream hub
// (wsHub.ts) looks sources up by key and never asks which kind it has.
import type { PaneKey } from '../session/model';
import type { RingBuffer } from './ringBuffer';

/** A viewer's side of the output path (implemented by stream/paneViewer.ts). */
export interface OutputSink {
  /**
   * New bytes are in the ring. `ready`, when given, is a whole output frame (protocol.ts layout,
   * this pane's key) of exactly those newest bytes, which a viewer that had sent everything before
   * them may send as it is instead of copying them out of the ring again (a remote pane's link
   * frame: one buffer from the host link to the WebSocket).
   */
  onOutput(ready?: Buffer): void;
  onExit(code: number | null): void;
  /** Above its high watermark: wants no more output until it acks. */
  isBlocked(): boolean;
  /** Bytes in the ring this viewer has not sent yet (absent: counts as plenty). */
  unsent?(): number;
}

export interface StreamSnapshot {
  /** A serialized screen + scrollback (what a kind 2 reset frame carries). */
  data: Buffer;
  /** The stream offset the snapshot stands for: output continues from here. */
  offset: number;
}

export interface StreamSource {
  readonly key: PaneKey;
  /** Recent output by absolute stream offset. */
  readonly ring: RingBuffer;
  readonly exited: boolean;
  readonly exitCode: number | null;
  attach(viewer: OutputSink): void;
  detach(viewer: OutputSink): void;
  /** A viewer's blocked state changed: pause or resume the producer. */
  updateFlow(): void;
  /** The screen for a viewer that cannot replay from the ring. */
  snapshot(): Promise<StreamSnapshot>;
  write(data: string | Buffer): void;
  resize(cols: number, rows: number): void;
}
