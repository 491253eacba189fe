// rozi invocation cancel <id>: ends a running action call; its process group is killed.
import type { Verb } from '../../verb';
import { callExtensions } from './extensionCall';

export const invocationCancelVerb: Verb = {
  path: ['invocation', 'cancel'],
  summary: 'cancel a running action call',
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    const r = await callExtensions(ctx.io.env, 'extensions.invocationCancel', {
      id: ctx.args.positionals[0],
    });
    ctx.print(r, () => `cancelled ${ctx.args.positionals[0]}`);
    return 0;
  },
};
