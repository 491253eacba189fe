// A clock and timer host that only move when a test says so: the status policies take `now`
// and timers as inputs, and this drives them deterministically (no sleeping in tests).
import type { TimerHost } from './agentWaits';

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

export class ManualClock implements TimerHost {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<number, Pending>();

  constructor(start = 1_000_000) {
    this.t = start;
  }

  readonly now = (): number => this.t;

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), seq: id, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time forward, firing due timers in order (each at its own due time). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, Pending] | undefined;
      for (const e of this.timers)
        if (
          e[1].at <= end &&
          (!next || e[1].at < next[1].at || (e[1].at === next[1].at && e[1].seq < next[1].seq))
        )
          next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
    this.t = end;
  }
}
