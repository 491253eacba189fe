// Pure operations on a tab's layout tree (session/model.ts LayoutNode). No I/O: the manager
// calls these and owns the result. Invariants kept by every function: a split has ≥ 2 children,
// one ratio per child, ratios > 0 summing to 1, and no split directly holds a split of the same
// direction (it is flattened, so "split right three times" gives three equal columns).
import type { LayoutNode, PaneId, SplitDirection } from './model';

export function paneIds(node: LayoutNode): PaneId[] {
  return node.type === 'pane' ? [node.paneId] : node.children.flatMap(paneIds);
}

function normalize(ratios: number[]): number[] {
  const sum = ratios.reduce((a, b) => a + b, 0);
  return ratios.map((r) => r / sum);
}

/** Puts `newId` beside `targetId`: after it (right/below) unless `before`. */
export function insertPane(
  root: LayoutNode,
  o: { targetId: PaneId; newId: PaneId; direction: SplitDirection; before?: boolean },
): LayoutNode {
  const fresh: LayoutNode = { type: 'pane', paneId: o.newId };
  const visit = (node: LayoutNode): LayoutNode => {
    if (node.type === 'pane') {
      if (node.paneId !== o.targetId) return node;
      return {
        type: 'split',
        direction: o.direction,
        ratios: [0.5, 0.5],
        children: o.before ? [fresh, node] : [node, fresh],
      };
    }
    const i = node.children.findIndex((c) => c.type === 'pane' && c.paneId === o.targetId);
    if (i >= 0 && node.direction === o.direction) {
      // Same direction: the target's share is halved between it and the new pane.
      const children = [...node.children];
      const ratios = [...node.ratios];
      const half = (ratios[i] as number) / 2;
      const at = o.before ? i : i + 1;
      children.splice(at, 0, fresh);
      ratios.splice(i, 1, half, half);
      return { ...node, children, ratios };
    }
    return { ...node, children: node.children.map(visit) };
  };
  return visit(root);
}

/** The layout without `id`, or null when it was the last pane. Freed space goes to the siblings. */
export function removePane(root: LayoutNode, id: PaneId): LayoutNode | null {
  if (root.type === 'pane') return root.paneId === id ? null : root;
  const children: LayoutNode[] = [];
  const ratios: number[] = [];
  root.children.forEach((c, i) => {
    const next = removePane(c, id);
    if (next) {
      children.push(next);
      ratios.push(root.ratios[i] as number);
    }
  });
  if (children.length === 0) return null;
  if (children.length === 1) return children[0] as LayoutNode;
  return flatten({ ...root, children, ratios: normalize(ratios) });
}

/** `a` and `b` side by side (a restored snapshot with more tabs than workspaces joins the extras). */
export function joinLayouts(a: LayoutNode, b: LayoutNode): LayoutNode {
  return flatten({ type: 'split', direction: 'row', ratios: [0.5, 0.5], children: [a, b] });
}

function flatten(node: LayoutNode): LayoutNode {
  if (node.type === 'pane') return node;
  const children: LayoutNode[] = [];
  const ratios: number[] = [];
  node.children.forEach((c, i) => {
    const r = node.ratios[i] as number;
    if (c.type === 'split' && c.direction === node.direction) {
      c.children.forEach((cc, j) => {
        children.push(cc);
        ratios.push(r * (c.ratios[j] as number));
      });
    } else {
      children.push(c);
      ratios.push(r);
    }
  });
  return { ...node, children, ratios };
}

/** Finds the split node at `path` (child indices from the root). */
export function splitAt(root: LayoutNode, path: number[]): Extract<LayoutNode, { type: 'split' }> | null {
  let node: LayoutNode | undefined = root;
  for (const i of path) node = node?.type === 'split' ? node.children[i] : undefined;
  return node?.type === 'split' ? node : null;
}

/** Returns the layout with the split at `path` given new ratios; errors name what was wrong. */
export function setRatios(
  root: LayoutNode,
  path: number[],
  ratios: number[],
): { layout: LayoutNode } | { error: string } {
  const target = splitAt(root, path);
  if (!target) return { error: `no split at path [${path.join(',')}]` };
  if (ratios.length !== target.children.length)
    return { error: `the split has ${target.children.length} children, got ${ratios.length} ratios` };
  if (ratios.some((r) => !(r > 0) || !Number.isFinite(r)))
    return { error: 'every ratio must be a positive number' };
  const next = normalize(ratios);
  const visit = (node: LayoutNode, depth: number): LayoutNode => {
    if (node.type === 'pane') return node;
    if (node === target) return { ...node, ratios: next };
    const i = path[depth];
    return { ...node, children: node.children.map((c, j) => (j === i ? visit(c, depth + 1) : c)) };
  };
  return { layout: visit(root, 0) };
}

/** Every split's children get equal shares. */
export function equalize(root: LayoutNode): LayoutNode {
  if (root.type === 'pane') return root;
  return {
    ...root,
    ratios: root.children.map(() => 1 / root.children.length),
    children: root.children.map(equalize),
  };
}

/** Checks a layout read from disk: every diagnostic, not just the first. */
export function validateLayout(node: unknown, where = 'layout'): string[] {
  if (!node || typeof node !== 'object') return [`${where}: not an object`];
  const n = node as Record<string, unknown>;
  if (n.type === 'pane') return Number.isInteger(n.paneId) ? [] : [`${where}: paneId must be an integer`];
  if (n.type !== 'split') return [`${where}: type must be 'pane' or 'split'`];
  const errors: string[] = [];
  if (n.direction !== 'row' && n.direction !== 'column')
    errors.push(`${where}: direction must be 'row' or 'column'`);
  if (!Array.isArray(n.children) || n.children.length < 2)
    return [...errors, `${where}: a split needs at least 2 children`];
  if (
    !Array.isArray(n.ratios) ||
    n.ratios.length !== n.children.length ||
    n.ratios.some((r) => typeof r !== 'number' || !(r > 0))
  ) {
    errors.push(`${where}: ratios must be one positive number per child`);
  }
  n.children.forEach((c, i) => errors.push(...validateLayout(c, `${where}.children[${i}]`)));
  return errors;
}
