// One loader for config.toml: parse (smol-toml, what every reader uses), then check every key
// against schema.ts. The result is a value: the parsed root for the typed slices (slices.ts) and
// one diagnostic per key that is not simply honoured, each with its file and line. A text that
// does not parse gives its syntax error with line and column and no root.
import { parse } from 'smol-toml';
import { KeyLines, type KeyPath } from './keyLines';
import { keysUnder, specOf, type KeyKind, type KeySpec, type KeyUse } from './schema';

export type ConfigRoot = Record<string, unknown>;

export type DiagnosticKind =
  /** The file does not parse (the last good config stays in force). */
  | 'syntax'
  /** A key neither rozi's configuration.md nor this project knows. */
  | 'unknown-key'
  /** A known key with a value of the wrong type: ignored, its default applies. */
  | 'bad-type'
  /** A rozi key that means nothing in a browser (the reason says why). */
  | 'no-web-meaning'
  /** A rozi key the web edition does not act on yet. */
  | 'not-built';

export interface ConfigDiagnostic {
  kind: DiagnosticKind;
  /** Dotted key as written (`services[0].run`), empty for the file as a whole. */
  key: string;
  message: string;
  file: string;
  line: number | null;
  column: number | null;
  /** For a key not used here: why, shared by every key with the same reason (the UI groups them). */
  reason?: string;
}

export interface LoadedConfig {
  file: string;
  /** Null when the text does not parse. */
  root: ConfigRoot | null;
  diagnostics: ConfigDiagnostic[];
  /** Keys with their own reader (`[[agents]]`, `[keys]`, …), present in this file. */
  owned: Array<{ key: string; by: string; line: number | null }>;
}

const isTable = (v: unknown): v is ConfigRoot =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

export function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'invalid TOML';
}

function typeMatches(kind: KeyKind, v: unknown): boolean {
  switch (kind) {
    case 'any':
      return true;
    case 'string':
      return typeof v === 'string';
    case 'bool':
      return typeof v === 'boolean';
    case 'int':
      return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
    case 'number':
      return typeof v === 'number' || typeof v === 'bigint';
    case 'array':
      return Array.isArray(v);
    case 'table':
      return isTable(v);
    case 'string-or-array':
      return typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
  }
}

const KIND_WORDS: Record<KeyKind, string> = {
  any: 'a value',
  string: 'a string',
  bool: 'true or false',
  int: 'an integer',
  number: 'a number',
  array: 'an array',
  table: 'a table',
  'string-or-array': 'a string or an array of strings',
};

export function keyText(path: KeyPath): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s === '' ? p : `${s}.${p}`),
    '',
  );
}

function sameUse(a: KeyUse, b: KeyUse): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'no-web-meaning' || a.kind === 'not-built') return a.reason === (b as typeof a).reason;
  return true;
}

class Checker {
  readonly diagnostics: ConfigDiagnostic[] = [];
  readonly owned: LoadedConfig['owned'] = [];

  constructor(
    private readonly file: string,
    private readonly lines: KeyLines,
  ) {}

  private add(d: { kind: DiagnosticKind; path: KeyPath; message: string; reason?: string }): void {
    this.diagnostics.push({
      kind: d.kind,
      key: keyText(d.path),
      message: d.message,
      file: this.file,
      line: this.lines.lineOf(d.path),
      column: null,
      ...(d.reason === undefined ? {} : { reason: d.reason }),
    });
  }

  walk(table: ConfigRoot, at: KeyPath, inherited?: KeyUse): void {
    for (const [key, value] of Object.entries(table)) this.visit([...at, key], value, inherited);
  }

  private visit(path: KeyPath, value: unknown, inherited?: KeyUse): void {
    const spec = specOf(path);
    if (!spec) {
      const takes = path.length > 1 ? keysUnder(path.slice(0, -1)) : [];
      this.add({
        kind: 'unknown-key',
        path,
        message: `unknown key ${keyText(path)}, ignored: not a rozi setting nor one of this edition's${takes.length > 0 ? ` (this table takes ${takes.join(', ')})` : ''}`,
      });
      return;
    }
    if (spec.use.kind === 'owned') {
      this.owned.push({ key: keyText(path), by: spec.use.by, line: this.lines.lineOf(path) });
      return;
    }
    if (!typeMatches(spec.type, value)) {
      this.add({
        kind: 'bad-type',
        path,
        message: `${keyText(path)} must be ${KIND_WORDS[spec.type]}; ignored`,
      });
      return;
    }
    if ((spec.type === 'table' || spec.type === 'any') && isTable(value)) {
      this.container({ spec, path, value, inherited });
      return;
    }
    if (spec.type === 'array' && Array.isArray(value) && value.length > 0 && value.every(isTable)) {
      // An array of tables: reported once, its entries' keys checked one by one.
      this.report(spec, path);
      value.forEach((entry, i) => this.walk(entry, [...path, i], spec.use));
      return;
    }
    this.report(spec, path, inherited);
  }

  private container(o: {
    spec: KeySpec;
    path: KeyPath;
    value: ConfigRoot;
    inherited: KeyUse | undefined;
  }): void {
    // A table whose keys all share its reason is reported once, as the table.
    this.report(o.spec, o.path, o.inherited);
    this.walk(o.value, o.path, o.spec.use);
  }

  private report(spec: KeySpec, path: KeyPath, inherited?: KeyUse): void {
    if (inherited && sameUse(inherited, spec.use)) return;
    if (spec.use.kind === 'no-web-meaning')
      this.add({
        kind: 'no-web-meaning',
        path,
        message: `${keyText(path)} has no meaning in the web edition: ${spec.use.reason}`,
        reason: spec.use.reason,
      });
    else if (spec.use.kind === 'not-built')
      this.add({
        kind: 'not-built',
        path,
        message: `${keyText(path)}: ${spec.use.reason}`,
        reason: spec.use.reason,
      });
  }
}

/** Parses and checks a config.toml text. Never throws. */
export function loadConfigText(o: { file: string; text: string }): LoadedConfig {
  let root: ConfigRoot;
  try {
    root = parse(o.text) as ConfigRoot;
  } catch (err) {
    const pos = err as { line?: unknown; column?: unknown };
    return {
      file: o.file,
      root: null,
      owned: [],
      diagnostics: [
        {
          kind: 'syntax',
          key: '',
          message: firstLine(err),
          file: o.file,
          line: typeof pos.line === 'number' ? pos.line : null,
          column: typeof pos.column === 'number' ? pos.column : null,
        },
      ],
    };
  }
  const checker = new Checker(o.file, new KeyLines(o.text));
  checker.walk(root, []);
  return { file: o.file, root, diagnostics: checker.diagnostics, owned: checker.owned };
}

/** `file:line: message` (or `file: message` when the line is unknown). */
export function diagnosticLine(d: ConfigDiagnostic): string {
  const where = d.line === null ? d.file : `${d.file}:${d.line}${d.column === null ? '' : `:${d.column}`}`;
  return `${where}: ${d.message}`;
}
