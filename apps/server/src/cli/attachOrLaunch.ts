// `rozi NAME` (rozi's sessions.md and control.md): attach to the running session NAME, else launch
// the canonical same-name profile into a new session NAME, else one error suggesting `rozi new
// NAME`; it never creates an empty session. Attaching prints the page address, as `rozi attach
// NAME` does (a browser is the client here). main.ts sends here a lone word that is no command
// (and `rozi --session NAME` with no command, the spelling for names such as `new`); a word that
// is neither gets one line naming the command it may be a typo of.
import { callServer } from './controlClient';
import { CliError, type VerbIO } from './verb';

/** The lone word of `rozi NAME` / `rozi --session NAME`, or null when the words are something else. */
export function positionalTarget(argv: readonly string[]): string | null {
  const [first, second, ...rest] = argv;
  if (rest.length > 0 || first === undefined) return null;
  if (second === undefined) return /^[A-Za-z0-9_][\w.@-]*$/.test(first) ? first : null;
  if (first === '--session') return second;
  return null;
}

export async function attachOrLaunch(o: {
  name: string;
  io: VerbIO;
  /** Runs a rozi command line (main itself): `attach NAME` or `new NAME --profile NAME`. */
  run(argv: string[]): Promise<number>;
  /** The command the word is likely a typo of, if any. */
  near: string | undefined;
}): Promise<number> {
  const { name, io } = o;
  const typo = o.near ? ` (did you mean '${o.near}'?)` : '';
  let sessions: { name: string }[];
  let profiles: { name: string }[];
  try {
    sessions = await callServer(io.env, 'sessions.list');
    profiles = (await callServer(io.env, 'profiles.list', { dir: io.cwd })).profiles;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new CliError(
      'usage',
      `unknown command '${name}'${typo}, and no session could be looked up: ${why}`,
    );
  }
  if (sessions.some((s) => s.name === name)) return o.run(['attach', name]);
  if (profiles.some((p) => p.name === name)) return o.run(['new', name, '--profile', name]);
  // A word one typo away from a command is most likely that command mistyped: a usage error
  // (exit 2), as any other unknown command; a plain unknown name is not found (exit 1).
  throw new CliError(
    o.near ? 'usage' : 'not-found',
    `no command, session or profile named '${name}'${typo}: create the session with ` +
      `'rozi new ${name}', or run 'rozi --help' for the commands`,
  );
}
