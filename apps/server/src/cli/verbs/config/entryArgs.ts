// What `rozi config add/edit/remove` read from their words: the table (`commands`, `services`,
// `rules`, `hooks`), which entry (its id or name, or `#N` / `N` counting from 1 as config check
// numbers them), and `KEY=VALUE` fields, each VALUE read as TOML when it is a TOML value (true,
// 12, 0.5, "quoted", ["a", "b"], { state = "blocked" }) and as plain text otherwise (`run=make -j`).
import { parse } from 'smol-toml';
import type { EntryValue } from '../../../config/entryBlocks';
import { ENTRY_TABLES, type EntryTable } from '../../../config/entryEdit';
import { CliError } from '../../verb';

export type EntryRow = { index: number; values: Record<string, unknown>; problem: string | null };

export function tableOf(word: string | undefined): EntryTable {
  const t = (word ?? '').replace(/^\[\[|\]\]$/g, '');
  if ((ENTRY_TABLES as readonly string[]).includes(t)) return t as EntryTable;
  throw new CliError(
    'usage',
    `${word ? `'${word}' is not an entry table` : 'name the table'}: use ${ENTRY_TABLES.join(', ')}`,
  );
}

/** A field's value: TOML when the text is a TOML value, else the text itself. */
export function fieldValue(text: string): EntryValue {
  const t = text.trim();
  if (/^(true|false|[-+]?\d[\d_]*(\.\d+)?([eE][-+]?\d+)?|".*"|'.*'|\[.*\]|\{.*\})$/s.test(t)) {
    try {
      const v = (parse(`v = ${t}`) as { v: unknown }).v;
      if (typeof v === 'bigint') return Number(v);
      return v as EntryValue;
    } catch {
      // Not TOML after all: plain text.
    }
  }
  return text;
}

/** `KEY=VALUE` words as entry fields; a word without `=` is a usage error naming it. */
export function fieldsOf(words: string[]): Record<string, EntryValue> {
  const out: Record<string, EntryValue> = {};
  for (const w of words) {
    const eq = w.indexOf('=');
    if (eq <= 0) throw new CliError('usage', `'${w}' is not KEY=VALUE (e.g. run="make -j4")`);
    out[w.slice(0, eq).trim()] = fieldValue(w.slice(eq + 1));
  }
  return out;
}

const NAME_KEY: Partial<Record<EntryTable, string>> = { commands: 'id', services: 'name' };

/** The entry `which` names: `#N` / `N`, or a command's id / a service's name. */
export function entryNamed(o: { table: EntryTable; rows: EntryRow[]; which: string }): EntryRow {
  const n = /^#?(\d+)$/.exec(o.which);
  const key = NAME_KEY[o.table];
  const hit = n ? o.rows[Number(n[1]) - 1] : key ? o.rows.find((r) => r.values[key] === o.which) : undefined;
  if (hit) return hit;
  const how = key ? `its ${key} or #N` : '#N';
  throw new CliError(
    'not-found',
    `config.toml has no [[${o.table}]] entry '${o.which}' (${o.rows.length} entr${o.rows.length === 1 ? 'y' : 'ies'}); name it by ${how}, see rozi config list ${o.table}`,
  );
}

/** One value as people read it in a line: text bare, everything else as TOML writes it. */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return `[${v.map((x) => JSON.stringify(x)).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${k} = ${typeof x === 'string' ? JSON.stringify(x) : valueText(x)}`)
      .join(', ')} }`;
  return String(v);
}

export const entryLine = (r: EntryRow): string =>
  `#${r.index + 1}  ${Object.entries(r.values)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v) : valueText(v)}`)
    .join(' ')}${r.problem ? `  (skipped: ${r.problem})` : ''}`;
