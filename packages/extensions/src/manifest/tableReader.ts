// Reads the fields of one TOML table against its declaration: unknown keys are reported (with a
// did-you-mean), each typed read reports a wrong type or a bad value and returns undefined, so a
// section validator reads every field and collects every problem in one pass.
import { type DiagnosticCode, type ManifestPath, type Report } from './diagnostics';
import { didYouMean, suggestion } from './didYouMean';
import { MAX_ID_LENGTH } from './model';
import { isTable, type TomlTable, typeName } from './tomlValue';

/** The id pattern shared by extensions, commands, services, tabs, actions and targets. */
export const ID_PATTERN = /^[a-z0-9_-]+$/;

export interface StringOptions {
  required?: boolean;
  /** An empty string is reported as `empty-value`. */
  nonEmpty?: boolean;
}

export interface IntegerOptions {
  required?: boolean;
  min?: number;
  max?: number;
  /** Out-of-range values are clamped (with a hint) instead of reported as errors. */
  clamp?: boolean;
}

export interface ListOptions {
  required?: boolean;
  /** An empty list is reported as `empty-value`. */
  nonEmpty?: boolean;
  /** Empty strings inside the list are reported as `empty-value`. */
  nonEmptyItems?: boolean;
}

export class TableReader {
  readonly table: TomlTable;
  readonly path: ManifestPath;

  constructor(
    readonly report: Report,
    at: { table: TomlTable; path: ManifestPath },
    readonly known: readonly string[],
  ) {
    this.table = at.table;
    this.path = at.path;
    for (const key of Object.keys(at.table)) {
      if (!known.includes(key)) reportUnknownKey(report, [...at.path, key], known);
    }
  }

  has(key: string): boolean {
    return Object.hasOwn(this.table, key);
  }

  raw(key: string): unknown {
    return this.has(key) ? this.table[key] : undefined;
  }

  at(key: string): ManifestPath {
    return [...this.path, key];
  }

  error(code: DiagnosticCode, key: string | undefined, message: string): void {
    this.report.error(code, key === undefined ? this.path : this.at(key), message);
  }

  private missing(key: string): void {
    this.error('missing-field', key, `"${key}" is required`);
  }

  private wrongType(key: string, expected: string, value: unknown): void {
    this.error('wrong-type', key, `"${key}" must be ${expected}, got ${typeName(value)}`);
  }

  string(key: string, options: StringOptions = {}): string | undefined {
    if (!this.has(key)) {
      if (options.required) this.missing(key);
      return undefined;
    }
    const value = this.table[key];
    if (typeof value !== 'string') {
      this.wrongType(key, 'a string', value);
      return undefined;
    }
    if (options.nonEmpty && value.trim() === '') {
      this.error('empty-value', key, `"${key}" must not be empty`);
      return undefined;
    }
    return value;
  }

  /** A string matching ID_PATTERN (`[a-z0-9_-]+`). */
  id(key: string, required = true): string | undefined {
    const value = this.string(key, { required });
    if (value === undefined) return undefined;
    if (!ID_PATTERN.test(value)) {
      this.error(
        'invalid-id',
        key,
        `"${key}" must match [a-z0-9_-]+, got ${JSON.stringify(value.slice(0, 80))}`,
      );
      return undefined;
    }
    if (value.length > MAX_ID_LENGTH) {
      this.error(
        'invalid-id',
        key,
        `"${key}" is ${value.length} characters long; ids have at most ${MAX_ID_LENGTH}`,
      );
      return undefined;
    }
    return value;
  }

  boolean(key: string, required = false): boolean | undefined {
    if (!this.has(key)) {
      if (required) this.missing(key);
      return undefined;
    }
    const value = this.table[key];
    if (typeof value !== 'boolean') {
      this.wrongType(key, 'true or false', value);
      return undefined;
    }
    return value;
  }

