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
import { editConfigFile, type FileState } from './configEdit';
import { statementsOf } from './entryBlocks';
import { canon } from './entryEdit';

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

/** Deep: a root-level edit compares whole tables; key order does not matter. */
const same = (a: unknown, b: unknown): boolean => canon(a) === canon(b);

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
  const added = Object.entries(edit.set).filter(
    (e): e is [string, TomlLeaf] => e[1] !== null && existing?.[e[0]] === undefined,
  );
  const removed = Object.keys(edit.set).filter((k) => edit.set[k] === null && existing?.[k] !== undefined);
  if (edit.table.length === 0 && (added.length > 0 || removed.length > 0)) {
    // toml-patch takes the comment lines above a removed top-level key with it: remove it as text.
    if (removed.length > 0) {
      const left = Object.fromEntries(Object.entries(edit.set).filter(([k]) => !removed.includes(k)));
      const r = Object.keys(left).length
        ? editTable(removeRootKeys(text, removed), { table: [], set: left })
        : ({ ok: true, text: removeRootKeys(text, removed), changed: true } as const);
      if (!r.ok) return r;
      return verified(r.text, edit, expected);
    }
    // A new top-level key: toml-patch appends it at the end, inside the last table. It goes after
    // the file's own top-level keys instead, before the first table and the comments above it.
    const withRoot = addRootKeys(text, Object.fromEntries(added));
    const rest = Object.fromEntries(Object.entries(edit.set).filter(([k]) => !added.some(([a]) => a === k)));
    const r = Object.keys(rest).length ? editTable(withRoot, { table: [], set: rest }) : null;
    if (r && !r.ok) return r;
    out = r ? r.text : withRoot;
  } else if (existing === undefined) {
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
  return verified(out, edit, expected);
}

/** The result parsed again must hold exactly the intended table, else nothing is written. */
function verified(out: string, edit: TableEdit, expected: Record<string, unknown>): EditResult {
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

/** Drops the lines of top-level `key = …` statements (the comments around them stay). */
function removeRootKeys(text: string, keys: string[]): string {
  const lines = text.split('\n');
  const st = statementsOf(lines);
  const firstHeader = st.findIndex((s) => s.kind === 'header');
  const rootKeys = (firstHeader < 0 ? st : st.slice(0, firstHeader)).filter(
    (s) => s.kind === 'key' && s.parts.length === 1 && keys.includes(s.parts[0] as string),
  );
  for (const s of rootKeys.reverse()) lines.splice(s.first, s.last - s.first + 1);
  return lines.join('\n');
}

/** `key = value` lines for new top-level keys, placed where TOML reads them as top-level. */
function addRootKeys(text: string, values: Record<string, TomlLeaf>): string {
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split('\n').map((l) => (nl === '\r\n' && l.endsWith('\r') ? l.slice(0, -1) : l));
  const fresh = stringify(values).trimEnd().split('\n');
  const st = statementsOf(lines);
  const firstHeader = st.findIndex((s) => s.kind === 'header');
  const lastRootKey = (firstHeader < 0 ? st : st.slice(0, firstHeader)).at(-1);
  if (lastRootKey) lines.splice(lastRootKey.last + 1, 0, ...fresh);
  else if (firstHeader >= 0) {
    let at = (st[firstHeader] as { first: number }).first;
    while (at > 0 && lines[at - 1]?.trim().startsWith('#')) at--;
    // A comment block at the very top of the file (no blank line before the header) stays first.
    if (at === 0 && lines[0]?.trim().startsWith('#')) at = (st[firstHeader] as { first: number }).first;
    lines.splice(at, 0, ...fresh, '');
  } else {
    while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
    lines.push(...fresh, '');
  }
  return lines.join(nl);
}

/** Applies a table edit to config.toml through the one write path (configEdit.ts); throws (file unchanged) when it is refused or the write fails. Answers what Undo needs: the bytes before and after, and the old values (`inverse`, null where a key was unset). */
export function editConfigTable(
  file: string,
  edit: TableEdit,
): { changed: boolean; before: FileState; after: Buffer; inverse: Record<string, TomlLeaf | null> } {
  let inverse: Record<string, TomlLeaf | null> = {};
  const r = editConfigFile({
    file,
    edit: (text) => {
      const e = editTable(text, edit);
      if (!e.ok) return { error: e.reason };
      const old = tableAt(smolParse(text) as Record<string, unknown>, edit.table) ?? {};
      inverse = Object.fromEntries(
        Object.keys(edit.set).map((k) => [k, old[k] === undefined ? null : (old[k] as TomlLeaf)]),
      );
      return { text: e.text };
    },
  });
  if (!r.ok) throw new Error(r.error);
  return { changed: r.changed, before: r.before, after: r.after, inverse };
}
