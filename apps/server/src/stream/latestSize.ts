// tmux's `window-size latest` for panes seen by several viewers (issue 17): the PTY takes the size
// of the viewer used most recently (attach, resize or a keystroke), and when that viewer leaves,
// the size of the most recent one still attached — so a phone that opened a pane full screen
// never leaves a desktop's pane stuck at 47 columns. Pure bookkeeping; the hub applies the sizes.

export interface PaneSize {
  cols: number;
  rows: number;
}

interface Seen extends PaneSize {
  at: number;
}

export class LatestSize {
  /** Per pane key: each viewer's last size and when it was last used. */
  private readonly panes = new Map<number, Map<object, Seen>>();
  private clock = 0;

  /**
   * A viewer used the pane; `size` when it said its size (attach, resize), which always applies.
   * A keystroke (no size) from a viewer that is not the latest one brings the PTY to its size.
   * Returns the size the PTY should take, or null for no change.
   */
  use(key: number, viewer: object, size?: PaneSize): PaneSize | null {
    let viewers = this.panes.get(key);
    if (!viewers) this.panes.set(key, (viewers = new Map()));
    const known = viewers.get(viewer);
    const wasLatest = known !== undefined && this.latest(viewers) === known;
    const next = size ?? known;
    if (!next) return null;
    viewers.set(viewer, { cols: next.cols, rows: next.rows, at: ++this.clock });
    return size || !wasLatest ? { cols: next.cols, rows: next.rows } : null;
  }

  /** The viewer stopped viewing the pane: when it was the latest, the next latest one's size. */
  leave(key: number, viewer: object): PaneSize | null {
    const viewers = this.panes.get(key);
    const seen = viewers?.get(viewer);
    if (!viewers || !seen) return null;
    const wasLatest = this.latest(viewers) === seen;
    viewers.delete(viewer);
    const next = this.latest(viewers);
    if (!next) this.panes.delete(key);
    return wasLatest && next ? { cols: next.cols, rows: next.rows } : null;
  }

  /** The pane is gone. */
  forget(key: number): void {
    this.panes.delete(key);
  }

  private latest(viewers: Map<object, Seen>): Seen | undefined {
    let latest: Seen | undefined;
    for (const seen of viewers.values()) if (!latest || seen.at > latest.at) latest = seen;
    return latest;
  }
}
