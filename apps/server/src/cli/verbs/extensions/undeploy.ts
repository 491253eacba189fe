// rozi extensions undeploy <ID> --session NAME: stops the extension's session services there and ends its calls.
import { CliError, requiredPositional, type Verb } from '../../verb';
import { callExtensions } from './extensionCall';

export const extensionsUndeployVerb: Verb = {
  path: ['extensions', 'undeploy'],
  summary: "stop an extension's deployment in a session",
  options: [{ name: 'session', type: 'string', value: 'NAME', description: 'the session' }],
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    const session = ctx.args.options.session;
    if (typeof session !== 'string') throw new CliError('usage', 'undeploy needs --session NAME');
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
};
