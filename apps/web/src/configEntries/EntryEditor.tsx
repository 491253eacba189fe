'use client';
// One editor per config.toml array of tables ([[commands]], [[services]], [[rules]], [[hooks]]): the entries
// as written (config.entries, refreshed on `config-reloaded`), each with Edit and Remove — rules
// also Move up / Move down, since the first match wins, and where each sends its pane as the server
// applies it (the one list of rules in Settings) — and an Add form. The server checks an
// entry with the readers it loads with and refuses a bad one in one line, shown under the form;
// every change raises the Undo toast (undoToast.tsx). Buttons are at least 32 px for a finger.
import { Button, IconButton } from '@rozi/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { EntryFields } from './entryFields';
import {
  entryOf,
  formOf,
  placementOf,
  summaryOf,
  WHAT,
  type Choices,
  type Entry,
  type EntryTable,
  type Form,
} from './entryModel';
import { showUndo } from './undoToast';

const TOUCH = 'min-h-[32px] min-w-[32px]';

type Editing = { index: number | null; form: Form; original: Entry };

export function EntryEditor({
  table,
  quietWhenEmpty = false,
}: {
  table: EntryTable;
  quietWhenEmpty?: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const data = useQuery(trpc.config.entries.queryOptions({ table })).data;
  // Pending until the list is read again: a row's buttons never act on the entry as it was.
  const edit = useMutation({
    ...trpc.config.editEntry.mutationOptions(),
    onSuccess: () => qc.invalidateQueries(trpc.config.entries.queryFilter({ table })),
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const what = WHAT[table];

  const run = (op: Parameters<typeof edit.mutate>[0]['op'], after?: () => void): void => {
    setError(null);
    edit.mutate(
      { table, op },
      {
        onSuccess: (r) => {
          showUndo(r.label, r.undo);
          after?.();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  const submit = (): void => {
    if (!editing) return;
    const entry = entryOf(table, editing.form, editing.original);
    if (typeof entry === 'string') return setError(entry);
    const done = () => {
      setEditing(null);
      addRef.current?.focus();
    };
    if (editing.index === null) run({ op: 'add', entry }, done);
    else run({ op: 'set', index: editing.index, expect: editing.original, entry }, done);
  };

  if (!data) return <p className="text-[12px] text-muted">Reading config.toml…</p>;
  const list = data.entries;
  return (
    <div data-entry-editor={table} className="flex flex-col gap-2 text-[12px]">
      {list.length === 0 ? (
        // Services and rules have a status panel above that already says the file has none.
        <p data-entries-empty className={quietWhenEmpty ? 'sr-only' : 'text-muted'}>
          No [[{table}]] in config.toml yet.
        </p>
      ) : (
        <ol aria-label={`[[${table}]] entries`} className="flex flex-col gap-1">
          {list.map((e) => {
            const values = e.values as Entry;
            const s = summaryOf(table, values);
            const detail = e.applied ? `→ ${placementOf(e.applied)}` : s.detail;
            return (
              <li
                key={`${e.index}:${s.name}`}
                data-entry={s.name}
                data-entry-index={e.index}
                className="flex flex-wrap items-center gap-2 rounded-md border border-line bg-surface-2 px-3 py-1"
              >
                <code className="max-w-[12rem] truncate font-mono text-fg">{s.name}</code>
                <span data-entry-detail className="min-w-0 flex-1 truncate text-muted" title={detail}>
                  {detail}
                </span>
                {table === 'rules' && (
                  <>
                    <IconButton
                      icon="arrowUp"
                      size="md"
                      className={TOUCH}
                      label={`Move rule ${s.name} up`}
                      disabled={e.index === 0 || edit.isPending}
                      onClick={() => run({ op: 'move', index: e.index, to: e.index - 1, expect: values })}
                    />
                    <IconButton
                      icon="arrowDown"
                      size="md"
                      className={TOUCH}
                      label={`Move rule ${s.name} down`}
                      disabled={e.index === list.length - 1 || edit.isPending}
                      onClick={() => run({ op: 'move', index: e.index, to: e.index + 1, expect: values })}
                    />
                  </>
                )}
                <IconButton
                  icon="pencil"
                  size="md"
                  className={TOUCH}
                  label={`Edit ${what} ${s.name}`}
                  disabled={edit.isPending}
                  onClick={() => {
                    setError(null);
                    setEditing({ index: e.index, form: formOf(table, values), original: values });
                  }}
                />
                <IconButton
                  icon="close"
                  size="md"
                  className={TOUCH}
                  label={`Remove ${what} ${s.name}`}
                  disabled={edit.isPending}
                  onClick={() =>
                    run({ op: 'remove', index: e.index, expect: values }, () => addRef.current?.focus())
                  }
                />
                {e.problem && (
                  <p data-entry-problem className="w-full text-danger">
                    Skipped by the server: {e.problem}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {editing ? (
        <EntryForm
          table={table}
          choices={data.choices}
          editing={editing}
          pending={edit.isPending}
          error={error}
          onChange={(form) => setEditing({ ...editing, form })}
          onSubmit={submit}
          onCancel={() => {
            setEditing(null);
            setError(null);
            addRef.current?.focus();
          }}
        />
      ) : (
        <div className="flex flex-col gap-1">
          <Button
            ref={addRef}
            icon="plus"
            className={`${TOUCH} self-start`}
            onClick={() => {
              setError(null);
              setEditing({ index: null, form: formOf(table), original: {} });
            }}
          >
            Add {what}
          </Button>
          {error && (
            <p role="alert" data-entry-error className="text-danger">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function EntryForm(o: {
  table: EntryTable;
  choices: Choices;
  editing: Editing;
  pending: boolean;
  error: string | null;
  onChange(form: Form): void;
  onSubmit(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);
  const what = WHAT[o.table];
  return (
    <form
      ref={ref}
      aria-label={o.editing.index === null ? `New ${what}` : `Edit ${what}`}
      data-entry-form={o.table}
      className="flex flex-col gap-3 rounded-md border border-line bg-surface-2 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        o.onSubmit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          o.onCancel();
        }
      }}
    >
      <EntryFields table={o.table} form={o.editing.form} choices={o.choices} onChange={o.onChange} />
      {o.error && (
        <p role="alert" data-entry-error className="text-[12px] text-danger">
          {o.error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" className={TOUCH} disabled={o.pending}>
          {o.editing.index === null ? `Add ${what}` : 'Save'}
        </Button>
        <Button className={TOUCH} onClick={o.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
