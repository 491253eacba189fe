// `--ref '<json>'`: an opaque pin on one run of one agent (server run, pane, occupant, revision).
// list/get print it; wait/prompt take it back so a replacement agent in the same pane never
// receives what was meant for the one the script observed.
import type { AgentRef, StatusRow } from './types';

export function refOf(row: StatusRow): AgentRef | null {
  if (row.occupant_id === null) return null;
  return {
    pane: row.pane,
    status_epoch: row.status_epoch,
    occupant_id: row.occupant_id,
    revision: row.revision,
  };
}

export type RefParse = { ok: true; ref: AgentRef } | { ok: false; message: string };

export function parseAgentRef(text: string): RefParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message: `--ref must be the JSON object printed by 'agents list/get', got '${text.slice(0, 60)}'`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: '--ref must be a JSON object as printed by agents list/get' };
  }
  const v = value as Record<string, unknown>;
  const problems: string[] = [];
  if (!Number.isSafeInteger(v.pane) || (v.pane as number) < 0)
    problems.push('pane must be a non-negative integer');
  if (typeof v.status_epoch !== 'string' || v.status_epoch === '')
    problems.push('status_epoch must be a string');
  if (typeof v.occupant_id !== 'string' || v.occupant_id === '')
    problems.push('occupant_id must be a string');
  if (!Number.isSafeInteger(v.revision) || (v.revision as number) < 0)
    problems.push('revision must be a non-negative integer');
  if (problems.length)
    return { ok: false, message: `--ref is not a valid agent ref: ${problems.join('; ')}` };
  return {
    ok: true,
    ref: {
      pane: v.pane as number,
      status_epoch: v.status_epoch as string,
      occupant_id: v.occupant_id as string,
      revision: v.revision as number,
    },
  };
}
