// `unknown` means the current view hides the run state (a transcript viewer, a help page): the
// pane keeps showing the last observed state instead of idle, and returns to idle once nothing
// has confirmed that state for a quiet period (spec: "State precedence").
import type { AgentState } from './model';

/**
 * Default quiet period: 30 s, the same as an integration report's lease, so a view that hides
 * the status area cannot freeze a badge for longer than a silent integration can.
 */
export const UNKNOWN_QUIET_PERIOD_MS = 30_000;

export type ObservedState = Exclude<AgentState, 'unknown'>;

export interface HeldState {
  state: ObservedState;
  /** Clock value (ms) when a rule last confirmed `state`. */
  confirmedAt: number;
}

/** The state to show after an evaluation at `now`, given what was shown before. */
export function holdUnknown(previous: HeldState | null, evaluated: AgentState, now: number): HeldState {
  if (evaluated !== 'unknown') return { state: evaluated, confirmedAt: now };
  if (previous && now - previous.confirmedAt < UNKNOWN_QUIET_PERIOD_MS) return previous;
  return { state: 'idle', confirmedAt: previous?.confirmedAt ?? now };
}
