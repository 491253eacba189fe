// rozi extensions deploy <ID> --session NAME: runs the extension's placement = "session" services for that
// session (no browser needed) and makes its actions callable there; an unchanged redeploy says so.
import { z } from 'zod';
import { flag, required } from '../../flags';
import { defineVerb, requiredPositional } from '../../verb';
import { callExtensions } from './extensionCall';

export const extensionsDeployVerb = defineVerb({
  path: ['extensions', 'deploy'],
  summary: "run an extension's session services and actions in a session",
  flags: z.object({
    session: flag.string(
      { value: 'NAME', description: 'the session' },
      required('deploy needs --session NAME'),
    ),
  }),
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    const { session } = ctx.opts;
    const r = await callExtensions(ctx.io.env, 'extensions.deploy', {
      extension: requiredPositional(ctx.args, 0),
      session,
    });
    ctx.print(r, () => `${String(r.status)} ${String(r.extension)} in ${session}`);
    return 0;
  },
});
