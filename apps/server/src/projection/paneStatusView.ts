// The one effective status a pane shows, merged once here so every browser surface (header,
// tab, sidebar, card, Activity, title count) and every tab of every browser agree.
import type { PaneInfo } from '../session/model';
import type { StatusRow } from '../status/types';
import type { PaneStatusView } from './types';

/** `rozi status` without --agent publishes under this name, which says nothing about what runs. */
const ANONYMOUS_PUBLISHER = 'status';

export function paneStatusView(
  row: StatusRow | undefined,
  reading: Pick<PaneInfo, 'agent' | 'agent_state'>,
): PaneStatusView | null {
  if (row && row.state !== null) {
    const named = row.agent !== ANONYMOUS_PUBLISHER;
    return {
      state: row.state,
      agent: row.agent,
      label: named ? (row.label ?? row.agent) : reading.agent,
      message: row.message,
      since: row.updated_at,
    };
  }
  if (reading.agent_state === null || reading.agent_state === 'unknown') return null;
  return {
    state: reading.agent_state,
    agent: reading.agent,
    label: reading.agent,
    message: null,
    since: null,
  };
}
