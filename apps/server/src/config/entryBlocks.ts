// Where each `[[name]]` entry of config.toml is written, as line spans, and how a new one is
// written: the text side of the Settings editors for [[commands]], [[services]], [[rules]], [[hooks]]
// (entryEdit.ts). An entry's block is its header, the comment lines directly above it (no blank
// line between: they describe it), its keys and sub-tables (`[services.env]`), and comment lines
// directly after its last key. Blank lines and detached comments between blocks belong to no
// entry and stay where they are. Like keyLines.ts this is a locator for a text that already
// parsed; entryEdit.ts parses every result again and refuses an edit that did not land exactly.
import { keyOfLine, openDepth, splitDotted } from './keyLines';

/** One statement of the file: a table header or a `key = value` (spanning lines when its value does). */
export type Statement =
  | { kind: 'header'; first: number; last: number; array: boolean; parts: string[] }
  | { kind: 'key'; first: number; last: number; parts: string[] };

export function statementsOf(lines: readonly string[]): Statement[] {
  const out: Statement[] = [];
  let open: { kind: 'key'; first: number; last: number; parts: string[] } | null = null;
  let depth = 0;
  let inMultiline: string | null = null;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (inMultiline) {
      if (open) open.last = i;
      if (line.includes(inMultiline)) inMultiline = null;
      return;
    }
    if (depth > 0) {
      if (open) open.last = i;
      depth += openDepth(line);
      return;
    }
    if (line === '' || line.startsWith('#')) return;
    const header = /^\[\[\s*(.+?)\s*\]\]/.exec(line) ?? /^\[\s*(.+?)\s*\]/.exec(line);
    if (header?.[1] !== undefined && !keyOfLine(line)?.key.startsWith('[')) {
      out.push({
        kind: 'header',
        first: i,
        last: i,
        array: line.startsWith('[['),
        parts: splitDotted(header[1]),
      });
      return;
    }
    const kv = keyOfLine(line);
    if (!kv) return;
    open = { kind: 'key', first: i, last: i, parts: splitDotted(kv.key) };
    out.push(open);
    const value = kv.rest.trim();
    const triple = value.startsWith('"""') ? '"""' : value.startsWith("'''") ? "'''" : null;
    if (triple && !value.slice(3).includes(triple)) inMultiline = triple;
    else depth = Math.max(0, openDepth(value));
  });
  return out;
}

export interface EntryBlock {
  /** First line of the block (its attached comments), 0-based. */
  start: number;
  header: number;
  /** One past the block's last line. */
  end: number;
  /** The entry's own `key = value` statements (not those of its sub-tables). */
  keys: Array<{ first: number; last: number; parts: string[] }>;
  /** Whether it has sub-tables or dotted keys (edited by rewriting the block whole). */
  nested: boolean;
}

const isComment = (line: string | undefined) => line !== undefined && line.trim().startsWith('#');

/** Every `[[name]]` block in file order (entry i of the parsed array is block i). */
export function entryBlocks(lines: readonly string[], name: string): EntryBlock[] {
  const st = statementsOf(lines);
  const blocks: EntryBlock[] = [];
  st.forEach((s, i) => {
    if (s.kind !== 'header' || !s.array || s.parts.length !== 1 || s.parts[0] !== name) return;
    const prevEnd = i > 0 ? (st[i - 1] as Statement).last : -1;
    let start = s.first;
    while (start - 1 > prevEnd && isComment(lines[start - 1])) start--;
    const keys: EntryBlock['keys'] = [];
    let nested = false;
    let lastLine = s.last;
    let nextFirst = lines.length;
    for (let j = i + 1; j < st.length; j++) {
      const t = st[j] as Statement;
      if (t.kind === 'header') {
        if (t.parts.length > 1 && t.parts[0] === name) {
          nested = true;
          lastLine = t.last;
          continue;
        }
        nextFirst = t.first;
        break;
      }
      if (!nested) {
        keys.push({ first: t.first, last: t.last, parts: t.parts });
        if (t.parts.length > 1) nested = true;
      }
      lastLine = t.last;
    }
    let end = lastLine + 1;
    while (end < nextFirst && isComment(lines[end])) end++;
    // Comments directly above the next header are that header's, not this block's tail.
    if (end === nextFirst && nextFirst < lines.length) {
      let k = end;
      while (k - 1 > lastLine && isComment(lines[k - 1])) k--;
      end = k;
    }
    blocks.push({ start, header: s.first, end, keys, nested });
  });
  return blocks;
}

export type EntryLeaf = string | number | boolean;
/** What an entry's key holds: a [[hooks]] `filter` table may hold lists, `permissions` is a list. */
export type EntryValue = EntryLeaf | string[] | Record<string, EntryLeaf | string[]>;
export type Entry = Record<string, EntryValue>;

/** A TOML basic string (JSON's escapes are TOML's, but DEL must be escaped too). */
export function tomlString(s: string): string {
  return JSON.stringify(s).replace(/\x7f/g, '\\u007f');
}

export const tomlKey = (k: string): string => (/^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k));

export function tomlValue(v: EntryValue): string {
  if (typeof v === 'string') return tomlString(v);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[${v.map(tomlString).join(', ')}]`;
  const pairs = Object.entries(v).map(([k, x]) => `${tomlKey(k)} = ${tomlValue(x)}`);
  return pairs.length === 0 ? '{}' : `{ ${pairs.join(', ')} }`;
}

export const keyLine = (k: string, v: EntryValue): string => `${tomlKey(k)} = ${tomlValue(v)}`;

/** A new `[[name]]` block, keys in the order given. */
export function renderEntry(name: string, entry: Entry): string[] {
  return [`[[${name}]]`, ...Object.entries(entry).map(([k, v]) => keyLine(k, v))];
}
