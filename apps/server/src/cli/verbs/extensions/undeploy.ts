// rozi extensions undeploy <ID> --session NAME: stops the extension's session services there and ends its calls.
import { z } from 'zod';
import { flag, required } from '../../flags';
import { defineVerb, requiredPositional } from '../../verb';
import { callExtensions } from './extensionCall';

export const extensionsUndeployVerb = defineVerb({
  path: ['extensions', 'undeploy'],
  summary: "stop an extension's deployment in a session",
  flags: z.object({
    session: flag.string(
      { value: 'NAME', description: 'the session' },
      required('undeploy needs --session NAME'),
    ),
  }),
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    const { session } = ctx.opts;
    const r = await callExtensions(ctx.io.env, 'extensions.undeploy', {
      extension: requiredPositional(ctx.args, 0),
      session,
    });
    ctx.print(r, () =>
      r.undeployed
        ? `undeployed ${String(r.extension)} from ${session}`
        : `${String(r.extension)} was not deployed in ${session}`,
    );
    return 0;
  },
});
