// Central argument parser for every verb: options from the verb's declaration, `--` and
// `--argv` handling, and one-line usage errors.
import { globalFlags, specsOf } from './flags';
import { closest } from './suggest';
import { CliError, type ParsedArgs, type Verb, type OptionSpec } from './verb';

export const EXIT_USAGE = 2;

const globalOptions: OptionSpec[] = specsOf(globalFlags);

/** `unknown option --x for 'verb'`, naming the options it takes and the likely typo. */
function unknownOption(verb: Verb, word: string, specs: OptionSpec[]): CliError {
  const names = specs.map((s) => s.name);
  const near = word.startsWith('--') ? closest(word.slice(2), names) : undefined;
  return new CliError(
    'usage',
    `unknown option ${word} for '${verb.path.join(' ')}'${near ? ` (did you mean --${near}?)` : ''}; ` +
      `it takes ${specs.map((s) => `--${s.name}`).join(', ')}`,
  );
}

/** The verb's own flags, as its zod object spells them. */
function ownOptions(verb: Verb): OptionSpec[] {
  return specsOf(verb.flags.shape);
}

export function optionsOf(verb: Verb): OptionSpec[] {
  const own = ownOptions(verb);
  const names = new Set(own.map((o) => o.name));
  return [...own, ...globalOptions.filter((o) => !names.has(o.name))];
}

export function parseArgs(verb: Verb, words: string[]): ParsedArgs {
  const specs = optionsOf(verb);
  const byLong = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short as string, s]));
  const options: ParsedArgs['options'] = {};
  const positionals: string[] = [];
  let argv: string[] | undefined;

  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === '--') {
      positionals.push(...words.slice(i + 1));
      break;
    }
    if (verb.takesArgv && word === '--argv') {
      argv = words.slice(i + 1);
      if (argv.length === 0) throw new CliError('usage', '--argv needs a PROGRAM');
      break;
    }
    let spec: OptionSpec | undefined;
    let inline: string | undefined;
    if (word.startsWith('--') && word.length > 2) {
      const eq = word.indexOf('=');
      const name = eq === -1 ? word.slice(2) : word.slice(2, eq);
      inline = eq === -1 ? undefined : word.slice(eq + 1);
      spec = byLong.get(name);
      if (!spec) throw unknownOption(verb, `--${name}`, specs);
    } else if (/^-[A-Za-z]$/.test(word)) {
      spec = byShort.get(word.slice(1));
      if (!spec) throw unknownOption(verb, word, specs);
    }
    if (!spec) {
      positionals.push(word);
      continue;
    }
    if (spec.type === 'boolean') {
      if (inline !== undefined && !['true', 'false'].includes(inline)) {
        throw new CliError('usage', `--${spec.name} takes no value`);
      }
      options[spec.name] = inline !== 'false';
      continue;
    }
    let value = inline;
    if (value === undefined) {
      value = words[i + 1];
      if (value === undefined)
        throw new CliError('usage', `--${spec.name} needs a value${spec.value ? ` (${spec.value})` : ''}`);
      i++;
    }
    if (spec.type === 'number') {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n))
        throw new CliError('usage', `--${spec.name} must be a number, got '${value}'`);
      options[spec.name] = n;
    } else if (spec.type === 'list') {
      const prev = options[spec.name];
      options[spec.name] = [...(Array.isArray(prev) ? prev : []), value];
    } else {
      options[spec.name] = value;
    }
  }

  if (!options.help) {
    const declared = verb.positionals ?? [];
    const required = declared.filter((p) => p.required).length;
    if (positionals.length < required) {
      const missing = declared[positionals.length];
      throw new CliError(
        'usage',
        `'${verb.path.join(' ')}' needs ${missing ? missing.name.toUpperCase() : 'more arguments'}`,
      );
    }
    const variadic = declared.some((p) => p.variadic);
    if (!variadic && !verb.restAfterDashDash && positionals.length > declared.length) {
      throw new CliError(
        'usage',
        `unexpected argument '${positionals[declared.length]}' for '${verb.path.join(' ')}'`,
      );
    }
  }
  return { options, positionals, argv };
}

/**
 * Help for a group of verbs (`rozi agents --help`): every subcommand with its usage, summary
 * and every one of its own flags, then the flags all of them take.
 */
export function groupHelpText(group: string, members: readonly Verb[]): string {
  const lines = [`usage: rozi ${group} <command> [options]`, '', 'commands:'];
  for (const verb of members) {
    lines.push('', `  ${usageOf(verb)}`, `      ${verb.summary}`);
    for (const o of ownOptions(verb)) lines.push(`      ${flagOf(o).padEnd(28)} ${o.description}`);
  }
  lines.push('', 'options of every command:');
  for (const o of globalOptions) lines.push(`  ${flagOf(o).padEnd(30)} ${o.description}`);
  lines.push(
    '',
    `a help flag anywhere after '${group}' prints help; run 'rozi ${group} <command> --help' for one command`,
  );
  return lines.join('\n') + '\n';
}

function flagOf(o: OptionSpec): string {
  return `${o.short ? `-${o.short}, ` : ''}--${o.name}${o.type === 'boolean' ? '' : ` ${o.value ?? o.name.toUpperCase()}`}`;
}

function usageOf(verb: Verb): string {
  const pos = (verb.positionals ?? []).map((p) => {
    const n = p.name.toUpperCase() + (p.variadic ? '…' : '');
    return p.required ? n : `[${n}]`;
  });
  return `rozi ${verb.path.join(' ')} [options]${pos.length ? ' ' + pos.join(' ') : ''}${verb.takesArgv ? ' [--argv PROGRAM ARG…]' : ''}`;
}

export function helpText(verb: Verb): string {
  const lines = [`usage: ${usageOf(verb)}`, '', verb.summary];
  if (verb.help) lines.push('', verb.help.trimEnd());
  lines.push('', 'options:');
  for (const o of optionsOf(verb)) {
    lines.push(`  ${flagOf(o).padEnd(30)} ${o.description}`);
  }
  return lines.join('\n') + '\n';
}
