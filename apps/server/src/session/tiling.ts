// Tiled layouts (rozi's layouts-and-panes.md): each workspace has a layout kind, and the kind
// turns the workspace's ordered panes into the split tree the page draws. Dwindle is the split
// tree itself (a new pane splits the focused one along its longer side, manual splits stay);
// master, grid, columns, rows, scrollable and monocle are order-driven: every open, close, swap
// or kind change re-tiles the whole workspace from the order. Pure: no I/O.
import { paneIds } from './layout';
import type { LayoutKind, LayoutNode, PaneId, SplitDirection } from './model';

export const LAYOUT_KINDS: readonly LayoutKind[] = [
  'dwindle',
  'master',
  'grid',
  'columns',
  'rows',
  'scrollable',
  'monocle',
];
export const DEFAULT_LAYOUT: LayoutKind = 'dwindle';
/** Terminal cells are about this much taller than wide; [layout] split_width_multiplier. */
export const DEFAULT_SPLIT_WIDTH_MULTIPLIER = 2.3;
/** The master column's share of the width when a workspace first tiles as master. */
export const MASTER_RATIO = 0.5;

export function isLayoutKind(value: unknown): value is LayoutKind {
  return typeof value === 'string' && (LAYOUT_KINDS as readonly string[]).includes(value);
}

/** The kind after `kind` in rozi's cycle (dwindle → master → … → monocle → dwindle). */
export function nextLayoutKind(kind: LayoutKind): LayoutKind {
  return LAYOUT_KINDS[(LAYOUT_KINDS.indexOf(kind) + 1) % LAYOUT_KINDS.length] as LayoutKind;
}

/** Dwindle's axis for splitting a tile of cols × rows cells: side by side when it looks wide. */
export function dwindleDirection(o: { cols: number; rows: number; multiplier: number }): SplitDirection {
  return o.cols >= o.rows * o.multiplier ? 'row' : 'column';
}

/** A split of `children`, or the child alone; same-direction children are merged into it. */
function split(direction: SplitDirection, children: LayoutNode[], ratios?: number[]): LayoutNode {
  if (children.length === 1) return children[0] as LayoutNode;
  const shares = ratios ?? children.map(() => 1 / children.length);
  const flat: LayoutNode[] = [];
  const flatRatios: number[] = [];
  children.forEach((c, i) => {
    const r = shares[i] as number;
    if (c.type === 'split' && c.direction === direction) {
      c.children.forEach((cc, j) => {
        flat.push(cc);
        flatRatios.push(r * (c.ratios[j] as number));
      });
    } else {
      flat.push(c);
      flatRatios.push(r);
    }
  });
  return { type: 'split', direction, ratios: flatRatios, children: flat };
}

const leaf = (paneId: PaneId): LayoutNode => ({ type: 'pane', paneId });

/** The master column's current share, kept across re-tiles when the tree still has that shape. */
function masterShare(previous: LayoutNode | null): number {
  if (previous?.type === 'split' && previous.direction === 'row' && previous.children.length === 2)
    return previous.ratios[0] as number;
  return MASTER_RATIO;
}

/** Dwindle from scratch: each pane takes half of what is left, along the remainder's longer side. */
function dwindle(order: PaneId[], size: { cols: number; rows: number; multiplier: number }): LayoutNode {
  const [first, ...rest] = order;
  if (first === undefined) throw new Error('a layout needs a pane');
  if (rest.length === 0) return leaf(first);
  const direction = dwindleDirection(size);
  const half = direction === 'row' ? { ...size, cols: size.cols / 2 } : { ...size, rows: size.rows / 2 };
  return split(direction, [leaf(first), dwindle(rest, half)], [0.5, 0.5]);
}

/**
 * The tree for `order` in `kind`. `previous` is the tree before (master keeps its divider);
 * `size` is the workspace in cells (dwindle's first split axis).
 */
export function tile(
  kind: LayoutKind,
  o: {
    order: PaneId[];
    previous: LayoutNode | null;
    size: { cols: number; rows: number; multiplier: number };
  },
): LayoutNode {
  const leaves = o.order.map(leaf);
  if (leaves.length === 0) throw new Error('a layout needs a pane');
  switch (kind) {
    case 'dwindle':
      return dwindle(o.order, o.size);
    case 'master': {
      if (leaves.length === 1) return leaves[0] as LayoutNode;
      const share = masterShare(o.previous);
      return split('row', [leaves[0] as LayoutNode, split('column', leaves.slice(1))], [share, 1 - share]);
    }
    case 'grid': {
      const cols = Math.ceil(Math.sqrt(leaves.length));
      const rows: LayoutNode[] = [];
      for (let i = 0; i < leaves.length; i += cols) rows.push(split('row', leaves.slice(i, i + cols)));
      return split('column', rows);
    }
    case 'columns':
    case 'scrollable':
    case 'monocle':
      return split('row', leaves);
    case 'rows':
      return split('column', leaves);
  }
}

/** The workspace's panes in order: the tree read left to right, top to bottom. */
export function tileOrder(layout: LayoutNode): PaneId[] {
  return paneIds(layout);
}

/** Exchanges two panes' places in the tree (rozi's swap: nothing restructures). */
export function swapPanes(layout: LayoutNode, a: PaneId, b: PaneId): LayoutNode {
  if (layout.type === 'pane') return layout.paneId === a ? leaf(b) : layout.paneId === b ? leaf(a) : layout;
  return { ...layout, children: layout.children.map((c) => swapPanes(c, a, b)) };
}

/** Scrollable's strip: each pane's width as a share of the viewport (rozi's 0.45 basis). */
export const SCROLLABLE_BASIS = 0.45;
