'use client';
// Settings rows for config.toml's single keys that were file-only: shell, cwd, scrollback,
// [pane] hold_on_exit, [environment] forward, [scratchpad] and [logging] (configuration.md). Each
// row shows what the file writes (empty: rozi's default applies) and saves through config.setKey —
// the same locked, comment-keeping edit as every Settings row and `rozi config set`, the text read
// by the key's type on the server, so the page and the CLI refuse the same values in the same
// words. A save raises the Undo toast; a refused one is one line under its field.
import { Button, Field, TextInput } from '@rozi/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { showUndo } from '../configEntries/undoToast';
import { SettingSelect } from './SettingSelect';

export interface KeyRow {
  key: string;
  label: string;
  hint: string;
  /** What applies when the file does not set it. */
  fallback: string;
}

type KeyValue = string | number | boolean | string[] | null;

/** A value as it reads in a field: a list as a comma list. */
const textOf = (v: unknown): string =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v);

function useKeyValues(): Map<string, KeyValue> | undefined {
  const trpc = useTRPC();
  const rows = useQuery(trpc.config.keys.queryOptions(undefined, { staleTime: Infinity })).data;
  return rows ? new Map(rows.map((r) => [r.key, r.value as KeyValue])) : undefined;
}

function useSetKey() {
  const trpc = useTRPC();
  return useMutation({
    ...trpc.config.setKey.mutationOptions(),
    onSuccess: (r) => {
      if (r.changed) showUndo(r.label, r.undo);
    },
  });
}

/** A typed value: Save writes it (empty: removes the key), Enter saves too. */
function KeyTextRow(o: { row: KeyRow; value: KeyValue | undefined }) {
  const save = useSetKey();
  const written = textOf(o.value);
  const [text, setText] = useState(written);
  // A save or a hand edit of the file shows here once the list is read again.
  useEffect(() => setText(written), [written]);
  const dirty = text !== written;
  const submit = () => save.mutate({ key: o.row.key, text });
  return (
    <Field
      label={`${o.row.label} (${o.row.key})`}
      hint={`${o.row.hint} Empty: ${o.row.fallback}.`}
      error={save.error?.message ?? null}
    >
      {(id, describedBy) => (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextInput
            id={id}
            aria-describedby={describedBy}
            data-config-key={o.row.key}
            value={text}
            placeholder={o.row.fallback}
            disabled={o.value === undefined}
            onChange={(e) => {
              // A refusal is about the text that was sent: typing again clears it.
              if (save.error) save.reset();
              setText(e.target.value);
            }}
            className="w-72 max-w-full font-mono"
          />
          <Button
            type="submit"
            className="min-h-[32px]"
            data-config-save={o.row.key}
            aria-label={`Save ${o.row.key}`}
            disabled={!dirty || save.isPending}
          >
            Save
          </Button>
        </form>
      )}
    </Field>
  );
}

/** An on/off key: Default (the fallback) removes it. */
function KeySwitchRow(o: { row: KeyRow; value: KeyValue | undefined }) {
  const save = useSetKey();
  return (
    <SettingSelect
      setting={o.row.key}
      label={`${o.row.label} (${o.row.key})`}
      hint={o.row.hint}
      error={save.error?.message}
      value={o.value === true ? 'on' : o.value === false ? 'off' : ''}
      options={[
        ['', `Default (${o.row.fallback})`],
        ['on', 'On'],
        ['off', 'Off'],
      ]}
      disabled={o.value === undefined || save.isPending}
      onChange={(v) => save.mutate({ key: o.row.key, value: v === '' ? null : v === 'on' })}
    />
  );
}

/** The rows of one group; `switches` names the on/off keys. */
export function ConfigKeyFields(o: { rows: KeyRow[]; switches?: string[] }) {
  const values = useKeyValues();
  return (
    <>
      {o.rows.map((row) => {
        const value = values ? (values.get(row.key) ?? null) : undefined;
        return o.switches?.includes(row.key) ? (
          <KeySwitchRow key={row.key} row={row} value={value} />
        ) : (
          <KeyTextRow key={row.key} row={row} value={value} />
        );
      })}
    </>
  );
}

export const PANE_KEYS: KeyRow[] = [
  {
    key: 'shell',
    label: 'Shell',
    hint: 'The program new panes run (a list runs its first word with the rest as arguments). New panes only.',
    fallback: '$SHELL',
  },
  {
    key: 'cwd',
    label: 'Start directory',
    hint: 'Where new panes start when nothing else says; ~ is your home. It must exist on the server’s machine.',
    fallback: 'the session’s directory',
  },
  {
    key: 'scrollback',
    label: 'Scrollback lines',
    hint: 'Lines each new pane keeps, on the server and in the page.',
    fallback: '5000',
  },
  {
    key: 'pane.hold_on_exit',
    label: 'Keep an exited shell',
    hint: 'A shell pane that exits stays in the layout with its exit code until you close it.',
    fallback: 'off',
  },
  {
    key: 'environment.forward',
    label: 'Forwarded variables',
    hint: 'A comma list of names: a pane the rozi CLI creates gets the CLI’s values of them (the browser has no environment).',
    fallback: 'none',
  },
];

export const SCRATCHPAD_KEYS: KeyRow[] = [
  {
    key: 'scratchpad.command',
    label: 'Command',
    hint: 'What the scratchpad runs when it first opens.',
    fallback: 'your shell',
  },
  {
    key: 'scratchpad.cwd',
    label: 'Directory',
    hint: 'Where it starts; ~ is your home.',
    fallback: 'the session’s directory',
  },
  {
    key: 'scratchpad.height',
    label: 'Height',
    hint: 'A share of the pane area from 0.1 to 0.9.',
    fallback: '0.4',
  },
];

export const LOGGING_KEYS: KeyRow[] = [
  {
    key: 'logging.dir',
    label: 'Log directory',
    hint: 'Where toggle-pane-logging writes a pane’s raw output; an absolute path or ~/….',
    fallback: 'the state directory’s logs',
  },
  {
    key: 'logging.max_bytes',
    label: 'Largest log',
    hint: 'Bytes a pane’s log may reach before logging stops (0: no cap).',
    fallback: '67108864 (64 MiB)',
  },
];
