// Turns a tab's layout tree into rectangles (fractions of the tab area) for panes and dividers.
// Panes are drawn flat, absolutely positioned, keyed by pane: a split that restructures the tree
// moves a terminal without remounting it, so xterm keeps its state and its attachment.
import type { LayoutNode, SplitDirection } from '@rozi/server/model';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PaneRect extends Rect {
  paneId: number;
}

export interface DividerRect {
  /** Child indices from the root to the split this divider belongs to. */
  path: number[];
  /** The divider sits between child `index` and `index + 1`. */
  index: number;
  direction: SplitDirection;
  /** The whole split's rectangle, for turning a drag into ratios. */
  split: Rect;
  /** Position of the divider line along the split's main axis, as a fraction of the tab. */
  at: number;
  ratios: number[];
}

export interface LayoutGeometry {
  panes: PaneRect[];
  dividers: DividerRect[];
}

export function layoutGeometry(root: LayoutNode): LayoutGeometry {
  const panes: PaneRect[] = [];
  const dividers: DividerRect[] = [];
  const walk = (node: LayoutNode, rect: Rect, path: number[]) => {
    if (node.type === 'pane') {
      panes.push({ paneId: node.paneId, ...rect });
      return;
    }
    const ratios = normalizeRatios(node.ratios, node.children.length);
    const row = node.direction === 'row';
    let cursor = row ? rect.x : rect.y;
    node.children.forEach((child, i) => {
      const size = (row ? rect.w : rect.h) * ratios[i]!;
      const childRect = row
        ? { x: cursor, y: rect.y, w: size, h: rect.h }
        : { x: rect.x, y: cursor, w: rect.w, h: size };
      walk(child, childRect, [...path, i]);
      cursor += size;
      if (i < node.children.length - 1)
        dividers.push({ path, index: i, direction: node.direction, split: rect, at: cursor, ratios });
    });
  };
  walk(root, { x: 0, y: 0, w: 1, h: 1 }, []);
  return { panes, dividers };
}

/** Ratios that are positive and sum to 1, whatever arrived (a server bug must not blank a tab). */
export function normalizeRatios(ratios: readonly number[], count: number): number[] {
  const usable = Array.from({ length: count }, (_, i) => {
    const r = ratios[i];
    return typeof r === 'number' && Number.isFinite(r) && r > 0 ? r : 1 / count;
  });
  const sum = usable.reduce((a, b) => a + b, 0);
  return usable.map((r) => r / sum);
}

/**
 * Moves the divider between child `index` and `index + 1` by `delta` (a fraction of the split),
 * keeping both neighbours at least `min` and every other child unchanged.
 */
export function dragRatios(options: {
  ratios: readonly number[];
  index: number;
  delta: number;
  min: number;
}): number[] {
  const { ratios, index, delta, min } = options;
  const next = [...ratios];
  const a = next[index];
  const b = next[index + 1];
  if (a === undefined || b === undefined) return next;
  const total = a + b;
  const newA = Math.min(total - min, Math.max(min, a + delta));
  next[index] = newA;
  next[index + 1] = total - newA;
  return next;
}

/** The pane whose rectangle lies nearest in a direction from the focused one, or null at the edge. */
export function neighbourPane(options: {
  panes: readonly PaneRect[];
  from: number;
  direction: 'left' | 'right' | 'up' | 'down';
}): number | null {
  const { panes, from, direction } = options;
  const origin = panes.find((p) => p.paneId === from);
  if (!origin) return null;
  const eps = 1e-6;
  let best: { id: number; distance: number; overlap: number } | null = null;
  for (const p of panes) {
    if (p.paneId === from) continue;
    let distance: number;
    let overlap: number;
    if (direction === 'left' || direction === 'right') {
      distance = direction === 'left' ? origin.x - (p.x + p.w) : p.x - (origin.x + origin.w);
      overlap = Math.min(origin.y + origin.h, p.y + p.h) - Math.max(origin.y, p.y);
    } else {
      distance = direction === 'up' ? origin.y - (p.y + p.h) : p.y - (origin.y + origin.h);
      overlap = Math.min(origin.x + origin.w, p.x + p.w) - Math.max(origin.x, p.x);
    }
    if (distance < -eps || overlap <= eps) continue;
    if (
      !best ||
      distance < best.distance - eps ||
      (Math.abs(distance - best.distance) <= eps && overlap > best.overlap)
    ) {
      best = { id: p.paneId, distance, overlap };
    }
  }
  return best?.id ?? null;
}
