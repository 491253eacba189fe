'use client';
// The inside of a picker (rozi's picker protocol): a filter field, rows with group headers,
// description badges, `disabled` reasons (muted, inert), the active row marked; Enter chooses,
// the arrows move, declared action chords report `{action, selected}`. A `confirm` action arms
// the row on the first press (struck through, "again to <label>") and fires on the second; moving
// or a refresh that drops the row disarms it. A `prompt` action replaces the list with a text
// prompt; Esc there returns to the list with the filter as it was. Also the `rozi prompt` body.
import type { PickerAction, PickerRequest } from '@rozi/server/events';
import { Kbd } from '@rozi/ui';
import { displaySequence } from '@rozi/keymap';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import { actionForKey, headerBefore, PICKER_DRAWN, rankPickerRows, usableActions } from './pickerModel';

type Answer = Parameters<
  ReturnType<typeof useTRPCClient>['extensions']['pickerAnswer']['mutate']
>[0]['result'];

function useAnswer(picker: PickerRequest, onDone: () => void) {
  const client = useTRPCClient();
  return (result: Answer) => {
    void client.extensions.pickerAnswer.mutate({ id: picker.id, result });
    if (result.kind !== 'action' || result.close) onDone();
  };
}

const FIELD = 'h-8 flex-1 bg-transparent text-[14px] outline-none placeholder:text-muted';

export function PromptBody({ picker, onDone }: { picker: PickerRequest; onDone(): void }) {
  const answer = useAnswer(picker, onDone);
  const [text, setText] = useState(picker.default ?? '');
  return (
    <form
      className="flex flex-col"
      onSubmit={(e) => {
        e.preventDefault();
        answer({ kind: 'input', text });
      }}
    >
      <div className="flex items-center gap-2 border-b border-line px-3 py-2">
        <input
          autoFocus
          aria-label={picker.title ?? 'Answer'}
          value={text}
          placeholder={picker.placeholder ?? ''}
          onChange={(e) => setText(e.target.value)}
          onFocus={(e) => e.target.select()}
          className={FIELD}
        />
      </div>
      <Hints
        hints={[
          ['Enter', 'submit'],
          ['Esc', 'cancel'],
        ]}
      />
    </form>
  );
}

function Hints({ hints }: { hints: [string, string][] }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-line px-3 py-2 text-[11px] text-muted">
      {hints.map(([key, label]) => (
        <span key={`${key} ${label}`}>
          <Kbd>{key}</Kbd> {label}
        </span>
      ))}
    </div>
  );
}

