// The agent-state vocabulary, declared once (issue 13). Every other package, the server and the
// browser derive their types and lists from these; a new state added here is a compile error
// everywhere a table of states forgot it.

/** What a screen rule declares, in precedence order: the first state present on a screen wins. */
export const SCREEN_STATES = ['unknown', 'blocked', 'working', 'idle'] as const;
export type ScreenState = (typeof SCREEN_STATES)[number];

/**
 * What an integration reports, a published row or a hook sets, and what a pane shows (the
 * status hub's effective state): a screen's settled states plus `done` (idle after a working
 * period, until the pane is viewed).
 */
export const REPORTED_STATES = ['working', 'blocked', 'idle', 'done'] as const;
export type ReportedState = (typeof REPORTED_STATES)[number];
export type EffectiveState = ReportedState;

/** What `rozi status` and `rozi publish` set: activity only; `done` is the hub's to decide. */
export const ACTIVITY_STATES = ['working', 'blocked', 'idle'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** Every state a person may see on a badge (`unknown`: a view hides the state). */
export type ShownState = ScreenState | ReportedState;

/** Whether `value` is one of `states` (a narrowing check for input from outside). */
export function isStateIn<T extends string>(states: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (states as readonly string[]).includes(value);
}
