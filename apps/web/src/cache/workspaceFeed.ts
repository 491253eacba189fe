// Keeps the page's copy of the workspace in step with the server's deltas. A delta applies when
// it is the next revision; one that arrives before the first snapshot (or after a reconnect,
// while the resync is on its way) waits, and the snapshot catches up with it when it lands; a
// gap means a delta was missed, and the only cure is a fresh snapshot.
import type { WorkspaceDelta, WorkspaceView } from '@rozi/server/view';

/** Deltas kept while no snapshot is in hand; a page that falls this far behind refetches anyway. */
const MAX_WAITING = 1000;

/** The view with `delta` applied: removed rows dropped, sent rows replaced, the new order kept. */
export function applyDelta(view: WorkspaceView, delta: WorkspaceDelta): WorkspaceView {
  const rows = new Map(view.panes.map((p) => [p.key, p]));
  for (const key of delta.removed ?? []) rows.delete(key);
  for (const pane of delta.panes ?? []) rows.set(pane.key, pane);
  const order = delta.order ?? view.panes.map((p) => p.key);
  const placed = new Set(order);
  const keys = [...order, ...[...rows.keys()].filter((key) => !placed.has(key))];
  return {
    revision: delta.revision,
    sessions: delta.sessions ?? view.sessions,
    panes: keys.flatMap((key) => rows.get(key) ?? []),
  };
}

export type FeedStep = { next: WorkspaceView } | { refetch: true } | null;

export class WorkspaceFeed {
  private waiting: WorkspaceDelta[] = [];
  /** True until a snapshot arrives (first load, or after a reconnect asked for a new one). */
  private awaitingSnapshot = true;

  /** What a delta does to the cache: a next value, a refetch (gap), or nothing (old, or kept). */
  receive(current: WorkspaceView | undefined, delta: WorkspaceDelta): FeedStep {
    if (!current || this.awaitingSnapshot) {
      this.keep(delta);
      return null;
    }
    if (delta.revision <= current.revision) return null;
    if (delta.revision === current.revision + 1) return { next: applyDelta(current, delta) };
    this.keep(delta);
    this.awaitingSnapshot = true;
    return { refetch: true };
  }

  /**
   * A snapshot from workspace.get, moved forward by the deltas that overtook it. A copy that
   * deltas already carried past the snapshot stays (unless a reconnect made it untrustworthy).
   */
  catchUp(snapshot: WorkspaceView, current?: WorkspaceView): WorkspaceView {
    if (current && !this.awaitingSnapshot && current.revision >= snapshot.revision) return current;
    let view = snapshot;
    for (const delta of [...this.waiting].sort((a, b) => a.revision - b.revision))
      if (delta.revision === view.revision + 1) view = applyDelta(view, delta);
    this.waiting = this.waiting.filter((d) => d.revision > view.revision);
    this.awaitingSnapshot = false;
    return view;
  }

  /** The socket dropped: events were lost, so nothing applies until a fresh snapshot. */
  reset(): void {
    this.waiting = [];
    this.awaitingSnapshot = true;
  }

  private keep(delta: WorkspaceDelta): void {
    this.waiting.push(delta);
    if (this.waiting.length > MAX_WAITING) this.waiting.shift();
  }
}
