// Health of one hook: counters, recent durations and the failure window that disables a hook
// which keeps failing. Pure: the caller passes the time, so tests need no clock tricks.
import { DISABLE_AFTER_FAILURES, DURATION_SAMPLES, FAILURE_WINDOW_MS } from './limits';

export type HookFailureKind =
  | 'timeout'
  | 'memory'
  | 'thrown'
  | 'invalid-return'
  | 'too-large'
  | 'worker-crashed'
  | 'worker-unresponsive'
  | 'not-loaded'
  | 'overloaded'
  | 'cancelled';

export interface HookHealthSnapshot {
  calls: number;
  failures: number;
  timeouts: number;
  /** Effects the validator refused; they do not count as failures (the call itself worked). */
  rejectedEffects: number;
  lastError: string | null;
  lastErrorAt: number | null;
  /** Of the last DURATION_SAMPLES calls, in milliseconds inside the worker; null before any. */
  p50Ms: number | null;
  p99Ms: number | null;
  disabled: boolean;
  disabledReason: string | null;
}

export interface HealthPolicy {
  disableAfterFailures: number;
  windowMs: number;
}

export const DEFAULT_HEALTH_POLICY: HealthPolicy = {
  disableAfterFailures: DISABLE_AFTER_FAILURES,
  windowMs: FAILURE_WINDOW_MS,
};

export class HookHealth {
  private calls = 0;
  private failures = 0;
  private timeouts = 0;
  private rejectedEffects = 0;
  private lastError: string | null = null;
  private lastErrorAt: number | null = null;
  private disabledReason: string | null = null;
  private readonly recentFailures: number[] = [];
  private readonly durations: number[] = [];
  private nextSample = 0;

  constructor(private readonly policy: HealthPolicy = DEFAULT_HEALTH_POLICY) {}

  get disabled(): boolean {
    return this.disabledReason !== null;
  }

  recordSuccess(options: { durationMs: number; rejectedEffects: number }): void {
    this.calls += 1;
    this.rejectedEffects += options.rejectedEffects;
    this.sample(options.durationMs);
  }

  /**
   * Counts a failed call. Returns the reason when this failure disabled the hook (the caller
   * notifies the user once), null otherwise.
   */
  recordFailure(options: {
    kind: HookFailureKind;
    message: string;
    now: number;
    durationMs?: number;
  }): string | null {
    this.calls += 1;
    this.failures += 1;
    if (options.kind === 'timeout') this.timeouts += 1;
    this.lastError = options.message;
    this.lastErrorAt = options.now;
    if (options.durationMs !== undefined) this.sample(options.durationMs);
    // 'overloaded' and 'cancelled' say the sandbox was busy or shutting down, not that the
    // hook is bad: they never disable it.
    if (options.kind === 'overloaded' || options.kind === 'cancelled' || this.disabled) return null;
    this.recentFailures.push(options.now);
    while (
      this.recentFailures.length > 0 &&
      (this.recentFailures[0] ?? 0) <= options.now - this.policy.windowMs
    ) {
      this.recentFailures.shift();
    }
    if (this.recentFailures.length < this.policy.disableAfterFailures) return null;
    const seconds = Math.round(this.policy.windowMs / 1000);
    this.disabledReason = `disabled after ${this.recentFailures.length} failures in ${seconds} s; last: ${options.message}`;
    return this.disabledReason;
  }

  /** Re-enabling (the user asked, or the extension reloaded) forgets the failure window. */
  enable(): void {
    this.disabledReason = null;
    this.recentFailures.length = 0;
  }

  snapshot(): HookHealthSnapshot {
    const sorted = [...this.durations].sort((a, b) => a - b);
    return {
      calls: this.calls,
      failures: this.failures,
      timeouts: this.timeouts,
      rejectedEffects: this.rejectedEffects,
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      disabled: this.disabled,
      disabledReason: this.disabledReason,
    };
  }

  private sample(durationMs: number): void {
    if (this.durations.length < DURATION_SAMPLES) this.durations.push(durationMs);
    else this.durations[this.nextSample] = durationMs;
    this.nextSample = (this.nextSample + 1) % DURATION_SAMPLES;
  }
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? null;
}
