// rozi focus PANE_ID (rozi's spelling) or rozi focus --target PANE: focus a pane and select its tab.
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb } from '../../verb';

export const focusVerb: Verb = {
  path: ['focus'],
  summary: 'focus a pane (and select its tab)',
  response: 'rozi',
  options: [targetOption],
  positionals: [{ name: 'pane_id' }],
  async run(ctx) {
    const [id] = ctx.args.positionals;
    if (id !== undefined && ctx.args.options.target !== undefined)
      throw new CliError('usage', 'focus takes a PANE_ID or --target, not both');
    const withId =
      id === undefined
        ? ctx
        : { ...ctx, args: { ...ctx.args, options: { ...ctx.args.options, target: id } } };
    const r = await callServer(ctx.io.env, 'panes.focus', targetOf(withId));
    ctx.print(r, () => `focused pane ${r.id}`);
    return 0;
  },
};
