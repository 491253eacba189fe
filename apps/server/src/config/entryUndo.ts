// Undo for the Settings entry editors (entryEdit.ts). Each edit keeps the bytes it replaced and the
// bytes it wrote: while config.toml still holds exactly what the edit wrote, Undo puts the old
// bytes back (every comment and blank line the edit removed returns). When the file changed since
// (a hand edit, another edit), Undo applies the edit's inverse to the current text instead, so the
// later change is kept; a removed entry then comes back without the comment lines it had.
import { editConfigFile, type FileState } from './configEdit';
import { editEntries, editEntryFile, type EntryOp, type EntryTable } from './entryEdit';

interface UndoRecord {
  id: string;
  table: EntryTable;
  label: string;
  before: FileState;
  after: Buffer;
  inverse: EntryOp;
}

/** How many edits per config file can still be undone. */
export const ENTRY_UNDO_DEPTH = 20;

const stores = new Map<string, UndoRecord[]>();
let counter = 0;

export function recordEntryEdit(o: {
  file: string;
  table: EntryTable;
  label: string;
  before: FileState;
  after: Buffer;
  inverse: EntryOp;
}): string {
  const id = `${Date.now().toString(36)}-${++counter}`;
  const list = stores.get(o.file) ?? [];
  list.push({ id, table: o.table, label: o.label, before: o.before, after: o.after, inverse: o.inverse });
  while (list.length > ENTRY_UNDO_DEPTH) list.shift();
  stores.set(o.file, list);
  return id;
}

/** Reverts the edit `id`; throws one line when it is unknown or cannot be applied any more. */
export function undoEntryEdit(o: { file: string; id: string }): { label: string; exact: boolean } {
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
      const e = editEntries(text, rec.table, rec.inverse);
      return e.ok ? { text: e.text } : { error: `cannot undo: ${e.reason}` };
    },
  });
  if (!r.ok) throw new Error(r.error);
  list.splice(i, 1);
  return { label: rec.label, exact };
}

export { editEntryFile };
