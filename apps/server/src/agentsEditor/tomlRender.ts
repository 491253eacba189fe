// Writes an `[[agents]]` entry as TOML the way the spec's examples do: a header, the scalar keys,
// `match` inline, `[agents.resume]`, one `[[agents.states]]` table per rule with its pattern group
// inline (spread over lines when it is long, a TOML 1.1 multi-line inline table like the spec's
// `screen = { … }` example). Used to append a new entry after the user's file, for exports and for
// fixture cases, so the bytes before it are never touched.
import type { TomlEntry } from './draftModel';

const BARE_KEY = /^[A-Za-z0-9_-]+$/;
/** TOML forbids these controls (everything below U+0020 but tab, and DEL) in strings unescaped. */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** A TOML string: literal ('…') for patterns with backslashes, so `\d` stays readable; else basic. */
export function tomlString(s: string): string {
  if (s.includes('\\') && !s.includes("'") && !CONTROL.test(s)) return `'${s}'`;
  // JSON's escapes (\" \\ \n \t \uXXXX …) are all valid TOML basic-string escapes; DEL is not
  // escaped by JSON but must be in TOML.
  return JSON.stringify(s).replace(/\u007f/g, '\\u007F');
}

function key(k: string): string {
  return BARE_KEY.test(k) ? k : tomlString(k);
}

export function tomlValue(v: unknown): string {
  if (typeof v === 'string') return tomlString(v);
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(', ')}]`;
  if (typeof v === 'object' && v !== null) {
    const parts = Object.entries(v).map(([k, x]) => `${key(k)} = ${tomlValue(x)}`);
    return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
  }
  throw new Error(`cannot write ${typeof v} as TOML`);
}

/** An inline table, one key per line when it would not fit comfortably on one. */
function inlineTable(v: Record<string, unknown>, indent: string): string {
  const one = tomlValue(v);
  if (one.length <= 88 || Object.keys(v).length < 2) return one;
  const lines = Object.entries(v).map(([k, x]) => `${indent}  ${key(k)} = ${tomlValue(x)}`);
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** The entry as an `[[<table>]]` block (no leading or trailing blank line). */
export function renderAgentEntry(entry: TomlEntry, table = 'agents'): string {
  const out: string[] = [`[[${table}]]`];
  const { states, resume, question, ...scalars } = entry;
  for (const [k, v] of Object.entries(scalars)) out.push(`${key(k)} = ${tomlValue(v)}`);
  if (resume === false) out.push('resume = false');
  if (typeof resume === 'object' && resume !== null) {
    out.push('', `[${table}.resume]`);
    for (const [k, v] of Object.entries(resume)) out.push(`${key(k)} = ${tomlValue(v)}`);
  }
  if (typeof question === 'object' && question !== null) {
    out.push('', `[${table}.question]`);
    for (const [k, v] of Object.entries(question)) out.push(`${key(k)} = ${tomlValue(v)}`);
  }
  if (Array.isArray(states)) {
    for (const rule of states as Record<string, unknown>[]) {
      out.push('', `[[${table}.states]]`);
      for (const [k, v] of Object.entries(rule)) {
        const isGroup =
          (k === 'screen' || k === 'title') && typeof v === 'object' && v !== null && !Array.isArray(v);
        out.push(`${key(k)} = ${isGroup ? inlineTable(v as Record<string, unknown>, '') : tomlValue(v)}`);
      }
    }
  }
  return out.join('\n');
}
