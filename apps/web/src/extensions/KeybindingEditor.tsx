'use client';
// Keyboard shortcuts: every action (built-in, extension commands, extension suggestions) with its
// keys, where each comes from (user, default, extension) and its state (active, suppressed,
// conflicting). Filter by text or by recording keys; edit by recording a chord sequence (prefix
// chords included); a conflict is shown before saving; unbind; reset to default. Saving writes
// [keys] in config.toml (comments kept) and every open page picks it up without a reload.
import {
  Button,
  FOCUS_RING,
  Kbd,
  SearchField,
  Page,
  Table,
  TableCell,
  TableRow,
  StatusMessage,
  type Message,
} from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ACTIONS } from '../actions/actionRegistry';
import { useTRPC, useTRPCClient } from '../api/trpcClient';
import { browserReservedChord, chordOfEvent, displaySequence, freeBindingNear } from '@rozi/keymap';
import { useConfigInput } from '../settings/useConfigInput';
import { AppProviders } from '../shell/AppProviders';
import { useApplyTheme } from '../settings/useResolvedTheme';

const TITLES = new Map(ACTIONS.map((a) => [a.id, a.title]));
const SOURCE_LABEL = { user: 'User', default: 'Default', extension: 'Extension' } as const;
const STATE_TONE = {
  active: 'text-fg',
  suppressed: 'text-muted line-through',
  conflicting: 'text-blocked',
} as const;

function show(key: string): string {
  return displaySequence(key.split(' '));
}

/** A binding the browser keeps: what it does there and the nearest free chord. */
function ReservedNote(props: { binding: string; suggestion: string | null; onUse?: (s: string) => void }) {
  const r = browserReservedChord(props.binding);
  if (!r) return null;
  const suggestion = props.suggestion ?? r.suggestion;
  return (
    <span role="note" data-browser-reserved={r.chord} className="block text-[11px] leading-4 text-blocked">
      The browser keeps {show(r.chord)} (it {r.does}); try {show(suggestion)}
      {props.onUse && props.suggestion && <UseSuggestion suggestion={props.suggestion} onUse={props.onUse} />}
    </span>
  );
}

/** The one-click way out of a reserved or conflicting chord: binds the suggested one instead. */
function UseSuggestion(props: { suggestion: string; onUse: (s: string) => void }) {
  return (
    <button
      type="button"
      data-use-suggestion={props.suggestion}
      onClick={() => props.onUse(props.suggestion)}
      className="ml-1.5 rounded border border-line px-1.5 text-[11px] text-fg hover:bg-surface-2"
    >
      Use {show(props.suggestion)}
    </button>
  );
}

/** Under a binding in conflict: the nearest free one, bound in one click. */
function ConflictWayOut(props: { suggestion: string | null; onUse: (s: string) => void }) {
  if (!props.suggestion) return null;
  return (
    <span className="block text-[11px] leading-4 text-muted">
      Free nearby: {show(props.suggestion)}
      <UseSuggestion suggestion={props.suggestion} onUse={props.onUse} />
    </span>
  );
}

function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(b + ' ') || b.startsWith(a + ' ');
}

/** Records chords while focused: each key press adds one chord; Enter/Esc are handled by the caller. */
function useRecorder(active: boolean, onChord: (c: string) => void) {
  const ref = useRef(onChord);
  ref.current = onChord;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
      const chord = chordOfEvent(e);
      if (!chord) return;
      e.preventDefault();
      e.stopPropagation();
      ref.current(chord);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [active]);
}

/** The row's Change button: where the focus goes when its edit row closes or a key vanishes. */
function focusChange(action: string): void {
  document
    .querySelector<HTMLElement>(`tr[data-action="${CSS.escape(action)}"] button[data-change-key]`)
    ?.focus();
}

/** Holds the focus while a row records keys (each key is recorded; Enter saves, Esc cancels). */
function RecordingBox({ title, children }: { title: string; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <span
      ref={box}
      tabIndex={-1}
      role="status"
      aria-label={`New keys for ${title}`}
      aria-live="polite"
      data-recording
      className={`rounded border border-accent px-2 py-1 font-mono text-[12px] ${FOCUS_RING} focus:outline-2 focus:outline-offset-1 focus:outline-accent`}
    >
      {children}
    </span>
  );
}

