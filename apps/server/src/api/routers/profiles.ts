// profiles.list / save / launch / replace / remove / setDefault (rozi's profiles.md): the CLI's
// save-profile and `new --profile`, and the page's Profiles picker and capture prompt.
import { z } from 'zod';
import { RoziError } from '../../session/errors';
import type { SessionManager } from '../../session/manager';
import type { Session } from '../../session/sessionState';
import { directoryInput } from '../inputs';
import { procedure, router } from '../trpc';

const profileName = z.string().min(1).max(64);
/** A profile name, or a path to a profile file (a slash or a .toml ending). */
const profileRef = z.string().min(1).max(4096);
const sessionName = z.string().min(1);

/** The named session; unnamed, the only one (else a one-line refusal naming the choice). */
function sessionNamed(m: SessionManager, name: string | undefined): Session {
  if (name !== undefined) return m.session(name);
  const all = [...m.sessions.values()];
  if (all.length === 1) return all[0] as Session;
  throw new RoziError('invalid', `${all.length} sessions are running: name one with --session`);
}

export const profilesRouter = router({
  /** `dir`: also the project profiles found in `.rozi/profiles` from that directory upward. */
  list: procedure.input(z.object({ dir: directoryInput.nullish() }).optional()).query(({ ctx, input }) => ({
    profiles: ctx.profiles.list(input?.dir),
    default: ctx.profiles.defaultName(),
  })),

  save: procedure
    .input(
      z.object({ session: sessionName.optional(), name: profileName, force: z.boolean().default(false) }),
    )
    .mutation(({ ctx, input }) =>
      ctx.profiles.save({
        session: sessionNamed(ctx.manager, input.session),
        name: input.name,
        force: input.force,
      }),
    ),

  launch: procedure
    .input(z.object({ profile: profileRef, name: sessionName.nullish(), dir: directoryInput.nullish() }))
    .mutation(({ ctx, input }) =>
      ctx.profiles.launch({ ref: input.profile, name: input.name, dir: input.dir }),
    ),

  replace: procedure
    .input(z.object({ session: sessionName, profile: profileRef, dir: directoryInput.nullish() }))
    .mutation(({ ctx, input }) =>
      ctx.profiles.apply({ session: ctx.manager.session(input.session), ref: input.profile, dir: input.dir }),
    ),

  remove: procedure
    .input(z.object({ name: profileName }))
    .mutation(({ ctx, input }) => ctx.profiles.remove(input.name)),

  setDefault: procedure
    .input(z.object({ name: profileName.nullable() }))
    .mutation(({ ctx, input }) => ctx.profiles.setDefault(input.name)),
});
