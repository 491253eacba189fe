// When to acknowledge output, per pane: once xterm.js has parsed it, about every `ackEvery` bytes
// (wireFormat.ts: an eighth of the pane's window, which `setAckEvery` follows when it changes).
// The server keeps at most its high watermark unacknowledged and sends again below half of it
// (stream/protocol.ts), so the page always has bytes to parse while the next ones travel, and what
// it holds unparsed (all a Ctrl-C waits behind) is bounded by that window. Acking on arrival instead
// (an earlier design) let the page queue more than the window while the pipe still ran dry at
// each resume under VS Code's 100,000 / 5,000 hysteresis.

export class FlowCredit {
  /** Parsed, not yet acknowledged. */
  private ackable = 0;

  constructor(private ackEvery: number) {}

  /** The pane's window changed: batches follow it from the next parsed frame. */
  setAckEvery(bytes: number): void {
    this.ackEvery = bytes;
  }

  /** The terminal parsed a frame of `bytes` (or dropped it on a reset); returns bytes to ack now. */
  parsed(bytes: number): number {
    this.ackable += bytes;
    if (this.ackable < this.ackEvery) return 0;
    const n = this.ackable;
    this.ackable = 0;
    return n;
  }

  /** A new socket: the server starts counting from zero. */
  reset(): void {
    this.ackable = 0;
  }
}
