// Undo for config.toml edits made from Settings and `rozi config` (entry editors, entryEdit.ts;
// single keys, keySettings.ts). Each edit keeps the bytes it replaced and the bytes it wrote: while
// config.toml still holds exactly what the edit wrote, Undo puts the old bytes back (every comment
// and blank line the edit removed returns). When the file changed since (a hand edit, another
// edit), Undo applies the edit's inverse to the current text instead, so the later change is kept;
// a removed entry then comes back without the comment lines it had. The history lives in the
// server's memory, per file: a restart forgets it (Undo then says so).
import { editConfigFile, type FileState } from './configEdit';
import { editEntries, type EntryOp, type EntryTable } from './entryEdit';
import { editTable, type TomlLeaf } from './tableEdit';

/** What puts an edit's change back on a file that changed since. */
export type UndoInverse =
  | { kind: 'entry'; table: EntryTable; op: EntryOp }
  | { kind: 'keys'; table: string[]; set: Record<string, TomlLeaf | null> };

interface UndoRecord {
  id: string;
  label: string;
  before: FileState;
  after: Buffer;
  inverse: UndoInverse;
}

/** How many edits per config file can still be undone. */
export const CONFIG_UNDO_DEPTH = 20;

const stores = new Map<string, UndoRecord[]>();
let counter = 0;

export function recordConfigEdit(o: {
  file: string;
  label: string;
  before: FileState;
  after: Buffer;
  inverse: UndoInverse;
}): string {
  const id = `${Date.now().toString(36)}-${++counter}`;
  const list = stores.get(o.file) ?? [];
  list.push({ id, label: o.label, before: o.before, after: o.after, inverse: o.inverse });
  while (list.length > CONFIG_UNDO_DEPTH) list.shift();
  stores.set(o.file, list);
  return id;
}

/**
 * Runs one edit (it throws, file unchanged, when refused) and records it for Undo when it changed
 * the file; `undo` is the id, null when nothing changed.
 */
export function undoableEdit<E extends { changed: boolean; before: FileState; after: Buffer }>(o: {
  file: string;
  label: string;
  run: () => E;
  inverse: (e: E) => UndoInverse;
}): E & { undo: string | null } {
  const e = o.run();
  const undo = e.changed
    ? recordConfigEdit({
        file: o.file,
        label: o.label,
        before: e.before,
        after: e.after,
        inverse: o.inverse(e),
      })
    : null;
  return { ...e, undo };
}

/** The edit Undo would revert without an id: the latest one still held. */
export function latestConfigEdit(file: string): { id: string; label: string } | null {
  const r = stores.get(file)?.at(-1);
  return r ? { id: r.id, label: r.label } : null;
}

function applyInverse(text: string, inv: UndoInverse): { text: string } | { error: string } {
  if (inv.kind === 'entry') {
    const e = editEntries(text, inv.table, inv.op);
    return e.ok ? { text: e.text } : { error: `cannot undo: ${e.reason}` };
  }
  const e = editTable(text, { table: inv.table, set: inv.set });
  return e.ok ? { text: e.text } : { error: `cannot undo: ${e.reason}` };
}

/** Reverts the edit `id`; throws one line when it is unknown or cannot be applied any more. */
export function undoConfigEdit(o: { file: string; id: string }): { label: string; exact: boolean } {
  const list = stores.get(o.file) ?? [];
  const i = list.findIndex((r) => r.id === o.id);
  const rec = list[i];
  if (!rec) throw new Error('that change can no longer be undone (the server restarted or it was undone)');
  let exact = false;
  const r = editConfigFile({
    file: o.file,
    edit: (text, state) => {
      if (state.existed && state.bytes.equals(rec.after)) {
        exact = true;
        return { text: rec.before.bytes.toString('utf8') };
      }
      exact = false;
      return applyInverse(text, rec.inverse);
    },
  });
  if (!r.ok) throw new Error(r.error);
  list.splice(i, 1);
  return { label: rec.label, exact };
}
