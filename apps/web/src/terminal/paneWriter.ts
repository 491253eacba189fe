// Feeds a pane's output to its xterm with the focused pane first. xterm parses a write queue in
// tasks of up to 12 ms and redraws every dirty terminal each frame, so a sibling pane flooding
// `yes` held the main thread while the focused pane's key echo waited (bench/web-panes.mjs: echo
// parsed 159 ms p50 with 8 panes on `yes`). The focused pane writes straight through (xterm parses
// right after a keystroke without a timer). Background panes share one budget: at most
// BACKGROUND_WINDOW_BYTES per BACKGROUND_WINDOW_MS between them, each turn at most
// BACKGROUND_SLICE, one turn per task after the previous one parsed; so however many panes
// flood, they parse a bounded share and redraw at most ~20 times a second, and the echo's message
// event and parse run between their turns. Acks follow each chunk's parse as before, so a
// background pane held back here is slowed by flow control on the server, not buffered. A hidden
// page has no echo to protect: its panes are not held back (the browser throttles its timers).
// Right after a key in the focused pane, background panes wait for its echo (typingHold.ts).
import type { Terminal } from '@xterm/xterm';
import { afterTypingHold, typingHeld } from './typingHold';

/** Bytes of a background pane parsed per task: well under a millisecond of xterm's parser. */
export const BACKGROUND_SLICE = 8 * 1024;
/** The background panes' shared budget: 64 KB per 50 ms (1.3 MB/s, ~20 redraws a second). */
export const BACKGROUND_WINDOW_MS = 50;
export const BACKGROUND_WINDOW_BYTES = 64 * 1024;

const window_ = { start: -Infinity, used: 0, timer: null as ReturnType<typeof setTimeout> | null };
const nextWindow: Array<() => void> = [];

/** Bytes a background pane may write now (0: wait for the next window). */
function grant(want: number): number {
  const now = performance.now();
  if (now - window_.start >= BACKGROUND_WINDOW_MS) {
    window_.start = now;
    window_.used = 0;
  }
  const n = Math.min(want, BACKGROUND_WINDOW_BYTES - window_.used);
  window_.used += n;
  return n;
}

function whenWindowOpens(fn: () => void): void {
  nextWindow.push(fn);
  window_.timer ??= setTimeout(
    () => {
      window_.timer = null;
      for (const f of nextWindow.splice(0)) f();
    },
    Math.max(0, window_.start + BACKGROUND_WINDOW_MS - performance.now()),
  );
}

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

const turns: Array<() => void> = [];
let channel: MessageChannel | null = null;

/** Runs `fn` in a new task after pending events (a MessageChannel turn: no 4 ms timer clamp). */
function nextTurn(fn: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => turns.shift()?.();
  }
  turns.push(fn);
  channel.port2.postMessage(0);
}

interface Chunk {
  bytes: Uint8Array;
  done: () => void;
}

export interface PaneWriter {
  write(bytes: Uint8Array, done: () => void): void;
  /** Before a terminal reset: queued bytes are dropped (and acknowledged, the server counted them). */
  reset(): void;
  dispose(): void;
}

export function paneWriter(term: Pick<Terminal, 'write'>, o: { foreground(): boolean }): PaneWriter {
  const queue: Chunk[] = [];
  let draining = false;
  let disposed = false;

  const drain = () => {
    if (disposed) return;
    const head = queue[0];
    if (!head) {
      draining = false;
      return;
    }
    if (o.foreground()) {
      // Focused again: what waited goes to xterm at once, in order.
      draining = false;
      for (const c of queue.splice(0)) term.write(c.bytes, c.done);
      return;
    }
    // A key was just typed in the focused pane: its echo is drawn first (typingHold.ts).
    if (!hidden() && typingHeld()) {
      afterTypingHold(drain);
      return;
    }
    // Up to BACKGROUND_SLICE bytes per turn, across as many queued chunks as fit (a pane printing
    // a line at a time must not wait a turn per line), within the shared window's budget.
    const queued = queue.reduce((n, c) => n + c.bytes.length, 0);
    let budget = hidden() ? BACKGROUND_SLICE : grant(Math.min(BACKGROUND_SLICE, queued));
    if (budget === 0) {
      whenWindowOpens(drain);
      return;
    }
    while (budget > 0 && queue.length > 0) {
      const chunk = queue[0]!;
      const slice = chunk.bytes.subarray(0, budget);
      chunk.bytes = chunk.bytes.subarray(slice.length);
      budget -= slice.length;
      const finished = chunk.bytes.length === 0;
      if (finished) queue.shift();
      const lastOfTurn = budget <= 0 || queue.length === 0;
      term.write(slice, () => {
        if (finished) chunk.done();
        if (lastOfTurn) nextTurn(drain);
      });
    }
  };

  return {
    write(bytes, done) {
      if (disposed) return;
      if (!draining && queue.length === 0 && o.foreground()) {
        term.write(bytes, done);
        return;
      }
      queue.push({ bytes, done });
      if (!draining) {
        draining = true;
        drain();
      }
    },
    reset() {
      for (const c of queue.splice(0)) c.done();
    },
    dispose() {
      disposed = true;
      queue.length = 0;
    },
  };
}
