// The "exactly one of exec / shell (/ send)" rule shared by commands and services, and the
// shapes of each: exec a non-empty list of strings (argument boundaries kept, no shell), shell
// and send strings.
import type { CommandRun } from './model';
import type { TableReader } from './tableReader';
import { typeName } from './tomlValue';

export function readExec(t: TableReader, key = 'exec'): string[] | undefined {
  if (!t.has(key)) return undefined;
  const raw = t.raw(key);
  if (typeof raw === 'string') {
    t.error(
      'wrong-type',
      key,
      `"${key}" must be a list of strings such as ["python3", "{extension_dir}/bin/x.py"], got a string`,
    );
    t.report.hint(
      'exec-string',
      t.at(key),
      `exec takes a list: ${key} = ${JSON.stringify(raw.trim().split(/\s+/).slice(0, 6))}; use shell = "…" if you need shell syntax`,
    );
    return undefined;
  }
  const argv = t.stringList(key, { nonEmpty: true });
  if (argv === undefined) return undefined;
  if ((argv[0] as string).trim() === '') {
    t.report.error('empty-value', [...t.at(key), 0], `the program in "${key}" must not be empty`);
    return undefined;
  }
  return argv;
}

export interface RunKinds {
  /** Commands may `send` text to a pane; services may not. */
  allowSend: boolean;
}

/**
 * Reads the one declared way to run. Reports none or several; returns undefined on any problem.
 * `present` tells the caller which keys were there even when their values were bad.
 */
export function readRun(t: TableReader, kinds: RunKinds): { run: CommandRun | undefined; present: string[] } {
  const keys = kinds.allowSend ? ['exec', 'shell', 'send'] : ['exec', 'shell'];
  const present = keys.filter((k) => t.has(k));
  const names = keys.join(kinds.allowSend ? ', ' : ' or ').replace(/, (\w+)$/, ' or $1');
  if (present.length === 0) {
    t.error('one-of-required', undefined, `declare exactly one of ${names}`);
    return { run: undefined, present };
  }
  if (present.length > 1) {
    t.error(
      'mutually-exclusive',
      present[1],
      `declare exactly one of ${names}; this entry has ${present.join(' and ')}`,
    );
    return { run: undefined, present };
  }
  const kind = present[0] as string;
  if (kind === 'exec') {
    const argv = readExec(t);
    return { run: argv && { kind: 'exec', argv }, present };
  }
  const value = t.raw(kind);
  if (typeof value !== 'string') {
    t.error('wrong-type', kind, `"${kind}" must be a string, got ${typeName(value)}`);
    return { run: undefined, present };
  }
  if (kind === 'shell') {
    if (value.trim() === '') {
      t.error('empty-value', kind, '"shell" must not be empty');
      return { run: undefined, present };
    }
    return { run: { kind: 'shell', command: value }, present };
  }
  if (value === '') {
    t.error('empty-value', kind, '"send" must not be empty');
    return { run: undefined, present };
  }
  return { run: { kind: 'send', text: value }, present };
}
