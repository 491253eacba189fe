// CLI entry: finds the verb, parses its arguments, picks the output format, runs it and turns
// every failure into one line on stderr (plus a stable code on stdout in JSON mode).
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { findVerb, verbs } from './registry';
import { EXIT_USAGE, groupHelpText, helpText, parseArgs } from './args';
import { checkFlags, globalFlagsObject } from './flags';
import {
  CliError,
  type GlobalOptions,
  type OutputFormat,
  type ParsedArgs,
  type VerbContext,
  type VerbIO,
} from './verb';
import { closest } from './suggest';
import { attachOrLaunch, positionalTarget } from './attachOrLaunch';

function defaultIO(): VerbIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
  };
}

/**
 * Groups where a help flag anywhere after the group word means help, even after `--` (spec: a
 * help flag after `agents` is never sent as prompt text).
 */
const HELP_ANYWHERE = new Set(['agents']);
const isHelpWord = (w: string) => w === '--help' || w === '-h';

function topHelp(advanced: boolean): string {
  const rows = verbs
    .filter((v) => advanced || !v.advanced)
    .sort((a, b) => a.path.join(' ').localeCompare(b.path.join(' ')));
  const width = Math.max(12, ...rows.map((v) => v.path.join(' ').length)) + 2;
  return [
    'usage: rozi <command> [options]',
    '       rozi NAME   attach to session NAME (its page address), or launch the same-name profile',
    '',
    'commands:',
    ...rows.map((v) => `  ${v.path.join(' ').padEnd(width)}${v.summary}`),
    '',
    "run 'rozi <command> --help' for a command's options" +
      (advanced ? '' : "; 'rozi --help --advanced' lists every command"),
    '',
  ].join('\n');
}

/**
 * `--config PATH` (rozi's global option, anywhere before `--` / `--argv`) sets ROZI_CONFIG for
 * the run, so the server, `config check` and every reader resolve the same file (config/paths.ts).
 */
function takeConfigOption(argv: string[], io: VerbIO): string[] | CliError {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i] as string;
    if (w === '--' || w === '--argv') return [...out, ...argv.slice(i)];
    if (w !== '--config' && !w.startsWith('--config=')) {
      out.push(w);
      continue;
    }
    const value = w.startsWith('--config=') ? w.slice('--config='.length) : argv[++i];
    if (!value) return new CliError('usage', '--config needs a file path');
    io.env.ROZI_CONFIG = value.startsWith('~') ? value : resolve(io.cwd, value);
  }
  return out;
}

/** `unknown command 'x'`, naming what was expected and the likely typo. */
function unknownCommand(word: string | undefined): CliError {
  const firsts = [...new Set(verbs.map((v) => v.path[0] as string))];
  const near = word === undefined ? undefined : closest(word, firsts);
  return new CliError(
    'usage',
    `unknown command '${word ?? ''}'${near ? ` (did you mean '${near}'?)` : ''}; expected a command such as ` +
      `list-panes, focus, split, new-pane, send-keys, capture-pane, status, subscribe (run 'rozi --help' for all)`,
  );
}

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function main(argv0: string[], io: VerbIO = defaultIO()): Promise<number> {
  const taken = takeConfigOption(argv0, io);
  if (taken instanceof CliError) {
    io.stderr.write(`rozi: ${taken.message}\n`);
    return taken.exitCode;
  }
  let argv = taken;
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout.write(topHelp(argv.includes('--advanced')));
    return argv.length === 0 ? EXIT_USAGE : 0;
  }
  if (argv[0] === '--version' || argv[0] === '-V') {
    io.stdout.write(`rozi ${VERSION} (web edition)\n`);
    return 0;
  }
  // Global options may precede the command (`rozi --session dev list-panes`): move them after it.
  const leading: string[] = [];
  while (argv[0] !== undefined && /^--(session|format|socket)(=|$)/.test(argv[0])) {
    const word = argv[0];
    const takes = !word.includes('=') && argv[1] !== undefined ? 2 : 1;
    leading.push(...argv.slice(0, takes));
    argv = argv.slice(takes);
  }
  const found0 = findVerb(argv);
  const found = found0 && { verb: found0.verb, rest: [...leading, ...found0.rest] };
  // `rozi agents`, `rozi agents --help`, `rozi agents nosuch -h`: the group's help.
  const group =
    argv[0] !== undefined && verbs.some((v) => v.path.length > 1 && v.path[0] === argv[0])
      ? argv[0]
      : undefined;
  if (group !== undefined && (!found || (HELP_ANYWHERE.has(group) && argv.slice(1).some(isHelpWord)))) {
    const wantsHelp = argv.slice(1).some(isHelpWord);
    if (found && wantsHelp) io.stdout.write(helpText(found.verb));
    else if (wantsHelp || argv.length === 1)
      io.stdout.write(
        groupHelpText(
          group,
          verbs.filter((v) => v.path[0] === group),
        ),
      );
    if (wantsHelp) return 0;
    if (argv.length === 1) return EXIT_USAGE;
  }
  let format: OutputFormat = io.stdoutIsTTY ? 'text' : 'json';
  try {
    if (!found) {
      // `rozi dev` / `rozi --session dev`: attach, or launch the same-name profile (attachOrLaunch.ts).
      const session = leading.indexOf('--session');
      const target = positionalTarget(argv.length === 0 ? leading.slice(session, session + 2) : argv);
      if (target === null) throw unknownCommand(argv[0]);
      const firsts = [...new Set(verbs.map((v) => v.path[0] as string))];
      const globalsKept =
        session < 0 ? leading : leading.filter((_, i) => i !== session && i !== session + 1);
      return await attachOrLaunch({
        name: target,
        io,
        run: (words) => main([...globalsKept, ...words], io),
        near: closest(target, firsts),
      });
    }
    const { verb, rest } = found;
    const args = parseArgs(verb, rest);
    if (args.options.help) {
      io.stdout.write(helpText(verb));
      return 0;
    }
    const globals: GlobalOptions = checkFlags(globalFlagsObject, args.options);
    // --socket PATH: this one call talks to that endpoint (control.md: before ROZI_SOCKET).
    if (globals.socket !== undefined) io = { ...io, env: { ...io.env, ROZI_SOCKET: globals.socket } };
    if (globals.format !== undefined) format = globals.format;
    const opts: Record<string, unknown> = checkFlags(verb.flags, args.options);
    args.options = { ...args.options, ...(opts as ParsedArgs['options']) };
    const ctx: VerbContext = {
      args,
      opts,
      globals,
      io,
      format,
      print(value, text) {
        // rozi's control verbs answer with rozi's response shape (control.md, "Wire protocol").
        const out = format === 'json' && verb.response === 'rozi' ? { ok: true, data: value } : value;
        if (format === 'json' || !text)
          io.stdout.write(JSON.stringify(out, null, format === 'json' && !io.stdoutIsTTY ? 0 : 2) + '\n');
        else {
          const s = text(value);
          if (s) io.stdout.write(s.endsWith('\n') ? s : s + '\n');
        }
      },
    };
    return await verb.run(ctx);
  } catch (err) {
    const e =
      err instanceof CliError
        ? err
        : new CliError('internal', err instanceof Error ? err.message : String(err));
    io.stderr.write(`rozi: ${e.message}\n`);
    // rozi's failure response, with the stable code (contract/codes.ts) beside its message.
    if (format === 'json')
      io.stdout.write(
        JSON.stringify({
          ok: false,
          error: e.message,
          code: e.code,
          ...(e.details ? { details: e.details } : {}),
        }) + '\n',
      );
    return e.exitCode;
  }
}
