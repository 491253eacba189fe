// Resize mode's arithmetic (rozi's keybindings.md, Resize mode): a press moves the divider of the
// split the focused pane sits in by RESIZE_STEP of that split, toward the key's direction; grow /
// shrink change the pane's own share of its split. Pure: a layout in, a split path and its new
// ratios out (the server's panes.resizeSplit applies them), or null when nothing can move.
import type { LayoutNode } from '@rozi/server/model';

export const RESIZE_STEP = 0.04;
/** No pane is squeezed below this share of its split. */
export const MIN_SHARE = 0.05;

export type ResizeDirection = 'left' | 'right' | 'up' | 'down';

interface Hit {
  path: number[];
  node: Extract<LayoutNode, { type: 'split' }>;
  index: number;
}

/** The splits from the root down to pane `id`, with the child index taken at each. */
function trail(node: LayoutNode, id: number, path: number[] = []): Hit[] | null {
  if (node.type === 'pane') return node.paneId === id ? [] : null;
  for (let i = 0; i < node.children.length; i++) {
    const below = trail(node.children[i] as LayoutNode, id, [...path, i]);
    if (below) return [{ path, node, index: i }, ...below];
  }
  return null;
}

function round(r: number[]): number[] {
  return r.map((x) => Math.round(x * 10000) / 10000);
}

/** Moves the nearest divider beside pane `id` along the key's axis; null when there is none. */
export function resizeStep(
  layout: LayoutNode,
  o: { pane: number; direction: ResizeDirection; step?: number },
): { path: number[]; ratios: number[] } | null {
  const axis = o.direction === 'left' || o.direction === 'right' ? 'row' : 'column';
  const hit = (trail(layout, o.pane) ?? []).reverse().find((h) => h.node.direction === axis);
  if (!hit) return null;
  const r = [...hit.node.ratios];
  const n = r.length;
  const forward = o.direction === 'right' || o.direction === 'down';
  // The divider after the pane, or before it when the pane is last in its split.
  const left = hit.index < n - 1 ? hit.index : hit.index - 1;
  const d = (o.step ?? RESIZE_STEP) * (forward ? 1 : -1);
  const a = (r[left] as number) + d;
  const b = (r[left + 1] as number) - d;
  if (a < MIN_SHARE || b < MIN_SHARE) return null;
  r[left] = a;
  r[left + 1] = b;
  return { path: hit.path, ratios: round(r) };
}

/** Grows (or with a negative step shrinks) pane `id`'s share of its innermost split. */
export function growStep(
  layout: LayoutNode,
  o: { pane: number; step: number },
): { path: number[]; ratios: number[] } | null {
  const hit = (trail(layout, o.pane) ?? []).pop();
  if (!hit) return null;
  const r = [...hit.node.ratios];
  const mine = (r[hit.index] as number) + o.step;
  const others = 1 - (r[hit.index] as number);
  if (mine < MIN_SHARE || mine > 1 - MIN_SHARE * (r.length - 1) || others <= 0) return null;
  const scale = (1 - mine) / others;
  const next = r.map((x, i) => (i === hit.index ? mine : x * scale));
  if (next.some((x) => x < MIN_SHARE)) return null;
  return { path: hit.path, ratios: round(next) };
}

/** `layout` with the split at `path` given `ratios` (a copy; the input is not changed). */
export function withRatios(layout: LayoutNode, step: { path: number[]; ratios: number[] }): LayoutNode {
  if (layout.type === 'pane') return layout;
  if (step.path.length === 0) return { ...layout, ratios: step.ratios };
  const [i, ...rest] = step.path;
  return {
    ...layout,
    children: layout.children.map((c, k) =>
      k === i ? withRatios(c, { path: rest, ratios: step.ratios }) : c,
    ),
  };
}