export function PickerBody({ picker, onDone }: { picker: PickerRequest; onDone(): void }) {
  const answer = useAnswer(picker, onDone);
  const [query, setQuery] = useState('');
  const [cursorId, setCursorId] = useState<string | null>(null);
  const [armed, setArmed] = useState<{ action: string; row: string | null } | null>(null);
  const [prompting, setPrompting] = useState<PickerAction | null>(null);
  const filter = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const ranked = useMemo(() => rankPickerRows(picker.rows, query), [picker.rows, query]);
  const drawn = ranked.length > PICKER_DRAWN ? ranked.slice(0, PICKER_DRAWN) : ranked;
  const index = Math.max(
    0,
    drawn.findIndex((r) => r.row.id === cursorId),
  );
  const current = drawn[index]?.row;
  const actions = useMemo(() => usableActions(picker.actions), [picker.actions]);

  // A refresh that drops the armed row disarms it.
  useEffect(() => {
    if (armed && armed.row !== null && !picker.rows.some((r) => r.id === armed.row)) setArmed(null);
  }, [picker.rows, armed]);

  const move = (to: number) => {
    const next = drawn[Math.max(0, Math.min(drawn.length - 1, to))];
    if (!next) return;
    setCursorId(next.row.id);
    setArmed(null);
    list.current
      ?.querySelector(`[data-index="${drawn.indexOf(next)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  };

  const fire = (action: PickerAction, input: string | null) => {
    setArmed(null);
    answer({
      kind: 'action',
      action: action.id,
      selected: current ?? null,
      input,
      close: action.close ?? false,
    });
  };

  const onAction = (action: PickerAction) => {
    if (action.confirm && !(armed?.action === action.id && armed.row === (current?.id ?? null))) {
      setArmed({ action: action.id, row: current?.id ?? null });
      return;
    }
    if (action.prompt !== undefined) {
      setArmed(null);
      setPrompting(action);
      return;
    }
    fire(action, null);
  };

  if (prompting)
    return (
      <ActionPrompt
        action={prompting}
        onSubmit={(text) => {
          setPrompting(null);
          fire(prompting, text);
          requestAnimationFrame(() => filter.current?.focus());
        }}
        onCancel={() => {
          setPrompting(null);
          requestAnimationFrame(() => filter.current?.focus());
        }}
      />
    );

  const armedAction = armed && actions.find((a) => a.action.id === armed.action);
  return (
    <div
      className="flex flex-col"
      onKeyDown={(e) => {
        const action = actionForKey(actions, e);
        if (action) onAction(action);
        else if (e.key === 'Enter') {
          if (current && current.disabled === undefined) answer({ kind: 'selected', row: current });
        } else if (e.key === 'ArrowDown') move(index + 1);
        else if (e.key === 'ArrowUp') move(index - 1);
        else if (e.key === 'PageDown') move(index + 8);
        else if (e.key === 'PageUp') move(index - 8);
        else return;
        e.preventDefault();
      }}
    >
      <div className="flex items-center gap-2 border-b border-line px-3 py-2">
        {picker.extension && (
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[11px] text-muted">
            {picker.extension}
          </span>
        )}
        <input
          ref={filter}
          autoFocus
          role="combobox"
          aria-expanded="true"
          aria-controls={`${picker.id}-rows`}
          aria-activedescendant={current ? `${picker.id}-row-${index}` : undefined}
          aria-label={picker.title ?? 'Filter'}
          value={query}
          placeholder={picker.placeholder ?? 'Type to filter'}
          onChange={(e) => {
            setQuery(e.target.value);
            setCursorId(null);
            setArmed(null);
          }}
          className={FIELD}
        />
        <span className="text-[11px] text-muted" aria-live="polite">
          {ranked.length === picker.rows.length
            ? `${ranked.length}`
            : `${ranked.length}/${picker.rows.length}`}
        </span>
      </div>
      <ul
        id={`${picker.id}-rows`}
        ref={list}
        role="listbox"
        aria-label="Choices"
        className="max-h-[50vh] overflow-y-auto py-1"
      >
        {drawn.map(({ row }, i) => {
          const header = headerBefore(drawn, i);
          const isArmed = armed !== null && row === current && armed.row === row.id;
          return (
            <li key={`${i}:${row.id}`} role="presentation">
              {header && (
                <div
                  role="presentation"
                  className="px-3 pb-0.5 pt-2 text-[11px] font-semibold uppercase tracking-wide text-muted"
                >
                  {header}
                </div>
              )}
              <div
                id={`${picker.id}-row-${i}`}
                data-index={i}
                role="option"
                aria-selected={row === current}
                aria-disabled={row.disabled !== undefined || undefined}
                onMouseMove={() => row !== current && move(i)}
                onClick={() => row.disabled === undefined && answer({ kind: 'selected', row })}
                className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-[13px] ${row === current ? 'bg-accent/15' : ''} ${row.disabled !== undefined ? 'text-muted' : 'text-fg'}`}
              >
                <span
                  aria-hidden
                  className={`size-1.5 shrink-0 rounded-full ${row.active ? 'bg-accent' : 'bg-transparent'}`}
                />
                <span
                  title={row.label}
                  className={`min-w-0 flex-1 truncate ${row.active ? 'font-semibold' : ''} ${isArmed ? 'text-danger line-through' : ''}`}
                >
                  {row.label}
                  {row.active && <span className="sr-only"> (active)</span>}
                </span>
                {isArmed && armedAction ? (
                  <span className="shrink-0 text-[11px] text-danger">
                    <Kbd>{displaySequence([armedAction.chord])}</Kbd> again to {armedAction.action.label}
                  </span>
                ) : row.disabled !== undefined ? (
                  <span className="shrink-0 text-[11px] italic text-muted">{row.disabled}</span>
                ) : (
                  row.description && (
                    <span className="shrink-0 rounded bg-surface-2 px-1.5 text-[11px] text-muted">
                      {row.description}
                    </span>
                  )
                )}
              </div>
            </li>
          );
        })}
        {ranked.length > drawn.length && (
          <li role="presentation" className="px-3 py-2 text-[12px] text-muted">
            {ranked.length - drawn.length} more match; type to narrow the list
          </li>
        )}
        {ranked.length === 0 && <li className="px-3 py-3 text-[13px] text-muted">No matches</li>}
      </ul>
      <Hints
        hints={[
          ['Enter', 'choose'],
          ['Esc', 'cancel'],
          ...actions.map(({ action, chord }): [string, string] => [displaySequence([chord]), action.label]),
        ]}
      />
    </div>
  );
}

function ActionPrompt({
  action,
  onSubmit,
  onCancel,
}: {
  action: PickerAction;
  onSubmit(text: string): void;
  onCancel(): void;
}) {
  const [text, setText] = useState('');
  return (
    <form
      className="flex flex-col"
      aria-label={action.prompt}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(text);
      }}
    >
      <div className="border-b border-line px-3 pt-2 text-[12px] font-medium text-fg">{action.prompt}</div>
      <div className="flex items-center gap-2 border-b border-line px-3 py-2">
        <input
          autoFocus
          aria-label={action.prompt}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Esc goes back to the list, not out of the picker (the dialog's own Esc is cancel).
            if (e.key !== 'Escape') return;
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }}
          className={FIELD}
        />
      </div>
      <Hints
        hints={[
          ['Enter', action.label],
          ['Esc', 'back'],
        ]}
      />
    </form>
  );
}
