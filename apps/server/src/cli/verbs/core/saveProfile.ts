// rozi save-profile NAME [--session S] [--force]: writes the session's workspaces, layouts and
// each pane's name, cwd and command to ~/.config/rozi/profiles/NAME.toml (profiles.md); the live
// session is left as it is. An existing profile is kept unless --force.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { sessionOf } from '../../target';
import { defineVerb, requiredPositional } from '../../verb';

export const saveProfileVerb = defineVerb({
  path: ['save-profile'],
  summary: 'capture a session as a profile (~/.config/rozi/profiles/NAME.toml)',
  response: 'rozi',
  flags: z.object({ force: flag.boolean({ short: 'f', description: 'overwrite an existing profile' }) }),
  positionals: [{ name: 'name', required: true }],
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'profiles.save', {
      session: sessionOf(ctx),
      name: requiredPositional(ctx.args, 0),
      force: ctx.opts.force === true,
    });
    ctx.print(r, () => `profile ${r.profile} saved to ${r.path} (${r.panes} pane(s))`);
    return 0;
  },
});
