// The words and ordering every status surface shares (sidebar, tab, pane header, card, rollup).
// The states themselves are @rozi/detect's (states.ts), imported as types only: this file only
// says how people read them — "needs input" for blocked, the one state that wants them now.
import type { ShownState } from '@rozi/detect';

export type AgentState = ShownState;

/** Labels for every state; a state added to the vocabulary is a compile error until named here. */
export const STATE_LABEL: Readonly<Record<AgentState, string>> = {
  working: 'working',
  blocked: 'needs input',
  done: 'done',
  idle: 'idle',
  unknown: 'unknown',
};

/** Higher wins when one badge must speak for many panes (a tab, a session row). */
export const STATE_URGENCY: Readonly<Record<AgentState, number>> = {
  blocked: 4,
  done: 3,
  working: 2,
  idle: 1,
  unknown: 0,
};

export const AGENT_STATES = Object.keys(STATE_LABEL) as AgentState[];

export function isAgentState(value: unknown): value is AgentState {
  return typeof value === 'string' && Object.hasOwn(STATE_LABEL, value);
}

export type StateCounts = Partial<Record<AgentState, number>>;

/** Counts the states of a group of panes; panes without a state (plain shells) are not counted. */
export function countStates(states: Iterable<AgentState | null | undefined>): StateCounts {
  const counts: StateCounts = {};
  for (const state of states) {
    if (!state) continue;
    counts[state] = (counts[state] ?? 0) + 1;
  }
  return counts;
}

/** The parts of a rollup, e.g. `2 working`, `1 needs input`; idle and unknown stay quiet. */
export function rollupParts(counts: StateCounts): { state: AgentState; text: string }[] {
  const parts: { state: AgentState; text: string }[] = [];
  for (const state of ['working', 'blocked', 'done'] as const) {
    const n = counts[state] ?? 0;
    if (n > 0) parts.push({ state, text: `${n} ${STATE_LABEL[state]}` });
  }
  return parts;
}

/** The rollup text, e.g. `2 working · 1 needs input`. Empty when nothing to say. */
export function rollupText(counts: StateCounts): string {
  return rollupParts(counts)
    .map((p) => p.text)
    .join(' · ');
}

/** The most urgent state in a group, or null when no pane carries one. */
export function mostUrgent(states: Iterable<AgentState | null | undefined>): AgentState | null {
  let best: AgentState | null = null;
  for (const state of states) {
    if (!state) continue;
    if (best === null || STATE_URGENCY[state] > STATE_URGENCY[best]) best = state;
  }
  return best;
}
