// Native resume (spec: "Declare native resume support"): `[agents.resume] argv = [...]` with
// `{session}` exactly once, as a whole argument and not the program, or `resume = false`.
// The session reference is put into argv without a shell, so it can never be parsed as syntax.
import type { DefinitionWarning, ResumeSpec, SourceLocation } from './model';

export const SESSION_PLACEHOLDER = '{session}';

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Returns the resume spec, false for `resume = false`, undefined when omitted or ignored. */
export function validateResume(
  raw: unknown,
  ctx: { agent: string; location: SourceLocation; warn: (w: DefinitionWarning) => void },
): ResumeSpec | false | undefined {
  if (raw === undefined) return undefined;
  if (raw === false) return false;
  const problem = (message: string) => {
    ctx.warn({
      code: 'invalid-resume',
      message: `agent '${ctx.agent}': ${message}; resume ignored`,
      agent: ctx.agent,
      ...ctx.location,
    });
    return undefined;
  };
  if (raw === true)
    return problem('resume = true is not valid (set [agents.resume] argv, or resume = false)');
  if (!isTable(raw)) return problem('resume must be a table with argv, or false');
  for (const key of Object.keys(raw)) {
    if (key !== 'argv')
      ctx.warn({
        code: 'unknown-field',
        message: `agent '${ctx.agent}': unknown resume field '${key}' ignored`,
        agent: ctx.agent,
        ...ctx.location,
      });
  }
  const argv = raw.argv;
  if (!Array.isArray(argv) || argv.some((a) => typeof a !== 'string'))
    return problem('resume.argv must be a list of strings');
  if (argv.length === 0) return problem('resume.argv is empty');
  const args = argv as string[];
  if (args.some((a) => a === '')) return problem('resume.argv contains an empty string');
  const whole = args.filter((a) => a === SESSION_PLACEHOLDER).length;
  const embedded = args.some((a) => a !== SESSION_PLACEHOLDER && a.includes(SESSION_PLACEHOLDER));
  if (embedded) return problem(`${SESSION_PLACEHOLDER} must be a whole argument, not part of one`);
  if (whole === 0) return problem(`resume.argv must contain ${SESSION_PLACEHOLDER}`);
  if (whole > 1) return problem(`${SESSION_PLACEHOLDER} may appear only once`);
  if (args[0] === SESSION_PLACEHOLDER) return problem(`${SESSION_PLACEHOLDER} cannot be the program`);
  return { argv: [...args] };
}

/** The argv that reopens `session`, with the reference as one literal argument. */
export function resumeCommand(spec: ResumeSpec, session: string): string[] {
  return spec.argv.map((a) => (a === SESSION_PLACEHOLDER ? session : a));
}
