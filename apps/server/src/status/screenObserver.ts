// The screen tier for one pane: when to read the headless mirror, whether the read changed
// anything, and how a raw detection turns into the state the hub is told. Pure policy: the
// clock, the mirror read and the detector are injected, so every number below is tested with a
// fake clock. The host asks `nextDueAt()` and calls `tick()` then (one timer per pane at most).
import type { DetectedState } from './types';
import type { TierReading, TierState } from './statusHub';

/**
 * Policy numbers (ARCHITECTURE.md, apps/server: status):
 * - debounceMs: output is read this long after it starts arriving, so one redraw is read whole
 *   instead of half-drawn (tens of ms; the screen → `agents get` budget is p50 ≤ 60 ms).
 * - busyGapMs: under continuous output (spinners redraw 10×/s) a pane is evaluated at most this
 *   often, so 100 busy agents cost at most 1,000 evaluations a second in total.
 * - slowPeriodMs: one catch-up re-read this long after the last output (bytes parsed after a
 *   read began, a resize reflow); then nothing until the pane writes again, so an idle pane
 *   costs no reads at all. Time-based settling (confirmIdleMs, unknownQuietMs) has its own due
 *   times below and never waits for this.
 * - confirmIdleMs: working → idle must hold this long. TUIs blank their status line for a frame
 *   between tool calls; without the window each gap would read as "done". Never delays blocked.
 * - unknownQuietMs: how long `unknown` (a help page, a navigator) keeps the last state before the
 *   pane returns to idle.
 */
export const SCREEN_POLICY = {
  debounceMs: 20,
  busyGapMs: 100,
  slowPeriodMs: 5_000,
  confirmIdleMs: 600,
  unknownQuietMs: 30_000,
} as const;

export type ScreenPolicy = { [K in keyof typeof SCREEN_POLICY]: number };

export interface ScreenSample {
  screen: string;
  title: string;
}

export interface ScreenVerdict {
  state: DetectedState;
  message?: string | null;
}

export interface ScreenObserverOptions {
  now(): number;
  read(): ScreenSample;
  evaluate(sample: ScreenSample): ScreenVerdict;
  policy?: Partial<ScreenPolicy>;
}

export interface ScreenObserverStats {
  reads: number;
  evaluations: number;
}

export class ScreenObserver {
  readonly policy: ScreenPolicy;
  readonly stats: ScreenObserverStats = { reads: 0, evaluations: 0 };
  private present = false;
  private dirtySince: number | null = null;
  private lastReadAt = -Infinity;
  /** Last output, and whether the catch-up read after it is still owed. */
  private lastOutputAt = -Infinity;
  private catchUpOwed = false;
  private lastEvalAt = -Infinity;
  private lastSample: ScreenSample | null = null;
  private raw: DetectedState | null = null;
  private rawMessage: string | null = null;
  private committed: TierReading | null = null;
  /** When the raw reading turned idle while the committed state was working. */
  private idleSince: number | null = null;
  /** Last time a reading confirmed a real state (anything but unknown). */
  private confirmedAt = 0;

  constructor(private readonly options: ScreenObserverOptions) {
    this.policy = { ...SCREEN_POLICY, ...options.policy };
  }

  /** The process tier found (or lost) an agent. No agent → no reads at all. */
  setAgentPresent(present: boolean): void {
    if (present === this.present) return;
    this.present = present;
    this.lastSample = null;
    this.raw = null;
    this.committed = null;
    this.idleSince = null;
    const now = this.options.now();
    this.confirmedAt = now;
    // Read the new agent's screen promptly, and once more a while later.
    this.dirtySince = present ? now : null;
    this.lastOutputAt = now;
    this.catchUpOwed = present;
  }

  /** The PTY wrote output (or the pane was resized) since the last read. */
  noteOutput(): void {
    if (!this.present) return;
    const now = this.options.now();
    if (this.dirtySince === null) this.dirtySince = now;
    this.lastOutputAt = now;
    this.catchUpOwed = true;
  }

  reading(): TierReading | null {
    return this.committed;
  }

  nextDueAt(): number | null {
    if (!this.present) return null;
    // The pane's first read happens at once (nothing to debounce against yet).
    if (this.lastReadAt === -Infinity) return this.options.now();
    let due = this.catchUpOwed ? this.lastOutputAt + this.policy.slowPeriodMs : Infinity;
    if (this.dirtySince !== null)
      due = Math.min(
        due,
        Math.max(this.dirtySince + this.policy.debounceMs, this.lastEvalAt + this.policy.busyGapMs),
      );
    if (this.idleSince !== null) due = Math.min(due, this.idleSince + this.policy.confirmIdleMs);
    if (this.raw === 'unknown' && this.committed?.state !== 'idle')
      due = Math.min(due, this.confirmedAt + this.policy.unknownQuietMs);
    return due === Infinity ? null : due;
  }

  /**
   * Does whatever is due now. Returns the new committed reading when it changed, else undefined.
   */
  tick(): TierReading | null | undefined {
    if (!this.present) return undefined;
    const now = this.options.now();
    const catchUp = this.catchUpOwed && now >= this.lastOutputAt + this.policy.slowPeriodMs;
    const readDue =
      this.lastReadAt === -Infinity ||
      (this.dirtySince !== null &&
        now >= Math.max(this.dirtySince + this.policy.debounceMs, this.lastEvalAt + this.policy.busyGapMs)) ||
      catchUp;
    if (catchUp) this.catchUpOwed = false;
    if (readDue) this.readAndEvaluate(now);
    return this.settle(now);
  }

  private readAndEvaluate(now: number): void {
    this.dirtySince = null;
    this.lastReadAt = now;
    this.stats.reads++;
    const sample = this.options.read();
    const last = this.lastSample;
    // Exact comparison rather than a hash: same cost (one pass), no collisions to reason about.
    if (last && last.screen === sample.screen && last.title === sample.title) return;
    this.lastSample = sample;
    this.lastEvalAt = now;
    this.stats.evaluations++;
    const verdict = this.options.evaluate(sample);
    this.raw = verdict.state;
    this.rawMessage = verdict.message ?? null;
    if (verdict.state !== 'unknown') this.confirmedAt = now;
  }

  private settle(now: number): TierReading | null | undefined {
    const raw = this.raw;
    if (raw === null) return undefined;
    const current = this.committed?.state ?? null;
    if (raw === 'unknown') {
      this.idleSince = null;
      if (current === null) return this.commit('idle', null);
      if (current !== 'idle' && now >= this.confirmedAt + this.policy.unknownQuietMs)
        return this.commit('idle', null);
      return undefined;
    }
    if (raw === 'idle' && current === 'working') {
      if (this.idleSince === null) this.idleSince = now;
      if (now < this.idleSince + this.policy.confirmIdleMs) return undefined;
    }
    this.idleSince = null;
    return this.commit(raw, this.rawMessage);
  }

  private commit(state: TierState, message: string | null): TierReading | undefined {
    if (this.committed && this.committed.state === state && (this.committed.message ?? null) === message)
      return undefined;
    this.committed = { state, message };
    return this.committed;
  }
}
