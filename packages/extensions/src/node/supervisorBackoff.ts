// Restart decisions for a supervised service (spec: Services), kept pure so the give-up rule is
// tested over thousands of exits in microseconds with a fake clock.
//
// The numbers (defaults): the first restart waits 500 ms, each further one doubles, capped at
// 30 s. Five starts within 10 s give up: the service is `failed` until reloaded or restarted by
// hand (with the doubling delays that is the fifth quick crash, about 7.5 s in). A run that lasts
// 10 s counts as stable and forgets earlier crashes, so a service that fails once a day restarts
// after 500 ms every time.

export type RestartPolicy = 'on-failure' | 'always' | 'never';

export interface RestartTimings {
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
  /** Give up when this many starts fall within giveUpWindowMs. */
  giveUpStarts: number;
  giveUpWindowMs: number;
  /** A run at least this long resets the backoff and the start history. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_TIMINGS: RestartTimings = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  factor: 2,
  giveUpStarts: 5,
  giveUpWindowMs: 10_000,
  stableAfterMs: 10_000,
};

export type RestartDecision =
  | { kind: 'restart'; delayMs: number }
  | { kind: 'give-up'; reason: string }
  | { kind: 'done'; reason: string };

export class RestartTracker {
  private starts: number[] = [];
  private attempt = 0;

  constructor(private readonly timings: RestartTimings = DEFAULT_RESTART_TIMINGS) {}

  recordStart(now: number): void {
    this.starts.push(now);
  }

  /** After a manual restart or a reload the history starts over. */
  reset(): void {
    this.starts = [];
    this.attempt = 0;
  }

  onExit(input: { now: number; failed: boolean; policy: RestartPolicy }): RestartDecision {
    const t = this.timings;
    const lastStart = this.starts[this.starts.length - 1] ?? input.now;
    if (input.now - lastStart >= t.stableAfterMs) {
      this.starts = [lastStart];
      this.attempt = 0;
    }
    if (input.policy === 'never') return { kind: 'done', reason: 'restart = "never"' };
    if (input.policy === 'on-failure' && !input.failed)
      return { kind: 'done', reason: 'exited with status 0' };
    this.starts = this.starts.filter((s) => input.now - s < t.giveUpWindowMs);
    if (this.starts.length >= t.giveUpStarts) {
      return { kind: 'give-up', reason: `${this.starts.length} starts within ${t.giveUpWindowMs / 1000} s` };
    }
    const delayMs = Math.min(t.maxDelayMs, t.initialDelayMs * t.factor ** this.attempt);
    this.attempt += 1;
    return { kind: 'restart', delayMs };
  }
}
