// Tiled layouts (rozi's layouts-and-panes.md): cycle or choose the workspace's layout kind, spawn
// a pane where the layout puts it, swap with a neighbour, promote to master, and walk the panes in
// order (monocle shows one at a time). The server re-tiles; these only say what to do.
import type { LayoutKind, PaneInfo } from '@rozi/server/model';
import { layoutGeometry, neighbourPane } from '../model/layoutGeometry';
import type { ActionContext, ActionDef } from './actionTypes';
import { splitAndLand } from './paneActions';

export const LAYOUT_KINDS: readonly LayoutKind[] = [
  'dwindle',
  'master',
  'grid',
  'columns',
  'rows',
  'scrollable',
  'monocle',
];

type Direction = 'left' | 'right' | 'up' | 'down';
const DIRECTIONS: Direction[] = ['left', 'right', 'up', 'down'];
const hasPane = (ctx: ActionContext) => ctx.pane !== undefined;

function neighbour(ctx: ActionContext, direction: Direction): PaneInfo | undefined {
  if (!ctx.session || !ctx.tab || !ctx.pane) return undefined;
  const { panes } = layoutGeometry(ctx.tab.layout);
  const id = neighbourPane({ panes, from: ctx.pane.id, direction });
  return id === null ? undefined : ctx.workspace.pane(ctx.session.name, id);
}

/** The pane `step` places after the focused one in the workspace's order, wrapping. */
function stepPane(ctx: ActionContext, step: number): PaneInfo | undefined {
  if (!ctx.session || !ctx.tab || !ctx.pane) return undefined;
  const order = layoutGeometry(ctx.tab.layout).panes.map((p) => p.paneId);
  const at = order.indexOf(ctx.pane.id);
  const id = order[(at + step + order.length) % order.length];
  return id === undefined ? undefined : ctx.workspace.pane(ctx.session.name, id);
}

function setLayout(ctx: ActionContext, kind: LayoutKind) {
  if (ctx.session && ctx.tab)
    return ctx.api.setLayout({ session: ctx.session.name, tab: ctx.tab.id, layout: kind });
}

export const layoutActions: ActionDef[] = [
  {
    id: 'cycle-layout',
    title: 'Switch layout',
    category: 'Tab',
    keywords: 'tiling dwindle master grid columns rows scrollable monocle next',
    enabled: (ctx) => ctx.tab !== undefined,
    run: (ctx) => {
      const kind = ctx.tab?.layoutKind ?? 'dwindle';
      return setLayout(
        ctx,
        LAYOUT_KINDS[(LAYOUT_KINDS.indexOf(kind) + 1) % LAYOUT_KINDS.length] as LayoutKind,
      );
    },
  },
  ...LAYOUT_KINDS.map<ActionDef>((kind) => ({
    id: `layout-${kind}`,
    title: `Layout: ${kind}`,
    category: 'Tab',
    keywords: 'tiling choose layout',
    enabled: (ctx) => ctx.tab !== undefined && ctx.tab.layoutKind !== kind,
    run: (ctx) => setLayout(ctx, kind),
  })),
  {
    id: 'new-pane',
    title: 'New pane (where the layout puts it)',
    category: 'Pane',
    keywords: 'spawn split tile dwindle',
    enabled: hasPane,
    run: (ctx) => splitAndLand(ctx, 'auto'),
  },
  ...DIRECTIONS.map<ActionDef>((direction) => ({
    id: `swap-${direction}`,
    title: `Swap pane ${direction}`,
    category: 'Pane',
    keywords: 'exchange neighbour in place',
    enabled: (ctx) => neighbour(ctx, direction) !== undefined,
    run: (ctx) => {
      const other = neighbour(ctx, direction);
      if (ctx.pane && other) return ctx.api.swapPane(ctx.pane.key, other.id);
    },
  })),
  {
    id: 'promote-pane',
    title: 'Promote pane to master',
    category: 'Pane',
    keywords: 'first slot main swap',
    enabled: (ctx) => ctx.pane !== undefined && (ctx.tab?.layout.type ?? 'pane') === 'split',
    run: (ctx) => ctx.pane && ctx.api.promotePane(ctx.pane.key),
  },
  {
    id: 'focus-next-pane',
    title: 'Focus next pane',
    category: 'Pane',
    keywords: 'cycle tab monocle order',
    enabled: (ctx) => (ctx.tab?.layout.type ?? 'pane') === 'split',
    run: (ctx) => {
      const next = stepPane(ctx, 1);
      if (next) return ctx.api.focusPane(next.key);
    },
  },
  {
    id: 'focus-prev-pane',
    title: 'Focus previous pane',
    category: 'Pane',
    keywords: 'cycle tab monocle order back',
    enabled: (ctx) => (ctx.tab?.layout.type ?? 'pane') === 'split',
    run: (ctx) => {
      const prev = stepPane(ctx, -1);
      if (prev) return ctx.api.focusPane(prev.key);
    },
  },
];
