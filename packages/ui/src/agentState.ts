// The words and ordering every status surface shares (sidebar, tab, pane header, card, rollup).
// The server speaks detection's vocabulary (working / blocked / idle / done / unknown); people
// read "needs input" for blocked, which is the one state that wants them now.

export type AgentState = 'working' | 'blocked' | 'idle' | 'done' | 'unknown';

export const AGENT_STATES: readonly AgentState[] = ['blocked', 'working', 'done', 'idle', 'unknown'];

export const STATE_LABEL: Record<AgentState, string> = {
  working: 'working',
  blocked: 'needs input',
  done: 'done',
  idle: 'idle',
  unknown: 'unknown',
};

/** Higher wins when one badge must speak for many panes (a tab, a session row). */
export const STATE_URGENCY: Record<AgentState, number> = {
  blocked: 4,
  done: 3,
  working: 2,
  idle: 1,
  unknown: 0,
};

export function isAgentState(value: unknown): value is AgentState {
  return typeof value === 'string' && (AGENT_STATES as readonly string[]).includes(value);
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

/** The rollup text, e.g. `2 working · 1 needs input`; idle and unknown stay quiet. Empty when nothing to say. */
export function rollupText(counts: StateCounts): string {
  const parts: string[] = [];
  for (const state of ['working', 'blocked', 'done'] as const) {
    const n = counts[state] ?? 0;
    if (n > 0) parts.push(`${n} ${STATE_LABEL[state]}`);
  }
  return parts.join(' · ');
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
