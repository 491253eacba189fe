// The difference between two renderings of the workspace, as a delta of whole rows. Pure.
import type { PaneKey, SessionInfo } from '../session/model';
import type { PaneView, WorkspaceDelta } from './types';

/** A rendering kept for comparison: each row beside its JSON, so equal rows are found cheaply. */
export interface Rendering {
  sessions: SessionInfo[];
  sessionsJson: string;
  rows: Map<PaneKey, { view: PaneView; json: string }>;
  order: PaneKey[];
}

export function render(sessions: SessionInfo[], panes: PaneView[]): Rendering {
  const rows = new Map<PaneKey, { view: PaneView; json: string }>();
  for (const view of panes) rows.set(view.key, { view, json: JSON.stringify(view) });
  return { sessions, sessionsJson: JSON.stringify(sessions), rows, order: panes.map((p) => p.key) };
}

/** The delta from `before` to `after` without its revision, or null when nothing changed. */
export function diff(before: Rendering, after: Rendering): Omit<WorkspaceDelta, 'revision'> | null {
  const delta: Omit<WorkspaceDelta, 'revision'> = {};
  if (before.sessionsJson !== after.sessionsJson) delta.sessions = after.sessions;
  const changed: PaneView[] = [];
  for (const [key, row] of after.rows) if (before.rows.get(key)?.json !== row.json) changed.push(row.view);
  if (changed.length) delta.panes = changed;
  const removed = [...before.rows.keys()].filter((key) => !after.rows.has(key));
  if (removed.length) delta.removed = removed;
  if (!sameOrder(before.order, after.order)) delta.order = after.order;
  return Object.keys(delta).length ? delta : null;
}

function sameOrder(a: readonly PaneKey[], b: readonly PaneKey[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}
