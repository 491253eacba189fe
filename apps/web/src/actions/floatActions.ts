// Floating panes, fullscreen and the scratchpad (rozi's layouts-and-panes.md and keybindings.md):
// toggle the focused pane between tiling and floating, open a new floating shell, fill the
// workspace with the focused pane, show or hide the scratchpad, and slide a float with the move
// keys (a float holds no slot, so move/swap nudge it 4% of the area instead).
import type { FloatingPane } from '@rozi/server/model';
import { pointerSpot, rectAtPointer } from '../model/floatRect';
import type { ActionContext, ActionDef } from './actionTypes';

/** A float nudged by the move keys slides this share of the area (keybindings.md). */
export const NUDGE_STEP = 0.04;
const hasPane = (ctx: ActionContext) => ctx.pane !== undefined;

/** The focused pane's float entry, when it floats. */
export function focusedFloat(ctx: ActionContext): FloatingPane | undefined {
  const id = ctx.pane?.id;
  return id === undefined ? undefined : ctx.tab?.floating?.find((f) => f.paneId === id && !f.hidden);
}

/** Move keys on a float: slide it one step; undefined when the focused pane is tiled. */
export function nudgeFocusedFloat(
  ctx: ActionContext,
  direction: 'left' | 'right' | 'up' | 'down',
): Promise<unknown> | undefined {
  const f = focusedFloat(ctx);
  if (!f || !ctx.pane || f.kind === 'scratchpad') return undefined;
  const dx = direction === 'left' ? -NUDGE_STEP : direction === 'right' ? NUDGE_STEP : 0;
  const dy = direction === 'up' ? -NUDGE_STEP : direction === 'down' ? NUDGE_STEP : 0;
  return ctx.api.setFloatRect({
    key: ctx.pane.key,
    x: f.x + dx,
    y: f.y + dy,
    width: f.width,
    height: f.height,
  });
}

export const floatActions: ActionDef[] = [
  {
    id: 'toggle-float',
    title: 'Toggle floating / tiling',
    category: 'Pane',
    keywords: 'float floating tile lift popup window',
    enabled: hasPane,
    run: (ctx) => ctx.pane && ctx.api.toggleFloat(ctx.pane.key),
  },
  {
    id: 'spawn-float',
    title: 'New floating pane',
    category: 'Pane',
    keywords: 'float floating shell window',
    enabled: hasPane,
    // Centred on the mouse pointer over the pane area (clamped to it); none yet this run: centred.
    run: (ctx) => {
      if (!ctx.pane || !ctx.session || !ctx.tab) return;
      const at = pointerSpot(`${ctx.session.name}/${ctx.tab.id}`);
      return ctx.api.spawnFloat(ctx.pane.key, at && rectAtPointer(at));
    },
  },
  {
    id: 'toggle-fullscreen',
    title: 'Toggle fullscreen',
    category: 'Pane',
    keywords: 'maximize zoom fill',
    enabled: hasPane,
    run: (ctx) => ctx.pane && ctx.api.zoomPane(ctx.pane.key),
  },
  {
    id: 'scratchpad',
    title: 'Toggle scratchpad',
    category: 'Pane',
    keywords: 'dropdown quake scratch terminal',
    enabled: (ctx) => ctx.session !== undefined,
    run: (ctx) => ctx.session && ctx.api.toggleScratchpad(ctx.session.name),
  },
];
