// rozi invocation cancel <id>: ends a running action call; its process group is killed.
import { z } from 'zod';
import { defineVerb, requiredPositional } from '../../verb';
import { callServer } from '../../controlClient';

export const invocationCancelVerb = defineVerb({
  flags: z.object({}),
  path: ['invocation', 'cancel'],
  summary: 'cancel a running action call',
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'extensions.invocationCancel', {
      id: requiredPositional(ctx.args, 0),
    });
    ctx.print(r, () => `cancelled ${ctx.args.positionals[0]}`);
    return 0;
  },
});
