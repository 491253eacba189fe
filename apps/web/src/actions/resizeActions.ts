// Resizing from the keyboard (rozi's keybindings.md, Layout): resize mode (Ctrl+A r, then
// h/j/k/l), grow / shrink the focused pane's share of its split, and the layout picker with a live
// preview (Ctrl+A Shift+M). The arithmetic is model/splitResize.ts; the server applies ratios.
import { growStep, RESIZE_STEP } from '../model/splitResize';
import type { ActionContext, ActionDef } from './actionTypes';

function grow(ctx: ActionContext, step: number) {
  if (!ctx.session || !ctx.tab || !ctx.pane) return;
  const r = growStep(ctx.tab.layout, { pane: ctx.pane.id, step });
  if (!r) {
    ctx.ui.notice(step > 0 ? 'The pane cannot grow further here' : 'The pane cannot shrink further here');
    return;
  }
  return ctx.api.resizeSplit({ session: ctx.session.name, tab: ctx.tab.id, ...r });
}

const hasPane = (ctx: ActionContext) => ctx.pane !== undefined;

export const resizeActions: ActionDef[] = [
  {
    id: 'resize-mode',
    title: 'Resize mode',
    category: 'Pane',
    keywords: 'resize divider hjkl keyboard size',
    enabled: hasPane,
    run: (ctx) => ctx.ui.resizeMode(),
  },
  {
    id: 'grow-split',
    title: 'Grow pane',
    category: 'Pane',
    keywords: 'resize bigger larger split',
    enabled: hasPane,
    run: (ctx) => grow(ctx, RESIZE_STEP),
  },
  {
    id: 'shrink-split',
    title: 'Shrink pane',
    category: 'Pane',
    keywords: 'resize smaller split',
    enabled: hasPane,
    run: (ctx) => grow(ctx, -RESIZE_STEP),
  },
  {
    id: 'choose-layout',
    title: 'Choose layout…',
    category: 'Tab',
    keywords: 'tiling picker preview dwindle master grid columns rows scrollable monocle',
    enabled: (ctx) => ctx.tab !== undefined,
    run: (ctx) => ctx.ui.chooseLayout(),
  },
];
