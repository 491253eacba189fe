// list-panes rows (panes.list, extensions.attachedPanes): each pane with rozi's `status`, the
// terminal's readiness, read from the live pane.
import type { SessionManager } from '../session/manager';
import type { PaneInfo, PaneListRow } from '../session/model';

export function listRowsOf(manager: SessionManager, panes: readonly PaneInfo[]): PaneListRow[] {
  return panes.map((p) => ({
    ...p,
    status: p.exited ? 'exited' : manager.panes.get(p.key)?.ready ? 'running' : 'starting',
  }));
}
