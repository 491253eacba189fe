// Actions on what shell integration marks (OSC 133): copy the last command's output, jump between
// prompts. Without marks they say so in a notice (terminal.md: a status hint, not an error).
import { terminalFor } from '../terminal/terminalRegistry';
import type { ActionContext, ActionDef } from './actionTypes';

const hasPane = (ctx: ActionContext) => ctx.pane !== undefined;
const NO_MARKS =
  'No command output marked in this pane: shell integration (OSC 133) is off or its shell does not load it.';

async function jump(ctx: ActionContext, direction: -1 | 1): Promise<void> {
  if (!ctx.pane) return;
  const term = terminalFor(ctx.pane.key);
  if (!term) return;
  if (!(await term.jumpToPrompt(direction))) {
    ctx.ui.notice(direction < 0 ? 'No earlier prompt.' : 'No later prompt.');
  }
  term.focus();
}

export const shellActions: ActionDef[] = [
  {
    id: 'copy-last-output',
    title: 'Copy last command output',
    category: 'Terminal',
    keywords: 'clipboard shell integration osc 133 result',
    enabled: hasPane,
    run: async (ctx) => {
      if (!ctx.pane) return;
      let text = terminalFor(ctx.pane.key)?.lastOutput() ?? null;
      // The page only knows marks printed while it was attached: after a reload (or for output
      // that scrolled out of the page's buffer) the server's mirror still has the last command.
      if (text === null) {
        try {
          text = await ctx.api.lastOutput(ctx.pane.key);
        } catch (e) {
          // The server says why in one line (no marks at all, or none finished yet).
          return ctx.ui.notice(e instanceof Error && e.message ? e.message : NO_MARKS);
        }
      }
      try {
        await navigator.clipboard.writeText(text);
        const lines = text === '' ? 0 : text.split('\n').length;
        ctx.ui.notice(`Copied the last command's output (${lines} line${lines === 1 ? '' : 's'}).`);
      } catch {
        ctx.ui.notice('The browser refused clipboard access; allow it for this page and try again.', 'error');
      }
    },
  },
  {
    id: 'prev-prompt',
    title: 'Jump to previous prompt',
    category: 'Terminal',
    keywords: 'scroll shell integration osc 133 command',
    enabled: hasPane,
    run: (ctx) => jump(ctx, -1),
  },
  {
    id: 'next-prompt',
    title: 'Jump to next prompt',
    category: 'Terminal',
    keywords: 'scroll shell integration osc 133 command',
    enabled: hasPane,
    run: (ctx) => jump(ctx, 1),
  },
];
