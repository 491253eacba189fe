// rozi status VALUE [--reason TEXT] | rozi status --clear: what the calling pane reports about
// itself, free-form (rozi's set-status). list-panes reads it back as reported_status /
// status_reason; working, blocked, idle and done also stand in for screen detection on the
// pane's badge until cleared (a live integration report still wins); other values are shown as
// written.
import { reportedStatusValue } from '../../../api/inputs';
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { optionValue } from '../../optionValue';
import { targetFlags, targetOf } from '../../target';
import { CliError, defineVerb } from '../../verb';

export const statusVerb = defineVerb({
  path: ['status'],
  summary:
    "report the calling pane's status (working, blocked, done, idle, or any short text), or --clear it",
  response: 'rozi',
  flags: z.object({
    ...targetFlags,
    reason: flag.string({ value: 'TEXT', description: 'a short message shown with the status' }),
    clear: flag.boolean({ description: 'remove the status; the pane returns to screen detection' }),
  }),
  positionals: [{ name: 'value' }],
  async run(ctx) {
    const [value] = ctx.args.positionals;
    const target = targetOf(ctx);
    if (ctx.opts.clear === true) {
      if (value !== undefined) throw new CliError('usage', '--clear takes no VALUE');
      const r = await callServer(ctx.io.env, 'status.clear', target);
      ctx.print(r, () => 'cleared');
      return 0;
    }
    if (value === undefined)
      throw new CliError(
        'usage',
        'status needs a VALUE (working, blocked, done, idle, or any short text) or --clear',
      );
    const status = optionValue(reportedStatusValue, value, 'VALUE');
    const r = await callServer(ctx.io.env, 'status.set', { ...target, status, reason: ctx.opts.reason });
    ctx.print(r, () => status);
    return 0;
  },
});