  integer(key: string, options: IntegerOptions = {}): number | undefined {
    if (!this.has(key)) {
      if (options.required) this.missing(key);
      return undefined;
    }
    const value = this.table[key];
    if (typeof value !== 'bigint') {
      this.wrongType(key, 'an integer', value);
      return undefined;
    }
    const { min, max } = options;
    const tooLow = min !== undefined && value < BigInt(min);
    const tooHigh = max !== undefined && value > BigInt(max);
    if (tooLow || tooHigh) {
      const range = `${min ?? '…'} to ${max ?? '…'}`;
      if (options.clamp) {
        const clamped = tooLow ? (min as number) : (max as number);
        this.report.hint(
          'clamped',
          this.at(key),
          `"${key}" = ${value} is outside ${range}; rozi uses ${clamped}`,
        );
        return clamped;
      }
      this.error('out-of-range', key, `"${key}" must be ${range}, got ${value}`);
      return undefined;
    }
    return Number(value);
  }

  oneOf<T extends string>(key: string, values: readonly T[], required = false): T | undefined {
    const value = this.string(key, { required });
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      this.error(
        'invalid-value',
        key,
        `"${key}" must be one of ${values.join(', ')}, got ${JSON.stringify(value.slice(0, 80))}${suggestion(value, values)}`,
      );
      return undefined;
    }
    return value as T;
  }

  stringList(key: string, options: ListOptions = {}): string[] | undefined {
    if (!this.has(key)) {
      if (options.required) this.missing(key);
      return undefined;
    }
    const value = this.table[key];
    if (!Array.isArray(value)) {
      this.wrongType(key, 'a list of strings', value);
      return undefined;
    }
    if (options.nonEmpty && value.length === 0) {
      this.error('empty-value', key, `"${key}" must not be an empty list`);
      return undefined;
    }
    let ok = true;
    value.forEach((item, i) => {
      if (typeof item !== 'string') {
        this.report.error(
          'wrong-type',
          [...this.at(key), i],
          `"${key}" must be a list of strings; item ${i + 1} is ${typeName(item)}`,
        );
        ok = false;
      } else if (options.nonEmptyItems && item.trim() === '') {
        this.report.error('empty-value', [...this.at(key), i], `"${key}" item ${i + 1} must not be empty`);
        ok = false;
      }
    });
    return ok ? (value as string[]) : undefined;
  }

  subtable(key: string, required = false): TomlTable | undefined {
    if (!this.has(key)) {
      if (required) this.missing(key);
      return undefined;
    }
    const value = this.table[key];
    if (!isTable(value)) {
      this.wrongType(key, 'a table', value);
      return undefined;
    }
    return value;
  }
}

/** An unknown key is an error; a likely typo also gets a hint naming the fix. */
export function reportUnknownKey(report: Report, path: ManifestPath, known: readonly string[]): void {
  const key = String(path[path.length - 1]);
  const hit = didYouMean(key, known);
  report.error(
    'unknown-key',
    path,
    `unknown key "${key.slice(0, 80)}"${hit === undefined ? '' : ` (did you mean "${hit}"?)`}`,
  );
  if (hit !== undefined)
    report.hint('misspelled-key', path, `"${key}" looks like a misspelling of "${hit}"; rename it`);
}

/**
 * The entries of an array of tables such as `[[commands]]`: reports a non-array or a non-table
 * entry and yields each table with its path.
 */
export function tableEntries(
  report: Report,
  root: TomlTable,
  key: string,
): { table: TomlTable; path: ManifestPath }[] {
  if (!Object.hasOwn(root, key)) return [];
  const value = root[key];
  if (!Array.isArray(value)) {
    report.error(
      'wrong-type',
      [key],
      `"${key}" must be an array of tables ([[${key}]]), got ${typeName(value)}`,
    );
    return [];
  }
  const out: { table: TomlTable; path: ManifestPath }[] = [];
  value.forEach((item, i) => {
    if (isTable(item)) out.push({ table: item, path: [key, i] });
    else report.error('wrong-type', [key, i], `each "${key}" entry must be a table, got ${typeName(item)}`);
  });
  return out;
}

/** Reports the second and later uses of one id within a list of contributions. */
export function reportDuplicates(
  report: Report,
  items: { id: string | undefined; path: ManifestPath }[],
  what: string,
): void {
  const seen = new Set<string>();
  for (const { id, path } of items) {
    if (id === undefined) continue;
    if (seen.has(id)) report.error('duplicate-id', path, `${what} "${id}" is declared more than once`);
    seen.add(id);
  }
}
