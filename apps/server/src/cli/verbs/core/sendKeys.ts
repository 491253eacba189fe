// rozi send-keys [--target PANE] [-l] [--] KEY…: tmux key names (Enter, Tab, Escape, C-c, M-x,
// Up, PageDown, F1…F12); words that are not key names are typed as text; -l sends all literally.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { targetFlags, targetOf } from '../../target';
import { defineVerb } from '../../verb';

export const sendKeysVerb = defineVerb({
  path: ['send-keys'],
  response: 'rozi',
  summary: 'send keys to a pane by tmux key name (Enter, C-c, M-x, Up, F5…)',
  help: "Example: rozi send-keys -t 2 'ls -l' Enter.  Use -- before keys that start with a dash.",
  flags: z.object({
    ...targetFlags,
    literal: flag.boolean({ short: 'l', description: 'send every word literally, no key names' }),
  }),
  positionals: [{ name: 'keys', required: true, variadic: true }],
  restAfterDashDash: true,
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'panes.sendKeys', {
      ...targetOf(ctx),
      keys: ctx.args.positionals,
      literal: ctx.opts.literal === true,
    });
    ctx.print(r, () => '');
    return 0;
  },
});
