// Pane actions: split, focus and move by direction, zoom, equalise, rename, close.
import type { PaneInfo, SplitDirection } from '@rozi/server/model';
import { layoutGeometry, neighbourPane } from '../model/layoutGeometry';
import { paneRunsProcess } from '../model/paneProcess';
import { paneKeyOf } from '../launcher/launcherModel';
import type { ActionContext, ActionDef } from './actionTypes';
import { focusedFloat, nudgeFocusedFloat } from './floatActions';

type Direction = 'left' | 'right' | 'up' | 'down';
const DIRECTIONS: Direction[] = ['left', 'right', 'up', 'down'];
const hasPane = (ctx: ActionContext) => ctx.pane !== undefined;
const hasNeighbour = (ctx: ActionContext, direction: Direction) => neighbour(ctx, direction) !== undefined;

function neighbour(ctx: ActionContext, direction: Direction): PaneInfo | undefined {
  if (!ctx.session || !ctx.tab || !ctx.pane) return undefined;
  const { panes } = layoutGeometry(ctx.tab.layout);
  const id = neighbourPane({ panes, from: ctx.pane.id, direction });
  return id === null ? undefined : ctx.workspace.pane(ctx.session.name, id);
}

/** Splits the focused pane and lands on the new one (on the phone: full screen, at once). */
export function splitAndLand(ctx: ActionContext, direction: SplitDirection | 'auto') {
  const key = ctx.pane?.key;
  return key === undefined
    ? undefined
    : ctx.ui.startPane(() => ctx.api.splitPane({ key, direction }).then(paneKeyOf));
}

export async function closePane(ctx: ActionContext, shown: PaneInfo): Promise<void> {
  // Ask the server what runs there now: the foreground program changes without an event.
  const pane =
    (await ctx.api.listPanes(shown.session).catch(() => [])).find((p) => p.key === shown.key) ?? shown;
  if (!paneRunsProcess(pane) || ctx.confirm?.closePane === false) {
    void ctx.api.killPane(pane.key);
    return;
  }
  ctx.ui.confirm({
    title: 'Close pane?',
    message: `“${pane.foreground_program ?? pane.title}” is still running in pane ${pane.id}. Closing the pane ends it.`,
    confirmLabel: 'Close pane',
    onConfirm: () => ctx.api.killPane(pane.key),
  });
}

export const paneActions: ActionDef[] = [
  {
    id: 'split-right',
    title: 'Split pane right',
    category: 'Pane',
    keywords: 'vertical side by side new pane',
    enabled: hasPane,
    run: (ctx) => splitAndLand(ctx, 'row'),
  },
  {
    id: 'split-down',
    title: 'Split pane down',
    category: 'Pane',
    keywords: 'horizontal stacked below new pane',
    enabled: hasPane,
    run: (ctx) => splitAndLand(ctx, 'column'),
  },
  ...DIRECTIONS.map<ActionDef>((direction) => ({
    id: `focus-${direction}`,
    title: `Focus pane ${direction}`,
    category: 'Pane',
    keywords: 'move select navigate',
    enabled: (ctx) => hasNeighbour(ctx, direction),
    run: (ctx) => {
      const target = neighbour(ctx, direction);
      if (target) return ctx.api.focusPane(target.key);
    },
  })),
  ...DIRECTIONS.map<ActionDef>((direction) => ({
    id: `move-${direction}`,
    title: `Move pane ${direction}`,
    category: 'Pane',
    keywords: 'swap rearrange',
    enabled: (ctx) => hasNeighbour(ctx, direction) || focusedFloat(ctx) !== undefined,
    run: (ctx) => {
      const slid = nudgeFocusedFloat(ctx, direction);
      if (slid) return slid;
      const target = neighbour(ctx, direction);
      if (!target || !ctx.pane) return;
      return ctx.api.movePane({
        key: ctx.pane.key,
        toId: target.id,
        direction: direction === 'left' || direction === 'right' ? 'row' : 'column',
        before: direction === 'left' || direction === 'up',
      });
    },
  })),
  {
    id: 'toggle-zoom',
    title: 'Zoom pane (toggle)',
    category: 'Pane',
    keywords: 'maximize fullscreen unzoom',
    enabled: hasPane,
    run: (ctx) => ctx.pane && ctx.api.zoomPane(ctx.pane.key),
  },
  {
    id: 'equalize',
    title: 'Equalize pane sizes',
    category: 'Pane',
    keywords: 'even balance resize',
    enabled: (ctx) => ctx.tab?.layout.type === 'split',
    run: (ctx) => ctx.session && ctx.tab && ctx.api.equalize(ctx.session.name, ctx.tab.id),
  },
  {
    id: 'rename-pane',
    title: 'Rename pane…',
    category: 'Pane',
    keywords: 'title name',
    enabled: hasPane,
    run: (ctx) => ctx.pane && renamePane(ctx, ctx.pane),
  },
  {
    id: 'teach-agent',
    title: 'Teach rozi this agent…',
    category: 'Pane',
    keywords: 'agent definition detect rule state editor',
    enabled: hasPane,
    run: (ctx) => {
      if (ctx.pane)
        window.location.assign(
          `/settings/agents/edit?pane=${encodeURIComponent(`${ctx.pane.session}:${ctx.pane.id}`)}`,
        );
    },
  },
  {
    id: 'close-pane',
    title: 'Close pane',
    category: 'Pane',
    keywords: 'kill exit remove',
    enabled: hasPane,
    run: (ctx) => ctx.pane && closePane(ctx, ctx.pane),
  },
];

/** The Rename pane prompt for any pane (the palette's focused one, a double-clicked title, F2 on a row). */
export function renamePane(ctx: ActionContext, pane: Pick<PaneInfo, 'key' | 'title'>): void {
  ctx.ui.prompt({
    title: 'Rename pane',
    label: 'Name (empty to follow the program’s title)',
    initial: pane.title,
    onSubmit: (value) => ctx.api.renamePane(pane.key, value.trim() || null).then(() => undefined),
  });
}
