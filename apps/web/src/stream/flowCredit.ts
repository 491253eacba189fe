// When to acknowledge output, per pane. The server stops sending above 100,000 unacknowledged
// bytes and resumes only below 5,000 (stream/protocol.ts). Acking only after xterm.js has parsed
// every byte would drain the whole pipe before each resume: measured here, that stop-and-go cut
// painted `seq` throughput to a fifth. So bytes are acknowledged as they arrive while the
// terminal's own backlog (handed to xterm, not yet parsed) stays under a budget, and only
// after parsing once it is over: the server keeps the pipe full, and a page that cannot keep up
// (a pane streaming `yes`) still stops the server within budget + watermark bytes (~170 KB),
// so what Ctrl-C leaves in flight is parsed within a frame or two. (256 KB made the e2e Ctrl-C
// check miss its one-second bound on a loaded 2-core machine.)

/** Bytes the terminal may have queued but not parsed before acks wait for the parser. */
export const BACKLOG_BUDGET = 64 * 1024;

export class FlowCredit {
  /** Handed to the terminal, not yet parsed. */
  private backlog = 0;
  /** Not yet acknowledged and allowed to be. */
  private ackable = 0;
  /** Over budget when they arrived: acknowledged once parsed. */
  private deferred = 0;

  constructor(
    private readonly ackEvery: number,
    private readonly budget: number = BACKLOG_BUDGET,
  ) {}

  /** A frame arrived and goes to the terminal; returns bytes to ack now (0 = not yet). */
  received(bytes: number): number {
    this.backlog += bytes;
    if (this.backlog <= this.budget) this.ackable += bytes;
    else this.deferred += bytes;
    return this.take();
  }

  /** The terminal parsed a frame of `bytes`; returns bytes to ack now (0 = not yet). */
  parsed(bytes: number): number {
    this.backlog = Math.max(0, this.backlog - bytes);
    if (this.deferred > 0 && this.backlog <= this.budget) {
      this.ackable += this.deferred;
      this.deferred = 0;
    }
    return this.take();
  }

  /** A new socket: the server starts counting from zero. */
  reset(): void {
    this.ackable = 0;
    this.deferred = 0;
    this.backlog = 0;
  }

  private take(): number {
    if (this.ackable < this.ackEvery) return 0;
    const n = this.ackable;
    this.ackable = 0;
    return n;
  }
}
