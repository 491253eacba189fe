// Which size a pane's PTY takes when several pages view it (rozi's sessions.md "Canonical size
// and letterboxing", reconciled with issue 17's phone rule):
//  * When the controller of the pane's session (the page holding its lease) views the pane, its
//    size is canonical: other pages' attach, resize and keystrokes never resize the PTY; they
//    render the canonical size letterboxed (the hub tells every viewer the size and whose it is).
//    When the lease moves, every pane the new controller views takes its size in one wave.
//  * Otherwise (no lease on the pane's session, the controller does not view that pane, a host's
//    pane) tmux's `window-size latest`: the viewer used most recently (attach, resize or a
//    keystroke) sets the size.
//  * When the viewer whose size the PTY has leaves, the next by the same two rules: a phone that
//    controlled and left never leaves a desktop pane stuck at its width.
// Pure bookkeeping: viewers are page ids, the hub applies the sizes.

export interface PaneSize {
  cols: number;
  rows: number;
}

/** The PTY of `key` should take `size`, which is viewer `by`'s. */
export interface SizeChange extends PaneSize {
  key: number;
  by: number;
}

interface Seen extends PaneSize {
  at: number;
}

export class CanonicalSize {
  /** Per pane key: each viewer's last size and when it was last used. */
  private readonly panes = new Map<number, Map<number, Seen>>();
  /** Per pane key: the size last applied and whose it was. */
  private readonly applied = new Map<number, SizeChange>();
  private clock = 0;

  /** `controllerOf(key)`: the page holding the lease of the pane's session, if any. */
  constructor(private readonly controllerOf: (key: number) => number | null) {}

  /**
   * A viewer used the pane; `size` when it said its size (attach, resize). Returns the size the
   * PTY should take, or null for no change.
   */
  use(key: number, viewer: number, size?: PaneSize): SizeChange | null {
    let viewers = this.panes.get(key);
    if (!viewers) this.panes.set(key, (viewers = new Map()));
    const next = size ?? viewers.get(viewer);
    if (!next) return null;
    viewers.set(viewer, { cols: next.cols, rows: next.rows, at: ++this.clock });
    return this.settle(key, size ? viewer : undefined);
  }

  /** The viewer stopped viewing the pane: the size the PTY should take now, or null. */
  leave(key: number, viewer: number): SizeChange | null {
    const viewers = this.panes.get(key);
    if (!viewers?.delete(viewer)) return null;
    if (viewers.size === 0) {
      this.forget(key);
      return null;
    }
    return this.settle(key);
  }

  /** The lease of some session moved: every pane whose canonical viewer changed. */
  settleAll(): SizeChange[] {
    const changes: SizeChange[] = [];
    for (const key of this.panes.keys()) {
      const change = this.settle(key);
      if (change) changes.push(change);
    }
    return changes;
  }

  /** The size last applied to the pane and whose it is (null: no viewer has sized it). */
  current(key: number): SizeChange | null {
    return this.applied.get(key) ?? null;
  }

  /** The pane is gone. */
  forget(key: number): void {
    this.panes.delete(key);
    this.applied.delete(key);
  }

  /** `said`: the viewer that just said its size (applies again even when unchanged). */
  private settle(key: number, said?: number): SizeChange | null {
    const viewers = this.panes.get(key);
    if (!viewers) return null;
    const controller = this.controllerOf(key);
    const by = controller !== null && viewers.has(controller) ? controller : this.latest(viewers);
    const seen = by === undefined ? undefined : viewers.get(by);
    if (by === undefined || !seen) return null;
    const change: SizeChange = { key, by, cols: seen.cols, rows: seen.rows };
    const before = this.applied.get(key);
    this.applied.set(key, change);
    const same = before?.by === by && before.cols === seen.cols && before.rows === seen.rows;
    return same && said !== by ? null : change;
  }

  private latest(viewers: Map<number, Seen>): number | undefined {
    let latest: number | undefined;
    let at = -1;
    for (const [viewer, seen] of viewers) if (seen.at > at) [latest, at] = [viewer, seen.at];
    return latest;
  }
}
