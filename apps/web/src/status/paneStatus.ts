// The agent state a pane shows, taken only from what the server reported (detection's
// `agent_state` today; the status service's row when it lands). A plain shell has none, and
// nothing here ever invents one.
import type { PaneInfo } from '@rozi/server/model';
import type { AgentState } from '@rozi/ui';
import { isAgentState } from '@rozi/ui';

export function paneState(pane: Pick<PaneInfo, 'agent' | 'agent_state'> | undefined): AgentState | null {
  if (!pane) return null;
  return isAgentState(pane.agent_state) ? pane.agent_state : null;
}

/** The label of the agent detected in the pane (e.g. "codex"), or null for anything else. */
export function paneAgent(pane: Pick<PaneInfo, 'agent'> | undefined): string | null {
  return pane?.agent ?? null;
}
