// rozi status VALUE [--reason TEXT] | rozi status --clear: what the calling pane reports about
// itself, free-form (rozi's set-status). list-panes reads it back as reported_status /
// status_reason; working, blocked, idle and done also stand in for screen detection on the
// pane's badge until cleared (a live integration report still wins); other values are shown as
// written.
import { reportedStatusValue } from '../../../api/inputs';
import { callServer } from '../../controlClient';
import { optionValue } from '../../optionValue';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb } from '../../verb';

export const statusVerb: Verb = {
  path: ['status'],
  summary:
    "report the calling pane's status (working, blocked, done, idle, or any short text), or --clear it",
  response: 'rozi',
  options: [
    targetOption,
    { name: 'reason', type: 'string', value: 'TEXT', description: 'a short message shown with the status' },
    {
      name: 'clear',
      type: 'boolean',
      description: 'remove the status; the pane returns to screen detection',
    },
  ],
  positionals: [{ name: 'value' }],
  async run(ctx) {
    const [value] = ctx.args.positionals;
    const target = targetOf(ctx);
    if (ctx.args.options.clear === true) {
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
    const reason = ctx.args.options.reason;
    const r = await callServer(ctx.io.env, 'status.set', {
      ...target,
      status,
      reason: typeof reason === 'string' ? reason : undefined,
    });
    ctx.print(r, () => status);
    return 0;
  },
};
