// rozi focus PANE_ID (rozi's spelling) or rozi focus --target PANE: focus a pane and select its tab.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { targetFlags, targetOf } from '../../target';
import { CliError, defineVerb } from '../../verb';

export const focusVerb = defineVerb({
  path: ['focus'],
  summary: 'focus a pane (and select its tab)',
  response: 'rozi',
  flags: z.object(targetFlags),
  positionals: [{ name: 'pane_id' }],
  async run(ctx) {
    const [id] = ctx.args.positionals;
    if (id !== undefined && ctx.opts.target !== undefined)
      throw new CliError('usage', 'focus takes a PANE_ID or --target, not both');
    const r = await callServer(
      ctx.io.env,
      'panes.focus',
      targetOf(id === undefined ? ctx : { ...ctx, opts: { target: id } }),
    );
    ctx.print(r, () => `focused pane ${r.id}`);
    return 0;
  },
});
