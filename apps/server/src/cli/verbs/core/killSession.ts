// rozi kill-session NAME [--remote HOST]
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { remoteOf } from '../../target';
import { CliError, defineVerb } from '../../verb';

export const killSessionVerb = defineVerb({
  flags: z.object({}),
  path: ['kill-session'],
  response: 'rozi',
  summary: 'end every pane of a session and remove it',
  positionals: [{ name: 'name' }],
  async run(ctx) {
    const given = ctx.args.positionals[0] ?? ctx.globals.session;
    if (!given) throw new CliError('usage', "'kill-session' needs a session NAME (or --session NAME)");
    const host = remoteOf(ctx);
    const name = host && !given.endsWith(`@${host}`) ? `${given}@${host}` : given;
    const r = await callServer(ctx.io.env, 'sessions.kill', { session: name });
    ctx.print(r, () => `killed session ${name}`);
    return 0;
  },
});
