// rozi extensions deploy <ID> --session NAME: runs the extension's placement = "session" services for that
// session (no browser needed) and makes its actions callable there; an unchanged redeploy says so.
import { CliError, requiredPositional, type Verb } from '../../verb';
import { callExtensions } from './extensionCall';

export const extensionsDeployVerb: Verb = {
  path: ['extensions', 'deploy'],
  summary: "run an extension's session services and actions in a session",
  options: [{ name: 'session', type: 'string', value: 'NAME', description: 'the session' }],
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    const session = ctx.args.options.session;
    if (typeof session !== 'string') throw new CliError('usage', 'deploy needs --session NAME');
    const r = await callExtensions(ctx.io.env, 'extensions.deploy', {
      extension: requiredPositional(ctx.args, 0),
      session,
    });
    ctx.print(r, () => `${String(r.status)} ${String(r.extension)} in ${session}`);
    return 0;
  },
};
