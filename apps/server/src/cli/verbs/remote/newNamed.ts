// rozi new NAME [--remote HOST]: create-only (rozi's sessions.md): a fresh session named NAME,
// here or on HOST (then it is NAME@HOST); fails when the name is taken.
import { callServer } from '../../controlClient';
import { remoteOf } from '../../target';
import { CliError, type Verb } from '../../verb';

export const newNamedVerb: Verb = {
  path: ['new'],
  summary: 'create a session named NAME (on a remote host with --remote HOST)',
  positionals: [{ name: 'name', required: true }],
  async run(ctx) {
    const name = ctx.args.positionals[0];
    if (!name) throw new CliError('usage', "'new' needs a session NAME");
    const r = await callServer(ctx.io.env, 'sessions.create', {
      name,
      host: remoteOf(ctx),
    });
    ctx.print(r, () => `session ${r.session}, pane ${r.pane.id}${r.pty_ready ? '' : ' (pty not ready yet)'}`);
    return 0;
  },
};
