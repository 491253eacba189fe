// The last workspace a host showed this server, already translated (names `dev@box`, local keys),
// moved forward by the host's own `workspace-delta` events exactly as a browser moves its copy:
// the next revision applies, anything else asks for a fresh `workspace.get`. Pure.
import type { WorkspaceDelta, WorkspaceView } from '../projection/types';
import type { PaneView } from '../projection/types';

export class HostView {
  private view: WorkspaceView | null = null;

  get current(): WorkspaceView | null {
    return this.view;
  }

  reset(view: WorkspaceView): void {
    this.view = view;
  }

  /** Applies the host's next delta; false = a gap (or no snapshot yet): fetch the view again. */
  apply(delta: WorkspaceDelta): boolean {
    const v = this.view;
    if (!v || delta.revision !== v.revision + 1) return false;
    const rows = new Map<number, PaneView>(v.panes.map((p) => [p.key, p]));
    for (const p of delta.panes ?? []) rows.set(p.key, p);
    for (const key of delta.removed ?? []) rows.delete(key);
    const order = delta.order ?? v.panes.map((p) => p.key).filter((k) => rows.has(k));
    for (const key of rows.keys()) if (!order.includes(key)) order.push(key);
    this.view = {
      revision: delta.revision,
      sessions: delta.sessions ?? v.sessions,
      panes: order.map((k) => rows.get(k)).filter((p): p is PaneView => p !== undefined),
    };
    return true;
  }
}
