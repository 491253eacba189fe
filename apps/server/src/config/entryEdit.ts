// Adds, changes, removes and reorders `[[commands]]`, `[[services]]`, `[[rules]]` and `[[hooks]]` entries of
// config.toml for the Settings editors, keeping every byte of the file the edit does not concern
// (DESIGN.md, "Comment-preserving TOML edits"). toml-patch, which the table edits use, misplaces a
// key added to an array entry and throws on a new array of tables, so entries are edited as text
// (entryBlocks.ts: one block per entry) and the result is parsed again: the edited array must be
// exactly the intended one and the rest of the file must read as before, or nothing is written.
// Each edit records its inverse for Undo (configUndo.ts).
import { parse } from 'smol-toml';
import { editConfigFile, type FileState } from './configEdit';
import { entryBlocks, keyLine, renderEntry, type Entry, type EntryBlock } from './entryBlocks';

export const ENTRY_TABLES = ['commands', 'services', 'rules', 'hooks'] as const;
export type EntryTable = (typeof ENTRY_TABLES)[number];

export type EntryOp =
  | { op: 'add'; entry: Entry; at?: number }
  | { op: 'set'; index: number; expect: Entry; entry: Entry }
  | { op: 'remove'; index: number; expect: Entry }
  | { op: 'move'; index: number; to: number; expect: Entry };

export type EntryEditResult =
  { ok: true; text: string; inverse: EntryOp; entries: unknown[] } | { ok: false; reason: string };

type Root = Record<string, unknown>;

const firstLine = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'invalid TOML';

/** Key order does not matter; integers and floats compare by value. */
export function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (typeof x === 'bigint') return Number(x);
    if (x && typeof x === 'object' && !Array.isArray(x) && !(x instanceof Date))
      return Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return x;
  });
}

function parseRoot(text: string): Root | string {
  try {
    return parse(text) as Root;
  } catch (err) {
    return firstLine(err);
  }
}

/** The comment after a one-line value (`run = "x"  # why`), to keep it on a changed line. */
function trailingComment(line: string): string {
  let quote: string | null = null;
  let seenEq = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '=') seenEq = true;
    else if (c === '#' && seenEq) return `  ${line.slice(i).trimEnd()}`;
  }
  return '';
}

function setLines(o: { lines: string[]; block: EntryBlock; old: Root; entry: Entry; name: string }): void {
  const { lines, block, old, entry } = o;
  if (block.nested) {
    // Sub-tables or dotted keys: the entry is written again whole; its comment lines stay after it.
    const span = lines.slice(block.header, block.end);
    const comments = span.filter((l) => l.trim().startsWith('#'));
    lines.splice(block.header, block.end - block.header, ...renderEntry(o.name, entry), ...comments);
    return;
  }
  const added = Object.keys(entry).filter((k) => !block.keys.some((s) => s.parts[0] === k));
  const insertAt = (block.keys.at(-1)?.last ?? block.header) + 1;
  lines.splice(insertAt, 0, ...added.map((k) => keyLine(k, entry[k] as Entry[string])));
  for (const s of [...block.keys].reverse()) {
    const k = s.parts[0] as string;
    if (!(k in entry)) lines.splice(s.first, s.last - s.first + 1);
    else if (canon(old[k]) !== canon(entry[k])) {
      const tail = s.first === s.last ? trailingComment(lines[s.first] ?? '') : '';
      const indent = /^\s*/.exec(lines[s.first] ?? '')?.[0] ?? '';
      lines.splice(s.first, s.last - s.first + 1, `${indent}${keyLine(k, entry[k] as Entry[string])}${tail}`);
    }
  }
}

function removeLines(lines: string[], block: EntryBlock): void {
  lines.splice(block.start, block.end - block.start);
  const at = block.start;
  if (at > 0 && lines[at - 1]?.trim() === '' && (at >= lines.length || lines[at]?.trim() === ''))
    lines.splice(at < lines.length ? at : at - 1, 1);
}

function swapLines(lines: string[], a: EntryBlock, b: EntryBlock): void {
  const first = lines.slice(a.start, a.end);
  const second = lines.slice(b.start, b.end);
  lines.splice(b.start, b.end - b.start, ...first);
  lines.splice(a.start, a.end - a.start, ...second);
}

function addLines(o: { lines: string[]; blocks: EntryBlock[]; at: number; render: string[] }): void {
  const { lines, blocks, at, render } = o;
  const before = blocks[at];
  if (before) {
    lines.splice(before.start, 0, ...render, '');
    return;
  }
  const last = blocks.at(-1);
  if (last) {
    lines.splice(last.end, 0, '', ...render);
    return;
  }
  // No entry yet: a new block at the end, one blank line after the text before it.
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  if (lines.length > 0) lines.push('');
  lines.push(...render, '');
}

