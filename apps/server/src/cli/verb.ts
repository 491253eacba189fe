// The shape of one CLI verb. Each verb lives in its own file under verbs/ and is listed once in
// registry.ts; argument parsing, --format handling and error printing happen centrally in
// main.ts before and after `run` (the tmux cmd_table model, see CONVENTIONS.md).
import type { Readable, Writable } from 'node:stream';
import type { z } from 'zod';
import { exitCodeOf, type ErrorCode, type ExitCode } from '../contract/codes';

export type OptionType = 'boolean' | 'string' | 'number' | 'list';

/** How the parser reads one flag: derived from a verb's flags object (flags.ts specsOf). */
export interface OptionSpec {
  /** Long name without dashes, e.g. `target`. Parsed from `--target V` and `--target=V`. */
  name: string;
  /** One-letter alias without dash, e.g. `t` for `-t`. */
  short?: string;
  type: OptionType;
  description: string;
  /** Value placeholder shown in help, e.g. `PANE`. */
  value?: string;
}

export interface PositionalSpec {
  name: string;
  required?: boolean;
  /** Takes every remaining positional. */
  variadic?: boolean;
}

export interface ParsedArgs {
  options: Record<string, string | number | boolean | string[] | undefined>;
  positionals: string[];
  /** Everything after `--argv` (verbs that declare `takesArgv`), or after a lone `--` for verbs that declare `restAfterDashDash`. */
  argv: string[] | undefined;
}

export type OutputFormat = 'text' | 'json';

export interface VerbIO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  /** Whether stdout is a terminal: tables for people, JSON for pipes (DESIGN.md, CLI surface). */
  stdoutIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The options every verb takes, as flags.ts globalFlags checks them. */
export interface GlobalOptions {
  format?: 'text' | 'json';
  session?: string;
  remote?: string;
  socket?: string;
  help?: boolean;
}

export interface VerbContext<O = Record<string, unknown>> {
  args: ParsedArgs;
  /** The verb's options as its `flags` object checked and shaped them. */
  opts: O;
  globals: GlobalOptions;
  io: VerbIO;
  format: OutputFormat;
  /** Writes one value as JSON (format json) or calls `text` to print it for people. */
  print(value: unknown, text?: (value: unknown) => string): void;
}

export interface Verb<S extends z.ZodRawShape = z.ZodRawShape> {
  /** Words that name the verb: `['list-panes']`, `['agents', 'test']`. */
  path: string[];
  summary: string;
  /** Extra help text printed under the usage line. */
  help?: string;
  /** The verb's options as one zod object of flag.* schemas (flags.ts); `run` gets its output as `opts`. */
  flags: z.ZodObject<S>;
  positionals?: PositionalSpec[];
  /** `--argv PROGRAM ARG…` consumes the rest of the command line (DESIGN.md). */
  takesArgv?: boolean;
  /** A lone `--` ends options; the rest are positionals (send-keys). */
  restAfterDashDash?: boolean;
  /**
   * `rozi`: one of rozi's control verbs (control.md), whose JSON output is rozi's response
   * `{"ok":true,"data":…}`. Without it, JSON output is the value itself (the project's own
   * reports, e.g. `extensions check --json`). Failures are `{"ok":false,…}` for every verb.
   */
  response?: 'rozi';
  /** Listed by `rozi --help` only with `--advanced` (its group's own help always lists it). */
  advanced?: boolean;
  run(ctx: VerbContext<z.output<z.ZodObject<S>>>): Promise<number>;
}

/** A verb whose `run` sees its flags' output typed (`ctx.opts.direction`). */
export function defineVerb<S extends z.ZodRawShape>(verb: Verb<S>): Verb {
  return verb as unknown as Verb;
}

/** An expected failure: printed as one line (and a stable code in JSON), never a stack trace. */
export class CliError extends Error {
  readonly details?: unknown;
  readonly exitCode: ExitCode;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Overrides the code's exit code (contract/codes.ts), or adds details for --format json. */
    o: { exitCode?: ExitCode; details?: unknown } = {},
  ) {
    super(message);
    this.name = 'CliError';
    this.exitCode = o.exitCode ?? exitCodeOf(code);
    this.details = o.details;
  }

  /**
   * A failure the server answered with. Its code is kept even when this CLI does not know it (a
   * newer remote host), so scripts still see it; the exit code is then a plain failure.
   */
  static fromServer(error: { code: string; message: string }): CliError {
    return new CliError(error.code as ErrorCode, error.message);
  }
}

/** A positional the verb declares `required` (the parser has checked it is there). */
export function requiredPositional(args: ParsedArgs, index: number): string {
  const v = args.positionals[index];
  if (v === undefined) throw new CliError('usage', `argument ${index + 1} is missing`);
  return v;
}
