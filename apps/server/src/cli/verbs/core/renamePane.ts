// rozi rename-pane [--target PANE] NAME  (an empty NAME clears it)
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { targetFlags, targetOf } from '../../target';
import { defineVerb } from '../../verb';

export const renamePaneVerb = defineVerb({
  path: ['rename-pane'],
  response: 'rozi',
  summary: "set a pane's name (shown until its program sets a title)",
  flags: z.object(targetFlags),
  positionals: [{ name: 'name', required: true }],
  async run(ctx) {
    const name = ctx.args.positionals[0] ?? '';
    const r = await callServer(ctx.io.env, 'panes.rename', {
      ...targetOf(ctx),
      name: name || null,
    });
    ctx.print(r, () => `pane ${r.id}: ${r.title}`);
    return 0;
  },
});
