// [settings]: what an extension understands, with defaults. Plain form `rows = 50`, or the table
// form `rows = { default = 50, label = …, min = 1, max = 500 }` that also says how the setting
// reads in tab settings. Values reach processes as JSON in ROZI_EXTENSION_CONFIG.
import type { ManifestPath, Report } from '../diagnostics';
import type { SettingChoice, SettingDeclaration, SettingType, SettingValue } from '../model';
import { TableReader } from '../tableReader';
import { isTable, type TomlTable, typeName } from '../tomlValue';

function describeType(type: SettingType): string {
  return {
    string: 'a string',
    integer: 'an integer',
    boolean: 'a boolean',
    'string-list': 'a list of strings',
  }[type];
}

const TABLE_KEYS = ['default', 'label', 'description', 'choices', 'min', 'max'];
const CHOICE_KEYS = ['value', 'label'];

/** The type and JS value of a plain setting value, or a reported error. */
function plainValue(
  report: Report,
  path: ManifestPath,
  value: unknown,
): { type: SettingType; value: SettingValue } | undefined {
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'boolean') return { type: 'boolean', value };
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      report.error(
        'out-of-range',
        path,
        `integer settings must fit in ±${Number.MAX_SAFE_INTEGER} (they travel as JSON)`,
      );
      return undefined;
    }
    return { type: 'integer', value: Number(value) };
  }
  if (typeof value === 'number') {
    report.error(
      'float-setting',
      path,
      `a setting is a string, integer, boolean or list of strings; ${value} is a float`,
    );
    return undefined;
  }
  if (Array.isArray(value)) {
    const bad = value.findIndex((item) => typeof item !== 'string');
    if (bad !== -1) {
      report.error(
        'wrong-type',
        [...path, bad],
        `a list setting holds only strings; item ${bad + 1} is ${typeName(value[bad])}`,
      );
      return undefined;
    }
    return { type: 'string-list', value: value as string[] };
  }
  report.error(
    'wrong-type',
    path,
    `a setting is a string, integer, boolean or list of strings, not ${typeName(value)}`,
  );
  return undefined;
}

function readChoices(t: TableReader): SettingChoice[] | undefined {
  const raw = t.raw('choices');
  if (!Array.isArray(raw)) {
    t.error('wrong-type', 'choices', `"choices" must be a list, got ${typeName(raw)}`);
    return undefined;
  }
  if (raw.length === 0) {
    t.error('empty-value', 'choices', '"choices" must list at least one value');
    return undefined;
  }
  const out: SettingChoice[] = [];
  let ok = true;
  raw.forEach((item, i) => {
    const path = [...t.at('choices'), i];
    if (typeof item === 'string') out.push({ value: item, label: item });
    else if (isTable(item)) {
      const c = new TableReader(t.report, { table: item, path: path }, CHOICE_KEYS);
      const before = t.report.errorCount;
      const value = c.string('value', { required: true });
      const label = c.string('label');
      if (t.report.errorCount > before || value === undefined) ok = false;
      else out.push({ value, label: label ?? value });
    } else {
      t.report.error(
        'wrong-type',
        path,
        `each choice is a string or { value, label }, got ${typeName(item)}`,
      );
      ok = false;
    }
  });
  const seen = new Set<string>();
  out.forEach((c) => {
    if (seen.has(c.value)) {
      t.error('invalid-value', 'choices', `choice "${c.value}" is listed twice`);
      ok = false;
    }
    seen.add(c.value);
  });
  return ok ? out : undefined;
}

function readTableForm(report: Report, key: string, table: TomlTable): SettingDeclaration | undefined {
  const path = ['settings', key];
  const before = report.errorCount;
  const t = new TableReader(report, { table: table, path: path }, TABLE_KEYS);
  let typed: { type: SettingType; value: SettingValue } | undefined;
  if (!t.has('default'))
    t.error('missing-field', 'default', `setting "${key}" needs a default; its type is the default's type`);
  else if (isTable(t.raw('default')))
    t.error(
      'wrong-type',
      'default',
      'a default is a string, integer, boolean or list of strings, not a table',
    );
  else typed = plainValue(report, t.at('default'), t.raw('default'));
  const label = t.string('label');
  const description = t.string('description');

  let choices: SettingChoice[] | undefined;
  if (t.has('choices')) {
    if (typed && typed.type !== 'string')
      t.error(
        'choices-type',
        'choices',
        `choices apply to string settings; "${key}" is ${describeType(typed.type)}`,
      );
    else {
      choices = readChoices(t);
      if (choices && typed && !choices.some((c) => c.value === typed?.value)) {
        t.error(
          'default-not-in-choices',
          'default',
          `the default ${JSON.stringify(typed.value)} is not one of the choices (${choices.map((c) => c.value).join(', ')})`,
        );
      }
    }
  }
  let min: number | undefined;
  let max: number | undefined;
  for (const bound of ['min', 'max'] as const) {
    if (!t.has(bound)) continue;
    if (typed && typed.type !== 'integer') {
      t.error(
        'bounds-type',
        bound,
        `${bound} applies to integer settings; "${key}" is ${describeType(typed.type)}`,
      );
      continue;
    }
    const v = t.integer(bound, { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    if (bound === 'min') min = v;
    else max = v;
  }
  if (min !== undefined && max !== undefined && min > max)
    t.error('invalid-value', 'min', `min (${min}) is greater than max (${max})`);
  else if (typed?.type === 'integer') {
    const v = typed.value as number;
    if ((min !== undefined && v < min) || (max !== undefined && v > max)) {
      t.error(
        'default-out-of-bounds',
        'default',
        `the default ${v} is outside ${min ?? '…'} to ${max ?? '…'}`,
      );
    }
  }
  if (report.errorCount > before || !typed) return undefined;
  return { key, type: typed.type, default: typed.value, label: label ?? key, description, choices, min, max };
}

export function readSettings(report: Report, root: TomlTable): SettingDeclaration[] {
  if (!Object.hasOwn(root, 'settings')) return [];
  const table = root.settings;
  if (!isTable(table)) {
    report.error(
      'wrong-type',
      ['settings'],
      `"settings" must be a table ([settings]), got ${typeName(table)}`,
    );
    return [];
  }
  const out: SettingDeclaration[] = [];
  for (const key of Object.keys(table)) {
    const value = table[key];
    if (key.trim() === '') {
      report.error('empty-value', ['settings', key], 'a setting name must not be empty');
      continue;
    }
    if (isTable(value)) {
      const decl = readTableForm(report, key, value);
      if (decl) out.push(decl);
      continue;
    }
    const typed = plainValue(report, ['settings', key], value);
    if (typed)
      out.push({
        key,
        type: typed.type,
        default: typed.value,
        label: key,
        description: undefined,
        choices: undefined,
        min: undefined,
        max: undefined,
      });
  }
  return out;
}