function Editor() {
  useApplyTheme();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { prefix } = useConfigInput();
  const options = trpc.keys.list.queryOptions({ prefix });
  // keymap-changed (after a save) and extensions-changed refresh it (cache/eventTable.ts).
  const { data, error } = useQuery(options);

  const [text, setText] = useState('');
  const [filterKeys, setFilterKeys] = useState<string[] | null>(null);
  const [recordingFilter, setRecordingFilter] = useState(false);
  const [editing, setEditing] = useState<{ action: string; chords: string[] } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  // The edit row replaces the Change button that opened it: when it closes (saved or Esc), the
  // focus goes back to that button instead of falling to the page's body.
  const wasEditing = useRef<string | null>(null);
  useEffect(() => {
    if (editing) wasEditing.current = editing.action;
    else if (wasEditing.current) {
      focusChange(wasEditing.current);
      wasEditing.current = null;
    }
  }, [editing]);

  useRecorder(recordingFilter, (c) =>
    c === 'esc' ? setRecordingFilter(false) : setFilterKeys((k) => [...(k ?? []), c].slice(-4)),
  );
  useRecorder(editing !== null, (c) => {
    if (c === 'esc') setEditing(null);
    else if (c === 'enter' && editing && editing.chords.length > 0)
      void save(editing.action, [editing.chords.join(' ')]);
    else if (c === 'backspace') setEditing((e) => e && { ...e, chords: e.chords.slice(0, -1) });
    else setEditing((e) => e && { ...e, chords: [...e.chords, c].slice(0, 4) });
  });

  const actions = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const keyFilter = filterKeys?.join(' ');
    return (data?.actions ?? [])
      .map((a) => ({ ...a, title: a.label ?? TITLES.get(a.id) ?? a.id }))
      .filter(
        (a) =>
          (!needle || `${a.title} ${a.id} ${a.extension ?? ''}`.toLowerCase().includes(needle)) &&
          (!keyFilter || a.keys.some((k) => k.key.startsWith(keyFilter))),
      )
      .sort((a, b) => a.title.localeCompare(b.title));
  }, [data, text, filterKeys]);

  /** Every binding another action holds (active or in conflict): what a suggestion must avoid. */
  const takenBy = (action: string) =>
    (data?.actions ?? [])
      .filter((a) => a.id !== action)
      .flatMap((a) => a.keys.filter((k) => k.state !== 'suppressed').map((k) => k.key));

  /** The action's bindings in force with `from` replaced by `to` (what "Use …" saves). */
  const replaced = (a: { keys: { key: string; state: string }[] }, from: string, to: string) => [
    ...new Set(a.keys.filter((k) => k.state !== 'suppressed').map((k) => (k.key === from ? to : k.key))),
  ];

  const conflictsOf = (action: string, key: string) =>
    (data?.actions ?? [])
      .filter((a) => a.id !== action && a.keys.some((k) => k.state === 'active' && overlaps(k.key, key)))
      .map((a) => a.label ?? TITLES.get(a.id) ?? a.id);

  async function save(action: string, keys: string[] | null) {
    setEditing(null);
    try {
      await client.keys.save.mutate({ action, keys });
      setMessage({
        text:
          keys === null
            ? `${action} reset to its default`
            : keys.length === 0
              ? `${action} unbound`
              : `${action} bound to ${keys.map(show).join(', ')}`,
        tone: 'info',
      });
    } catch (err) {
      setMessage({ text: err instanceof Error ? err.message : String(err), tone: 'error' });
    }
  }

  const pendingKey = editing?.chords.join(' ') ?? '';
  const pendingConflicts = editing && pendingKey ? conflictsOf(editing.action, pendingKey) : [];
  const pendingSuggestion =
    editing && pendingKey && (pendingConflicts.length > 0 || browserReservedChord(pendingKey))
      ? freeBindingNear(pendingKey, takenBy(editing.action))
      : null;

  return (
    <Page
      back={{ href: '/settings', label: 'Settings' }}
      title="Keyboard shortcuts"
      actions={<span className="truncate font-mono text-[11px] text-muted">{data?.configFile} [keys]</span>}
    >
      <main className="mx-auto max-w-5xl px-4 py-5">
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <SearchField
            label="Filter actions"
            placeholder="Type to search actions"
            value={text}
            onChange={setText}
          />
          <Button
            variant={recordingFilter ? 'primary' : 'secondary'}
            onClick={() => setRecordingFilter((r) => !r)}
          >
            {recordingFilter ? 'Recording keys… (Esc stops)' : 'Record keys'}
          </Button>
          {filterKeys && (
            <button
              type="button"
              onClick={() => setFilterKeys(null)}
              className="rounded border border-line px-2 py-1 text-[12px]"
              aria-label="Clear key filter"
            >
              <Kbd>{displaySequence(filterKeys)}</Kbd> ×
            </button>
          )}
        </div>
        {message && (
          <StatusMessage tone={message.tone} className="mb-2">
            {message.text}
          </StatusMessage>
        )}
        {error && <p className="text-danger">{error.message}</p>}
        {data && data.warnings.length > 0 && (
          <ul className="mb-3 rounded border border-blocked/40 p-2 text-[12px] text-blocked">
            {data.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
        <Table
          label="Key bindings"
          columns={['Action', 'Keys', 'Source', 'State', '']}
          className="text-[13px]"
        >
          {actions.map((a) => (
            <TableRow key={a.id} data-action={a.id} className="align-top">
              <TableCell className="pr-3">
                <div>{a.title}</div>
                <div className="font-mono text-[11px] text-muted">
                  {a.id}
                  {a.extension ? ` · ${a.extension}` : ''}
                </div>
              </TableCell>
              <TableCell className="pr-3" colSpan={editing?.action === a.id ? 3 : 1}>
                {editing?.action === a.id ? (
                  <div className="flex flex-col gap-1">
                    <RecordingBox title={a.title}>
                      {pendingKey
                        ? show(pendingKey)
                        : 'Press the keys (a prefix, then a key); Enter saves, Esc cancels'}
                    </RecordingBox>
                    {pendingKey && <ReservedNote binding={pendingKey} suggestion={pendingSuggestion} />}
                    {pendingConflicts.length > 0 && (
                      <span role="alert" className="text-[12px] text-blocked">
                        Conflicts with {pendingConflicts.join(', ')}
                      </span>
                    )}
                    {pendingSuggestion && (
                      <span className="text-[12px] text-muted">
                        {/* Saves at once: the recorded chord is replaced by the free one. */}
                        <UseSuggestion suggestion={pendingSuggestion} onUse={(s) => void save(a.id, [s])} />
                      </span>
                    )}
                  </div>
                ) : (
                  <div className="flex flex-col gap-1">
                    {a.keys.length === 0 && <span className="text-muted">—</span>}
                    {a.keys.map((k) => (
                      <span key={`${k.key}${k.source}`} className={STATE_TONE[k.state]}>
                        {/* A chord never wraps: its box is one line high. */}
                        <Kbd className="whitespace-nowrap">{show(k.key)}</Kbd>
                        <ReservedNote
                          binding={k.key}
                          suggestion={
                            browserReservedChord(k.key) ? freeBindingNear(k.key, takenBy(a.id)) : null
                          }
                          onUse={(s) => void save(a.id, replaced(a, k.key, s))}
                        />
                        {k.state === 'conflicting' && !browserReservedChord(k.key) && (
                          <ConflictWayOut
                            suggestion={freeBindingNear(k.key, takenBy(a.id))}
                            onUse={(s) => void save(a.id, replaced(a, k.key, s))}
                          />
                        )}
                      </span>
                    ))}
                  </div>
                )}
              </TableCell>
              {editing?.action !== a.id && (
                <>
                  {/* One line per key, as tall as a key chip, so each source and state sits beside its chord. */}
                  <TableCell className="pr-3 text-[12px] text-muted">
                    <div className="flex flex-col gap-1">
                      {a.keys.map((k) => (
                        <div key={`${k.key}${k.source}`} className="min-h-5 leading-5">
                          {SOURCE_LABEL[k.source]}
                        </div>
                      ))}
                    </div>
                  </TableCell>
                  <TableCell className="pr-3 text-[12px]">
                    <div className="flex flex-col gap-1">
                      {a.keys.map((k) => (
                        <div
                          key={`${k.key}${k.source}`}
                          data-key-state={k.state}
                          title={k.reason ?? undefined}
                          className={`min-h-5 leading-5 ${k.state === 'conflicting' ? 'text-blocked' : k.state === 'suppressed' ? 'text-muted' : ''}`}
                        >
                          {k.state}
                          {k.reason ? <span className="text-muted"> — {k.reason}</span> : null}
                        </div>
                      ))}
                    </div>
                  </TableCell>
                </>
              )}
              <TableCell className="text-right whitespace-nowrap">
                {editing?.action === a.id ? (
                  <Button
                    variant="primary"
                    disabled={!pendingKey}
                    onClick={() => void save(a.id, [pendingKey])}
                  >
                    Save
                  </Button>
                ) : (
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      aria-label={`Change ${a.title}`}
                      data-change-key=""
                      onClick={() => setEditing({ action: a.id, chords: [] })}
                    >
                      Change
                    </Button>
                    {a.keys.length > 0 && (
                      <Button
                        variant="ghost"
                        aria-label={`Unbind ${a.title}`}
                        onClick={() => {
                          // This button goes with the last key: keep the focus in the row.
                          focusChange(a.id);
                          void save(a.id, []);
                        }}
                      >
                        Unbind
                      </Button>
                    )}
                    {a.configured && (
                      <Button
                        variant="ghost"
                        aria-label={`Reset ${a.title}`}
                        onClick={() => {
                          focusChange(a.id);
                          void save(a.id, null);
                        }}
                      >
                        Reset
                      </Button>
                    )}
                  </div>
                )}
              </TableCell>
            </TableRow>
          ))}
        </Table>
      </main>
    </Page>
  );
}

export default function KeybindingEditor() {
  return (
    <AppProviders>
      <Editor />
    </AppProviders>
  );
}
