// A workspace's tree under its layout kind (tiling.ts): where a new or moved pane goes, what a
// close leaves, and a change of kind. Dwindle edits the tree (manual splits stay as made);
// every other kind re-tiles from the pane order. Monocle shows the focused pane over the rest
// through the tab's zoom. The manager calls these and announces the change.
import { insertPane, paneIds, removePane } from './layout';
import type { LayoutKind, LayoutNode, PaneId, SplitDirection } from './model';
import type { Session, Tab } from './sessionState';
import { dwindleDirection, swapPanes, tile, tileOrder } from './tiling';

/** A pane's size in cells (its PTY's), for dwindle's axis; undefined when unknown. */
export type SizeOf = (id: PaneId) => { cols: number; rows: number } | undefined;

export interface TilingContext {
  sizeOf: SizeOf;
  /** [layout] split_width_multiplier: cell height / cell width. */
  multiplier: number;
}

/** The tiling context of a session: its panes' PTY sizes and the multiplier in force. */
export function tilingFor(session: Session, multiplier: number): TilingContext {
  return {
    sizeOf: (id) => {
      const p = session.panes.get(id);
      return p && { cols: p.cols, rows: p.rows };
    },
    multiplier,
  };
}

/** 'auto' lets dwindle pick the axis from the target's shape (rozi's new-pane, spawn). */
export type PlaceDirection = SplitDirection | 'auto';

/** The workspace's size in cells, summed from its panes along each split. */
function treeSize(node: LayoutNode, sizeOf: SizeOf): { cols: number; rows: number } {
  if (node.type === 'pane') return sizeOf(node.paneId) ?? { cols: 80, rows: 24 };
  const sizes = node.children.map((c) => treeSize(c, sizeOf));
  const sum = (k: 'cols' | 'rows') => sizes.reduce((a, s) => a + s[k], 0);
  const max = (k: 'cols' | 'rows') => Math.max(...sizes.map((s) => s[k]));
  return node.direction === 'row'
    ? { cols: sum('cols'), rows: max('rows') }
    : { cols: max('cols'), rows: sum('rows') };
}

function retile(tab: Tab, order: PaneId[], t: TilingContext): void {
  const size = { ...treeSize(tab.layout, t.sizeOf), multiplier: t.multiplier };
  tab.layout = tile(tab.layoutKind, { order, previous: tab.layout, size });
  showFocused(tab);
}

/** Monocle keeps the focused pane in front (the tab's zoom); other kinds leave zoom alone. */
export function showFocused(tab: Tab): void {
  if (tab.layoutKind === 'monocle') tab.zoomedPaneId = tab.focusedPaneId;
}

/** Puts `newId` beside `targetId` (after it unless `before`) as the workspace's kind says. */
export function placeInTab(
  tab: Tab,
  o: { targetId: PaneId; newId: PaneId; direction: PlaceDirection; before?: boolean },
  t: TilingContext,
): void {
  if (tab.layoutKind === 'dwindle') {
    const size = t.sizeOf(o.targetId) ?? { cols: 80, rows: 24 };
    const direction =
      o.direction === 'auto' ? dwindleDirection({ ...size, multiplier: t.multiplier }) : o.direction;
    tab.layout = insertPane(tab.layout, {
      targetId: o.targetId,
      newId: o.newId,
      direction,
      before: o.before,
    });
    return;
  }
  const order = tileOrder(tab.layout);
  const at = order.indexOf(o.targetId);
  order.splice(at < 0 ? order.length : o.before ? at : at + 1, 0, o.newId);
  // A placeholder tree holding the new pane, so the size sum sees every pane.
  tab.layout = insertPane(tab.layout, { targetId: o.targetId, newId: o.newId, direction: 'row' });
  retile(tab, order, t);
}

/** The tree without `id` (null when it was the last pane), re-tiled for order-driven kinds. */
export function removeFromTab(tab: Tab, id: PaneId, t: TilingContext): LayoutNode | null {
  const layout = removePane(tab.layout, id);
  if (!layout) return null;
  tab.layout = layout;
  if (tab.layoutKind !== 'dwindle') retile(tab, tileOrder(layout), t);
  return tab.layout;
}

/** Switches the workspace to `kind`, re-tiling its panes in their current order. */
export function setTabKind(tab: Tab, kind: LayoutKind, t: TilingContext): void {
  const leaving = tab.layoutKind;
  tab.layoutKind = kind;
  if (leaving === 'monocle' && kind !== 'monocle') tab.zoomedPaneId = null;
  retile(tab, tileOrder(tab.layout), t);
}

/** Exchanges two panes of the tab in place; focus follows the pane that moved. */
export function swapInTab(tab: Tab, a: PaneId, b: PaneId): void {
  tab.layout = swapPanes(tab.layout, a, b);
}

/** The first pane in the workspace's order: master's slot. */
export function firstPane(tab: Tab): PaneId {
  return paneIds(tab.layout)[0] as PaneId;
}
