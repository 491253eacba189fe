// The terminal's keyboard modes (rozi's ids and keys: copy-mode `[`, hint-mode `u`): the focused
// pane's terminal takes the keyboard until the mode ends; what they copy or refuse is a notice.
import { terminalFor } from '../terminal/terminalRegistry';
import type { ActionContext, ActionDef } from './actionTypes';

const hasPane = (ctx: ActionContext) => ctx.pane !== undefined;

export const modeActions: ActionDef[] = [
  {
    id: 'copy-mode',
    title: 'Copy mode',
    category: 'Terminal',
    keywords: 'scrollback select yank vi keyboard clipboard search',
    enabled: hasPane,
    run: (ctx) => {
      if (ctx.pane) terminalFor(ctx.pane.key)?.copyMode((message, tone) => ctx.ui.notice(message, tone));
    },
  },
  {
    id: 'hint-mode',
    title: 'Hint mode',
    category: 'Terminal',
    keywords: 'links urls paths open copy labels git sha ip',
    enabled: hasPane,
    run: (ctx) =>
      ctx.pane && terminalFor(ctx.pane.key)?.hintMode((message, tone) => ctx.ui.notice(message, tone)),
  },
];
