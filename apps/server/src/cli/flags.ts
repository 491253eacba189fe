// A verb's options as one zod object (issue 13.1): each key is a flag name, each value a zod
// schema (the router's own input schema where the verb maps to a procedure) tagged with how the
// flag is spelled on the command line. The parser (args.ts) reads the words by those tags, then
// the object checks them once; a refusal becomes rozi's one usage line naming the flag and what it
// expected, so no verb narrows or refuses its options by hand.
import { z } from 'zod';
import { CliError, type OptionSpec, type OptionType } from './verb';

/** How a flag reads in help: `-t, --target PANE   the pane …`. */
export interface FlagMeta {
  short?: string;
  /** Value placeholder shown in help, e.g. `PANE`. */
  value?: string;
  description: string;
}

const tags = new WeakMap<z.ZodType, FlagMeta & { type: OptionType }>();

function tagged<S extends z.ZodType>(type: OptionType, meta: FlagMeta, schema: S): S {
  tags.set(schema, { ...meta, type });
  return schema;
}

/** The schemas a flag of each kind may carry: what the parser hands over for it. */
type Takes<In> = z.ZodType<unknown, In>;

/**
 * Flags by kind. Without a schema a flag is optional and untyped beyond its kind; with one, the
 * schema (optional or with a default) checks and shapes the value.
 */
function stringFlag(meta: FlagMeta): z.ZodOptional<z.ZodString>;
function stringFlag<S extends Takes<string | undefined>>(meta: FlagMeta, schema: S): S;
function stringFlag(meta: FlagMeta, schema?: z.ZodType): z.ZodType {
  return tagged('string', meta, schema ?? z.string().optional());
}

function numberFlag(meta: FlagMeta): z.ZodOptional<z.ZodNumber>;
function numberFlag<S extends Takes<number | undefined>>(meta: FlagMeta, schema: S): S;
function numberFlag(meta: FlagMeta, schema?: z.ZodType): z.ZodType {
  return tagged('number', meta, schema ?? z.number().optional());
}

function listFlag(meta: FlagMeta): z.ZodOptional<z.ZodArray<z.ZodString>>;
function listFlag<S extends Takes<string[] | undefined>>(meta: FlagMeta, schema: S): S;
function listFlag(meta: FlagMeta, schema?: z.ZodType): z.ZodType {
  return tagged('list', meta, schema ?? z.array(z.string()).optional());
}

/**
 * Flags by kind. Without a schema a flag is optional and untyped beyond its kind; with one, the
 * schema (optional or with a default) checks and shapes the value.
 */
export const flag = {
  /** `--name VALUE`. */
  string: stringFlag,
  /** `--name` (or `--name=true|false`). */
  boolean(meta: FlagMeta): z.ZodOptional<z.ZodBoolean> {
    return tagged('boolean', meta, z.boolean().optional());
  },
  /** `--name N`: the parser reads a finite number; the schema adds ranges. */
  number: numberFlag,
  /** `--name V` given any number of times. */
  list: listFlag,
};

/** The options every verb takes (before or after its name). */
export const globalFlags = {
  format: flag.string(
    { value: 'text|json', description: 'output format (default: text on a terminal, json when piped)' },
    z.enum(['text', 'json']).optional(),
  ),
  session: flag.string({
    short: 's',
    value: 'NAME',
    description: 'the session to act on (may also come before the command)',
  }),
  remote: flag.string({
    value: 'HOST',
    description: 'the session lives on this remote host (--session dev --remote box = dev@box)',
  }),
  socket: flag.string({
    value: 'PATH',
    description:
      'the control socket to talk to (default: ROZI_SOCKET, else the one in the runtime directory)',
  }),
  help: flag.boolean({ short: 'h', description: 'show help for this command' }),
};

export const globalFlagsObject = z.object(globalFlags);

/**
 * Inside a flag's transform: refuse the value with `message` as the whole usage line (a parser
 * shared with the server words its own, e.g. `--until needs a comma list of …`).
 */
export function refuse(c: z.RefinementCtx, message: string): typeof z.NEVER {
  c.addIssue({ code: 'custom', message, params: { line: true } });
  return z.NEVER;
}

/** A string flag the verb cannot run without: absent, it is refused with `message` as the line. */
export function required(message: string) {
  return z
    .string()
    .optional()
    .transform((v, c) => v ?? refuse(c, message));
}

/** The command-line spelling of each flag of `shape`, in declaration order. */
export function specsOf(shape: z.ZodRawShape): OptionSpec[] {
  return Object.entries(shape).map(([name, schema]) => {
    const tag = tags.get(schema as z.ZodType);
    if (!tag) throw new Error(`flag --${name} is not declared through flag.*`);
    return { name, ...tag };
  });
}

/** `a`, `a or b`, `a, b or c`. */
function either(values: string[]): string {
  return values.length < 2 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/**
 * What an issue says was expected: `a, b or c` for an enum; a schema's own message (written
 * lower-case to follow "must be": `a page number from 1`); else worded from zod's issue code.
 */
function expected(issue: z.core.$ZodIssue): string {
  if ('values' in issue && Array.isArray(issue.values)) return either(issue.values.map(String));
  if (!/^[A-Z]/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? 'not empty' : `at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `at most ${String(issue.maximum)} characters`
        : `at most ${String(issue.maximum)}`;
    case 'invalid_type':
      return issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`;
    default:
      return issue.message.toLowerCase();
  }
}

/**
 * `raw` (flag name → value as parsed) checked by `schema`: the output, or the one usage line
 * `--name must be EXPECTED, got 'VALUE'` for the first refusal (a refinement of the whole object,
 * across flags, words its own line).
 */
export function checkFlags<S extends z.ZodType>(schema: S, raw: Record<string, unknown>): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  if (!issue) throw new CliError('usage', 'bad options');
  const name = issue.path[0];
  const whole = issue.code === 'custom' && (issue.params as { line?: boolean } | undefined)?.line === true;
  if (typeof name !== 'string' || whole) throw new CliError('usage', issue.message);
  const value = raw[name];
  const shown = Array.isArray(value) ? value.join(' ') : String(value ?? '');
  throw new CliError('usage', `--${name} must be ${expected(issue)}, got '${shown}'`);
}
