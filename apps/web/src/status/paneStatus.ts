// The agent state and label a pane shows, taken only from what the server reported: the status
// service's effective row, else detection's reading on the pane row. A plain shell has neither,
// and nothing here ever invents one.
import type { PaneInfo } from '@rozi/server/model';
import type { AgentState } from '@rozi/ui';
import { isAgentState } from '@rozi/ui';
import type { StatusLookup } from './agentStatus';

type PaneLike = Pick<PaneInfo, 'key' | 'agent' | 'agent_state'>;

export function paneState(pane: PaneLike | undefined, lookup: StatusLookup): AgentState | null {
  if (!pane) return null;
  const row = lookup(pane.key);
  if (row) return row.state;
  return isAgentState(pane.agent_state) ? pane.agent_state : null;
}

/** The agent's label (e.g. "Codex"), or null for anything unlabelled. A bare `rozi status` row is
 *  named after its publisher ("status"), which says nothing about what runs, so it is not shown. */
export function paneAgent(pane: PaneLike | undefined, lookup: StatusLookup): string | null {
  if (!pane) return null;
  const row = lookup(pane.key);
  if (row && row.agent !== 'status') return row.label ?? row.agent;
  return pane.agent;
}
