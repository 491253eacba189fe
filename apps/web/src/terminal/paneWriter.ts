// Feeds a pane's output to its xterm with the focused pane first. xterm parses a write queue in
// tasks of up to 12 ms, so a sibling pane flooding `yes` in 64 KB frames held the main thread for
// whole tasks while the focused pane's key echo waited behind them. A background pane's output
// is handed over in BACKGROUND_SLICE pieces, one per task (the next after the previous parsed and
// the page had a turn), so the echo's message event and its parse run between two slices. The
// focused pane writes straight through (xterm parses right after a keystroke without a timer).
// Acks follow each chunk's parse as before, so a background pane that parses slower is slowed
// by flow control on the server, not buffered here.
import type { Terminal } from '@xterm/xterm';

/** Bytes of a background pane parsed per task: well under a millisecond of xterm's parser. */
export const BACKGROUND_SLICE = 8 * 1024;

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
    const slice = head.bytes.subarray(0, BACKGROUND_SLICE);
    head.bytes = head.bytes.subarray(slice.length);
    const last = head.bytes.length === 0;
    if (last) queue.shift();
    term.write(slice, () => {
      if (last) head.done();
      nextTurn(drain);
    });
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
