// Messages between the server's main thread (mirrorClient.ts) and the mirror worker
// (mirrorHost.ts): every pane's headless terminal lives in the worker, so parsing output never
// takes the main thread's time from the browser path. Values only (structured clone); output
// bytes travel as views of the pane's ring (SharedArrayBuffer blocks, shared, not copied) and
// snapshots as transferred ArrayBuffers. A port delivers messages in order, so a
// read posted after some bytes is answered from a screen that has parsed them (flush-then-read).
import type { ReportedCwd } from '@rozi/detect/shellMarks';
import type { LastOutput } from '../shellIntegration/commandMarks';

/** Modes and marks the main thread reads synchronously; the worker sends them when they change. */
export interface MirrorState {
  /** DECCKM: arrow keys are sent as SS3 (send-keys, inbox answers). */
  applicationCursor: boolean;
  /** DECSET 2004 (prompt fence). */
  bracketedPaste: boolean;
  /** The alternate screen is active (closing modes of restored history). */
  alternate: boolean;
  /** OSC 133: a command was accepted and has not finished (live cwd). */
  commandRunning: boolean;
}

export const INITIAL_MIRROR_STATE: MirrorState = {
  applicationCursor: false,
  bracketedPaste: false,
  alternate: false,
  commandRunning: false,
};

export type MirrorRead =
  /** The visible screen as text (detection's screen string) with the current state. */
  | { kind: 'screen' }
  /** capture-pane: screen lines with `scrollback` lines above them. */
  | { kind: 'capture'; scrollback: number | 'full' }
  /** capture-pane --last-output. */
  | { kind: 'last-output' }
  /** Screen + scrollback serialized as terminal data (kind 2 frames, host links). */
  | { kind: 'snapshot' };

export interface ScreenReply {
  kind: 'screen';
  state: MirrorState;
  text: string;
}
export interface CaptureReply {
  kind: 'capture';
  lines: string[];
  cursor: { x: number; y: number };
  size: { cols: number; rows: number };
  scrollback: number;
}
export interface LastOutputReply {
  kind: 'last-output';
  last: LastOutput | null;
  /** The shell has sent command marks at all (the integration is live). */
  seen: boolean;
  cursor: { x: number; y: number };
  size: { cols: number; rows: number };
}
export interface SnapshotReply {
  kind: 'snapshot';
  /** UTF-8 of the serialized screen; its buffer is transferred. */
  data: Uint8Array;
  /** Stream offset the snapshot stands for. */
  offset: number;
}
export type MirrorReply = ScreenReply | CaptureReply | LastOutputReply | SnapshotReply;
export type ReplyOf<R extends MirrorRead> = Extract<MirrorReply, { kind: R['kind'] }>;

export interface MirrorOpen {
  cols: number;
  rows: number;
  scrollback: number;
  /** Stream offset of the first byte the mirror will be sent. */
  offset: number;
  /**
   * One BigInt64 the worker keeps at the stream offset below which it holds no posted byte any
   * more (parsed or skipped): the pane's ring rewrites a dropped block only below it
   * (stream/ringBuffer.ts). Shared memory, so the main thread reads it without a message.
   */
  released?: SharedArrayBuffer;
}

export type ToWorker =
  | ({ t: 'open'; id: number } & MirrorOpen)
  /** Output in order: views of the pane's ring (shared memory) or transferred copies. */
  | { t: 'data'; id: number; parts: Uint8Array[] }
  | { t: 'resize'; id: number; cols: number; rows: number }
  | { t: 'read'; id: number; req: number; read: MirrorRead }
  | { t: 'close'; id: number };

export type FromWorker =
  | { t: 'title'; id: number; title: string }
  | { t: 'bell'; id: number }
  | { t: 'cwd'; id: number; cwd: ReportedCwd }
  | { t: 'state'; id: number; state: MirrorState }
  | { t: 'reply'; id: number; req: number; reply: MirrorReply }
  | { t: 'fail'; id: number; req: number; message: string };
