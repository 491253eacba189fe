// rozi new NAME [--profile P] [--remote HOST]: create-only (rozi's sessions.md): a fresh session
// named NAME, here or on HOST (then it is NAME@HOST); fails when the name is taken. With
// --profile, the session is launched from profile P (a name, a project profile found from the
// current directory, or a path; profiles.md); each part that could not start is one stderr line.
// Without it, [profile] default seeds the session (the server decides).
import { callServer } from '../../controlClient';
import { remoteOf } from '../../target';
import { z } from 'zod';
import { flag } from '../../flags';
import { CliError, defineVerb } from '../../verb';

export const newNamedVerb = defineVerb({
  path: ['new'],
  summary:
    'create a session named NAME (from a profile with --profile P; on a remote host with --remote HOST)',
  flags: z.object({
    profile: flag.string({ value: 'P', description: 'launch the session from this profile (name or path)' }),
  }),
  positionals: [{ name: 'name', required: true }],
  async run(ctx) {
    const name = ctx.args.positionals[0];
    if (!name) throw new CliError('usage', "'new' needs a session NAME");
    const { profile } = ctx.opts;
    if (profile !== undefined) {
      if (remoteOf(ctx))
        throw new CliError('usage', '--profile launches on this machine only; leave out --remote');
      const r = await callServer(ctx.io.env, 'profiles.launch', { profile, name, dir: ctx.io.cwd });
      for (const p of r.problems) ctx.io.stderr.write(`rozi: profile ${r.profile}: ${p}\n`);
      ctx.print(r, () => `session ${r.session} from profile ${r.profile}, ${r.panes} pane(s)`);
      return 0;
    }
    const r = await callServer(ctx.io.env, 'sessions.create', {
      name,
      host: remoteOf(ctx),
    });
    for (const w of r.warnings ?? []) ctx.io.stderr.write(`rozi: ${w}\n`);
    ctx.print(r, () => `session ${r.session}, pane ${r.pane.id}${r.pty_ready ? '' : ' (pty not ready yet)'}`);
    return 0;
  },
});
