// rozi status <working|blocked|idle> [--reason R] | rozi status --clear: the pane's own state,
// shown instead of screen detection until cleared (a live integration report still wins).
import { ACTIVITY_STATES } from '@rozi/detect';
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb } from '../../verb';

const STATES: readonly string[] = ACTIVITY_STATES;

export const statusVerb: Verb = {
  path: ['status'],
  summary: "set (or --clear) the calling pane's status instead of screen detection",
  options: [
    targetOption,
    { name: 'reason', type: 'string', value: 'TEXT', description: 'a short message shown with the state' },
    {
      name: 'clear',
      type: 'boolean',
      description: 'remove the status; the pane returns to screen detection',
    },
  ],
  positionals: [{ name: 'state' }],
  async run(ctx) {
    const [state] = ctx.args.positionals;
    const target = targetOf(ctx);
    if (ctx.args.options.clear === true) {
      if (state !== undefined) throw new CliError('usage', '--clear takes no STATE', 2);
      const r = await callServer(ctx.io.env, 'status.clear', target);
      ctx.print(r, () => 'cleared');
      return 0;
    }
    if (state === undefined || !STATES.includes(state))
      throw new CliError('usage', `status needs a STATE: ${STATES.join(', ')} (or --clear)`, 2);
    const reason = ctx.args.options.reason;
    const r = await callServer(ctx.io.env, 'status.set', {
      ...target,
      state,
      reason: typeof reason === 'string' ? reason : undefined,
    });
    ctx.print(r, () => state);
    return 0;
  },
};
