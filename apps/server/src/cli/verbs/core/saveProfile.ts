// rozi save-profile NAME [--session S] [--force]: writes the session's workspaces, layouts and
// each pane's name, cwd and command to ~/.config/rozi/profiles/NAME.toml (profiles.md); the live
// session is left as it is. An existing profile is kept unless --force.
import { callServer } from '../../controlClient';
import { sessionOf } from '../../target';
import { requiredPositional, type Verb } from '../../verb';

export const saveProfileVerb: Verb = {
  path: ['save-profile'],
  summary: 'capture a session as a profile (~/.config/rozi/profiles/NAME.toml)',
  response: 'rozi',
  options: [{ name: 'force', short: 'f', type: 'boolean', description: 'overwrite an existing profile' }],
  positionals: [{ name: 'name', required: true }],
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'profiles.save', {
      session: sessionOf(ctx),
      name: requiredPositional(ctx.args, 0),
      force: ctx.args.options.force === true,
    });
    ctx.print(r, () => `profile ${r.profile} saved to ${r.path} (${r.panes} pane(s))`);
    return 0;
  },
};
