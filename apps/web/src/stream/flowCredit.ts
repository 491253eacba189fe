// When to acknowledge output, per pane: once xterm.js has parsed it, in batches. The server keeps
// at most the pane's window unacknowledged and sends again below half of it (stream/protocol.ts),
// so the page always has bytes to parse while the next ones travel, and what it holds unparsed
// (all a Ctrl-C waits behind) is bounded by that window. Acking on arrival instead (an earlier
// design) let the page queue more than the window while the pipe still ran dry at each resume
// under VS Code's 100,000 / 5,000 hysteresis.
//
// Batches: an ack waits until at least `ackEvery` bytes are parsed (an eighth of the window, so
// the server hears of free room well before its low watermark) and then goes out once at the end
// of the task that parsed them. xterm parses up to 12 ms of queued writes per task and calls each
// write's callback inside it; acking every ~5 KB sent one JSON message per 40 KB frame, ~420
// WebSocket sends per 15 MB of `seq`, 0.12 s of the page's main thread in a CPU profile
// (bench/seq-profile.mjs) where wetty, acking every 256 KB, spent 0.02 s.

/** The fewest bytes an ack carries (the server's FLOW_ACK_EVERY, stream/protocol.ts). */
export const MIN_ACK_BYTES = 5_000;
/** The most parsed bytes an ack waits for, whatever the window. */
export const MAX_ACK_BYTES = 64 * 1024;

/** Bytes parsed before an ack is due, for a flow-control window of `window` bytes. */
export function ackEvery(window: number): number {
  return Math.min(MAX_ACK_BYTES, Math.max(MIN_ACK_BYTES, Math.floor(window / 8)));
}

export class FlowCredit {
  /** Parsed, not yet acknowledged. */
  private ackable = 0;
  private due = false;
  /** Bumped by reset(): an ack queued for the previous socket is not sent on the new one. */
  private epoch = 0;
  private threshold: number;

  constructor(
    private readonly o: {
      window: number;
      /** Sends `{t:'ack', bytes}`. */
      send(bytes: number): void;
      /** Runs `flush` once the current task's synchronous work is done (tests pass their own). */
      defer?: (flush: () => void) => void;
    },
  ) {
    this.threshold = ackEvery(o.window);
  }

  /** The terminal parsed (or a reset dropped) `bytes` of output. */
  parsed(bytes: number): void {
    this.ackable += bytes;
    if (this.due || this.ackable < this.threshold) return;
    this.due = true;
    const epoch = this.epoch;
    (this.o.defer ?? queueMicrotask)(() => {
      if (epoch !== this.epoch) return;
      this.due = false;
      const n = this.ackable;
      this.ackable = 0;
      if (n > 0) this.o.send(n);
    });
  }

  /** The pane's window changed (`flow` message): acks follow its size. */
  setWindow(window: number): void {
    this.threshold = ackEvery(window);
    // A smaller window: what was parsed may be due now, and the server waits for it to send more.
    this.parsed(0);
  }

  /** A new socket: the server starts counting from zero. */
  reset(): void {
    this.ackable = 0;
    this.due = false;
    this.epoch++;
  }
}
