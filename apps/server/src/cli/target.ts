// Target options shared by every pane verb, resolved once here (CONVENTIONS.md): --target N or
// SESSION:N, --session NAME. Inside a rozi pane without --session an omitted --target means the
// calling pane (ROZI_PANE, ROZI_SESSION_NAME); with --session the environment is ignored,
// because an inherited pane number may belong to another session.
import type { TargetInput } from '../session/target';
import { flag } from './flags';
import type { VerbContext } from './verb';

/** `--target PANE`, spread into a verb's flags object (`{ ...targetFlags, … }`). */
export const targetFlags = {
  target: flag.string({
    short: 't',
    value: 'PANE',
    description: 'pane id (3) or SESSION:ID; default: the calling pane, else the focused one',
  }),
};

/** `--remote HOST`: the session names `NAME@HOST` (remote/nameTranslation.ts). */
export function remoteOf(ctx: VerbContext): string | undefined {
  const r = ctx.globals.remote;
  return r !== '' ? r : undefined;
}

function onHost(name: string, host: string | undefined): string {
  return host && !name.endsWith(`@${host}`) ? `${name}@${host}` : name;
}

export function sessionOf(ctx: VerbContext): string | undefined {
  const s = ctx.globals.session;
  if (s !== undefined) return onHost(s, remoteOf(ctx));
  return ctx.io.env.ROZI_SESSION_NAME || undefined;
}

export function targetOf(ctx: VerbContext<{ target?: string }>): TargetInput {
  const t = localTargetOf(ctx);
  const host = remoteOf(ctx);
  if (!host) return t;
  if (t.session !== undefined) return { ...t, session: onHost(t.session, host) };
  const m = typeof t.target === 'string' ? /^(.+):(\d+)$/.exec(t.target) : null;
  if (m) return { ...t, target: `${onHost(m[1] as string, host)}:${m[2]}` };
  return { ...t, host } as TargetInput;
}

function localTargetOf(ctx: VerbContext<{ target?: string }>): TargetInput {
  const explicitSession = ctx.globals.session;
  const target = ctx.opts.target;
  if (explicitSession !== undefined) return { session: explicitSession, target };
  const env = ctx.io.env;
  if (target !== undefined)
    return { session: target.includes(':') ? undefined : env.ROZI_SESSION_NAME || undefined, target };
  // ROZI_SESSION_INSTANCE names the session exactly (names change and repeat): an attached-scope
  // service sets it with ROZI_PANE to publish into a session that is not on screen.
  if (env.ROZI_PANE && env.ROZI_SESSION_INSTANCE)
    return { sessionInstance: env.ROZI_SESSION_INSTANCE, target: env.ROZI_PANE };
  if (env.ROZI_PANE && env.ROZI_SESSION_NAME)
    return { session: env.ROZI_SESSION_NAME, target: env.ROZI_PANE };
  return {};
}
