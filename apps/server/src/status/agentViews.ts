// What the agents procedures return: a status row joined with the pane it describes (session,
// pane id), plus the opaque ref that pins it. Also resolves a `--target` / `--ref` to a pane.
import type { SessionManager } from '../session/manager';
import type { PaneId, PaneKey } from '../session/model';
import { resolvePane, type TargetInput } from '../session/target';
import { parseAgentRef, refOf } from './agentRef';
import type { StatusService } from './statusService';
import type { AgentRef, StatusRow } from './types';

export interface AgentRowView extends Omit<StatusRow, 'pane'> {
  session: string;
  pane: PaneId;
  key: PaneKey;
  ref: AgentRef | null;
}

export function viewOf(manager: SessionManager, row: StatusRow): AgentRowView | null {
  const pane = manager.panes.get(row.pane);
  if (!pane) return null;
  const { pane: key, ...rest } = row;
  return { session: pane.session.name, pane: pane.id, key, ...rest, ref: refOf(row) };
}

/** A refusal every agents procedure can answer with instead of throwing: the CLI maps it to an exit code. */
export interface StatusFailure {
  ok: false;
  code: 'gone' | 'replaced' | 'stale-ref' | 'no-agent';
  message: string;
}

export type ResolvedAgent = { ok: true; key: PaneKey; ref: AgentRef | null; row: StatusRow } | StatusFailure;

/** `--ref` wins over `--target`; a ref is checked against this run and the pane's occupant. */
export function resolveAgent(
  manager: SessionManager,
  status: StatusService,
  input: TargetInput & { ref?: string },
): ResolvedAgent {
  if (input.ref !== undefined) {
    const parsed = parseAgentRef(input.ref);
    if (!parsed.ok) return { ok: false, code: 'stale-ref', message: parsed.message };
    const ref = parsed.ref;
    if (ref.status_epoch !== status.epoch)
      return {
        ok: false,
        code: 'stale-ref',
        message: '--ref is from an earlier server run; list the agents again',
      };
    const row = status.get(ref.pane);
    if (!row || !manager.panes.has(ref.pane))
      return { ok: false, code: 'gone', message: 'the pane in the --ref is gone' };
    if (row.occupant_id === null)
      return { ok: false, code: 'gone', message: 'the agent in the --ref has exited' };
    if (row.occupant_id !== ref.occupant_id)
      return { ok: false, code: 'replaced', message: 'a different agent now runs in the pane of the --ref' };
    return { ok: true, key: ref.pane, ref, row };
  }
  const pane = resolvePane(manager, input);
  const row = status.get(pane.key);
  if (!row) return { ok: false, code: 'gone', message: `pane ${pane.id} is gone` };
  return { ok: true, key: pane.key, ref: null, row };
}
