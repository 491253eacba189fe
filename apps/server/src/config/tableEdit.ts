// Sets or removes keys of one table of config.toml (`[keys]`, `[extensions.<id>]`) from the UI,
// keeping every byte of the rest of the user's file (DESIGN.md, "Comment-preserving TOML edits"):
//  - a table the file does not have yet is appended as a hand-written-looking block, so the
//    user's text is literally a prefix of the result;
//  - an existing table is changed in place by @decimalturn/toml-patch, which rewrites only the
//    values that differ.
// The result is parsed again with smol-toml (what the server reads) and must hold exactly the
// intended table; otherwise the edit is refused and nothing is written.
import { parse as patchParse, patch } from '@decimalturn/toml-patch';
import { parse as smolParse, stringify } from 'smol-toml';
import { editConfigFile } from './configEdit';

export type TomlLeaf = string | number | boolean | string[];

export interface TableEdit {
  /** `['keys']` or `['extensions', '<id>']`; every part a bare key ([A-Za-z0-9_-]+). */
  table: string[];
  /** New values; `null` removes the key. */
  set: Record<string, TomlLeaf | null>;
}

export type EditResult = { ok: true; text: string; changed: boolean } | { ok: false; reason: string };

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'invalid TOML';
}

function isTable(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
}

function tableAt(root: Record<string, unknown>, path: string[]): Record<string, unknown> | undefined | null {
  let cur: unknown = root;
  for (const part of path) {
    if (!isTable(cur)) return null;
    cur = cur[part];
    if (cur === undefined) return undefined;
  }
  return isTable(cur) ? cur : null;
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (typeof a === 'bigint' || typeof b === 'bigint') return Number(a) === Number(b);
  return a === b;
}

function renderBlock(path: string[], values: Record<string, TomlLeaf>): string {
  // smol-toml writes `key = value` lines with the quoting TOML needs (e.g. "tasks.run").
  return `[${path.join('.')}]\n${stringify(values).trimEnd()}\n`;
}

export function editTable(text: string, edit: TableEdit): EditResult {
  if (edit.table.some((p) => !/^[A-Za-z0-9_-]+$/.test(p)))
    return { ok: false, reason: `table ${edit.table.join('.')} is not a plain table name` };
  let before: Record<string, unknown>;
  try {
    before = smolParse(text) as Record<string, unknown>;
  } catch (err) {
    return { ok: false, reason: `config.toml does not parse, so it is left as it is: ${firstLine(err)}` };
  }
  const existing = tableAt(before, edit.table);
  if (existing === null)
    return { ok: false, reason: `config.toml has ${edit.table.join('.')} as something other than a table` };
  const expected: Record<string, unknown> = { ...(existing ?? {}) };
  for (const [k, v] of Object.entries(edit.set)) {
    if (v === null) delete expected[k];
    else expected[k] = v;
  }
  const changed = Object.keys(edit.set).some((k) => !same(existing?.[k], expected[k]));
  if (!changed) return { ok: true, text, changed: false };

  let out: string;
  if (existing === undefined) {
    const values = Object.fromEntries(
      Object.entries(edit.set).filter((e): e is [string, TomlLeaf] => e[1] !== null),
    );
    if (Object.keys(values).length === 0) return { ok: true, text, changed: false };
    const nl = text.includes('\r\n') ? '\r\n' : '\n';
    const block = renderBlock(edit.table, values).replace(/\n/g, nl);
    out = text === '' ? block : `${text}${text.endsWith('\n') ? '' : nl}${nl}${block}`;
  } else {
    let doc: Record<string, unknown>;
    try {
      doc = patchParse(text) as Record<string, unknown>;
    } catch (err) {
      return { ok: false, reason: `config.toml cannot be edited in place: ${firstLine(err)}` };
    }
    const target = tableAt(doc, edit.table);
    if (!target)
      return { ok: false, reason: `config.toml's ${edit.table.join('.')} could not be located for editing` };
    for (const [k, v] of Object.entries(edit.set)) {
      if (v === null) delete target[k];
      else target[k] = v;
    }
    try {
      out = patch(text, doc);
    } catch (err) {
      return { ok: false, reason: `config.toml could not be edited: ${firstLine(err)}` };
    }
  }
  let after: Record<string, unknown>;
  try {
    after = smolParse(out) as Record<string, unknown>;
  } catch (err) {
    return { ok: false, reason: `the edited file would not parse: ${firstLine(err)}` };
  }
  const result = tableAt(after, edit.table) ?? {};
  const keys = new Set([...Object.keys(expected), ...Object.keys(result)]);
  for (const k of keys)
    if (!same(result[k], expected[k]))
      return {
        ok: false,
        reason: `the edited file would not hold ${edit.table.join('.')}.${k} as intended; nothing was written`,
      };
  return { ok: true, text: out, changed: true };
}

/** Applies a table edit to config.toml through the one write path (configEdit.ts); throws (file unchanged) when it is refused or the write fails. */
export function editConfigTable(file: string, edit: TableEdit): { changed: boolean } {
  const r = editConfigFile({
    file,
    edit: (text) => {
      const e = editTable(text, edit);
      if (!e.ok) return { error: e.reason };
      return { text: e.text };
    },
  });
  if (!r.ok) throw new Error(r.error);
  return { changed: r.changed };
}
