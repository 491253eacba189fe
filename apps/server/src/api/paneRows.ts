// list-panes rows (panes.list, extensions.attachedPanes): each pane with rozi's `status`, the
// terminal's readiness, read from the live pane. `list-panes --scope attached` adds on_screen and
// the session's instance (spec 003: session_scope), for the sessions a caller may see.
import type { SessionManager } from '../session/manager';
import type { PaneInfo, PaneListRow } from '../session/model';

export function listRowsOf(manager: SessionManager, panes: readonly PaneInfo[]): PaneListRow[] {
  return panes.map((p) => ({
    ...p,
    status: p.exited ? 'exited' : manager.panes.get(p.key)?.ready ? 'running' : 'starting',
  }));
}

export interface AttachedPaneRow extends PaneListRow {
  on_screen: boolean;
  reference: { session_instance: string | null };
}

/**
 * The panes of this server's sessions within `only` (one session, by its instance when known,
 * else its name; every session when undefined), each with whether its session is the one on screen (`onScreen`, a session name of
 * this server, or null) and its session's instance: pane ids repeat across sessions.
 */
export function attachedRowsOf(
  manager: SessionManager,
  o: { only: { name: string; instance?: string } | undefined; onScreen: string | null },
): AttachedPaneRow[] {
  const instances = new Map([...manager.sessions.values()].map((s) => [s.name, s.instanceId]));
  return listRowsOf(manager, manager.workspace().panes)
    .filter((p) => {
      const only = o.only;
      if (!only) return true;
      return only.instance ? instances.get(p.session) === only.instance : p.session === only.name;
    })
    .map((p) => ({
      ...p,
      on_screen: p.session === o.onScreen,
      reference: { session_instance: instances.get(p.session) ?? null },
    }));
}