/** Applies `op` to the `[[table]]` entries of `text`; the result holds exactly the intended entries. */
export function editEntries(text: string, table: EntryTable, op: EntryOp): EntryEditResult {
  const root = parseRoot(text);
  if (typeof root === 'string')
    return { ok: false, reason: `config.toml does not parse, so it is left as it is: ${root}` };
  const raw = root[table];
  if (raw !== undefined && !Array.isArray(raw))
    return { ok: false, reason: `config.toml has ${table} as something other than [[${table}]] entries` };
  const list = (raw ?? []) as Root[];
  const cr = text.includes('\r\n') ? '\r' : '';
  const lines = text.split('\n').map((l) => (cr && l.endsWith('\r') ? l.slice(0, -1) : l));
  const blocks = entryBlocks(lines, table);
  if (blocks.length !== list.length)
    return {
      ok: false,
      reason: `config.toml writes ${table} as an inline array, which Settings does not edit; change it in the file`,
    };
  const at = (i: number) => {
    if (!Number.isInteger(i) || i < 0 || i >= list.length)
      return `there is no [[${table}]] #${i + 1} in config.toml any more; look again`;
    return null;
  };
  const stale = (i: number, expect: Entry) =>
    at(i) ??
    (canon(list[i]) !== canon(expect)
      ? `[[${table}]] #${i + 1} changed in config.toml since this page read it; look again`
      : null);
  let next: Root[];
  let inverse: EntryOp;
  if (op.op === 'add') {
    const pos = op.at === undefined ? list.length : Math.max(0, Math.min(list.length, op.at));
    next = [...list.slice(0, pos), op.entry, ...list.slice(pos)];
    addLines({ lines, blocks, at: pos, render: renderEntry(table, op.entry) });
    inverse = { op: 'remove', index: pos, expect: op.entry };
  } else {
    const problem = stale(op.index, op.expect);
    if (problem) return { ok: false, reason: problem };
    const block = blocks[op.index] as EntryBlock;
    const old = list[op.index] as Entry;
    if (op.op === 'set') {
      next = list.map((e, i) => (i === op.index ? op.entry : e));
      setLines({ lines, block, old, entry: op.entry, name: table });
      inverse = { op: 'set', index: op.index, expect: op.entry, entry: old };
    } else if (op.op === 'remove') {
      next = list.filter((_e, i) => i !== op.index);
      removeLines(lines, block);
      inverse = { op: 'add', entry: old, at: op.index };
    } else {
      const to = op.to;
      if (at(to)) return { ok: false, reason: `[[${table}]] #${op.index + 1} cannot move to #${to + 1}` };
      next = [...list];
      next.splice(op.index, 1);
      next.splice(to, 0, old);
      // Neighbour by neighbour, finding the blocks again after each swap.
      for (let i = op.index; i !== to; i += to > i ? 1 : -1) {
        const j = to > i ? i + 1 : i - 1;
        const now = entryBlocks(lines, table);
        const [a, b] = i < j ? [now[i], now[j]] : [now[j], now[i]];
        swapLines(lines, a as EntryBlock, b as EntryBlock);
      }
      inverse = { op: 'move', index: to, to: op.index, expect: old };
    }
  }
  const out = lines.map((l, i) => (i < lines.length - 1 ? l + cr : l)).join('\n');
  const after = parseRoot(out);
  if (typeof after === 'string') return { ok: false, reason: `the edited file would not parse: ${after}` };
  const { [table]: got, ...rest } = after;
  const { [table]: _had, ...restBefore } = root;
  if (canon(got ?? []) !== canon(next) || canon(rest) !== canon(restBefore))
    return {
      ok: false,
      reason: `the edited file would not hold [[${table}]] as intended; nothing was written`,
    };
  return { ok: true, text: out, inverse, entries: next };
}

export interface EntryFileEdit {
  changed: boolean;
  before: FileState;
  after: Buffer;
  inverse: EntryOp;
}

/** `editEntries` through the one locked write path (configEdit.ts); throws (file unchanged) when refused. */
export function editEntryFile(o: { file: string; table: EntryTable; op: EntryOp }): EntryFileEdit {
  let inverse: EntryOp | null = null;
  const r = editConfigFile({
    file: o.file,
    edit: (text) => {
      const e = editEntries(text, o.table, o.op);
      if (!e.ok) return { error: e.reason };
      inverse = e.inverse;
      return { text: e.text };
    },
  });
  if (!r.ok) throw new Error(r.error);
  if (!inverse) throw new Error('the edit did not run');
  return { changed: r.changed, before: r.before, after: r.after, inverse };
}
