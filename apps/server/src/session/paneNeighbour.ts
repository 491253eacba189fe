// The pane beside another in a direction, from a tab's layout tree: the server's reading of the
// geometry the page draws (apps/web/src/model/layoutGeometry.ts), for run-action focus-left… and
// move-left… from scripts. Pure.
import type { LayoutNode, PaneId } from './model';

export type Direction = 'left' | 'right' | 'up' | 'down';

interface Rect {
  id: PaneId;
  x: number;
  y: number;
  w: number;
  h: number;
}

function rects(root: LayoutNode): Rect[] {
  const out: Rect[] = [];
  const walk = (node: LayoutNode, r: Omit<Rect, 'id'>): void => {
    if (node.type === 'pane') {
      out.push({ id: node.paneId, ...r });
      return;
    }
    const sum = node.ratios.reduce((a, b) => a + (b > 0 ? b : 0), 0) || 1;
    let at = node.direction === 'row' ? r.x : r.y;
    node.children.forEach((child, i) => {
      const ratio = node.ratios[i];
      const share = (ratio !== undefined && ratio > 0 ? ratio : 0) / sum || 1 / node.children.length;
      if (node.direction === 'row') {
        walk(child, { x: at, y: r.y, w: r.w * share, h: r.h });
        at += r.w * share;
      } else {
        walk(child, { x: r.x, y: at, w: r.w, h: r.h * share });
        at += r.h * share;
      }
    });
  };
  walk(root, { x: 0, y: 0, w: 1, h: 1 });
  return out;
}

/** The nearest pane in `direction` that overlaps `from` across it (the longest overlap on a tie), or null. */
export function neighbourOf(root: LayoutNode, o: { from: PaneId; direction: Direction }): PaneId | null {
  const all = rects(root);
  const origin = all.find((r) => r.id === o.from);
  if (!origin) return null;
  const eps = 1e-6;
  let best: { id: PaneId; distance: number; overlap: number } | null = null;
  for (const p of all) {
    if (p.id === o.from) continue;
    const across = o.direction === 'left' || o.direction === 'right';
    const distance = {
      left: origin.x - (p.x + p.w),
      right: p.x - (origin.x + origin.w),
      up: origin.y - (p.y + p.h),
      down: p.y - (origin.y + origin.h),
    }[o.direction];
    const overlap = across
      ? Math.min(origin.y + origin.h, p.y + p.h) - Math.max(origin.y, p.y)
      : Math.min(origin.x + origin.w, p.x + p.w) - Math.max(origin.x, p.x);
    if (distance < -eps || overlap <= eps) continue;
    if (
      !best ||
      distance < best.distance - eps ||
      (Math.abs(distance - best.distance) <= eps && overlap > best.overlap)
    )
      best = { id: p.id, distance, overlap };
  }
  return best?.id ?? null;
}
