'use client';
// The modal for `rozi pick` / `rozi prompt` (and an extension's pickers): opened by a
// picker-open event, rows replaced by picker-rows, closed by picker-closed in every browser; the
// first browser to answer (extensions.pickerAnswer) wins. Enter chooses, Esc cancels, an action's
// chord reports that action with the highlighted row.
import type { PickerRequest, PickerRow } from '@rozi/server/events';
import { Dialog, Kbd } from '@rozi/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import { chordOfEvent, displaySequence, parseSequence } from '@rozi/keymap';
import { rankByFuzzy } from '../palette/fuzzyMatch';
import { useStream } from '../stream/streamContext';

export function ExtensionPicker() {
  const stream = useStream();
  const client = useTRPCClient();
  const [picker, setPicker] = useState<PickerRequest | null>(null);
  useEffect(
    () =>
      stream.onEvent((e) => {
        if (e.type === 'picker-open') setPicker(e.picker);
        else if (e.type === 'picker-rows')
          setPicker((p) => (p && p.id === e.id ? { ...p, rows: e.rows } : p));
        else if (e.type === 'picker-closed') setPicker((p) => (p && p.id === e.id ? null : p));
      }),
    [stream],
  );
  return (
    <Dialog
      open={picker !== null}
      onClose={() => {
        // Esc or a click outside: the picker is cancelled for whoever asked.
        if (picker)
          void client.extensions.pickerAnswer.mutate({ id: picker.id, result: { kind: 'cancelled' } });
        setPicker(null);
      }}
      title={picker?.title ?? (picker?.mode === 'prompt' ? 'Prompt' : 'Pick')}
      placement="top"
      widthClass="w-[min(640px,calc(100vw-2rem))]"
    >
      {picker && <PickerBody key={picker.id} picker={picker} onDone={() => setPicker(null)} />}
    </Dialog>
  );
}

function PickerBody({ picker, onDone }: { picker: PickerRequest; onDone(): void }) {
  const client = useTRPCClient();
  const [query, setQuery] = useState(picker.mode === 'prompt' ? (picker.default ?? '') : '');
  const [selected, setSelected] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const results = useMemo(
    () =>
      picker.mode === 'pick'
        ? rankByFuzzy(picker.rows, query, (r) => [r.label, `${r.group ?? ''} ${r.badge ?? ''}`]).map(
            (r) => r.item,
          )
        : [],
    [picker, query],
  );
  const current: PickerRow | undefined = results[Math.min(selected, results.length - 1)];
  useEffect(() => input.current?.focus(), []);

  const answer = (result: Parameters<typeof client.extensions.pickerAnswer.mutate>[0]['result']) => {
    void client.extensions.pickerAnswer.mutate({ id: picker.id, result });
    if (result.kind !== 'action' || result.close) onDone();
  };

  return (
    <div
      className="flex flex-col"
      onKeyDown={(e) => {
        const chord = chordOfEvent(e);
        const action = chord
          ? picker.actions.find((a) => parseSequence(a.key)?.join(' ') === chord)
          : undefined;
        if (action) {
          e.preventDefault();
          answer({
            kind: 'action',
            action: action.id,
            selected: current ?? null,
            input: query || null,
            close: action.close ?? false,
          });
        } else if (e.key === 'Enter') {
          e.preventDefault();
          if (picker.mode === 'prompt') answer({ kind: 'input', text: query });
          else if (current && !current.disabled) answer({ kind: 'selected', row: current });
        } else if (e.key === 'ArrowDown') {
          e.preventDefault();
          setSelected((s) => Math.min(s + 1, results.length - 1));
        } else if (e.key === 'ArrowUp') {
          e.preventDefault();
          setSelected((s) => Math.max(s - 1, 0));
        }
      }}
    >
      <div className="flex items-center gap-2 border-b border-line px-3 py-2">
        {picker.extension && (
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[11px] text-muted">
            {picker.extension}
          </span>
        )}
        <input
          ref={input}
          aria-label={picker.title ?? 'Filter'}
          value={query}
          placeholder={picker.placeholder ?? (picker.mode === 'prompt' ? '' : 'Type to filter')}
          onChange={(e) => {
            setQuery(e.target.value);
            setSelected(0);
          }}
          className="h-8 flex-1 bg-transparent text-[14px] outline-none"
        />
      </div>
      {picker.mode === 'pick' && (
        <ul role="listbox" aria-label="Choices" className="max-h-[50vh] overflow-y-auto py-1">
          {results.map((row, i) => (
            <li
              key={row.id}
              role="option"
              aria-selected={row === current}
              aria-disabled={row.disabled || undefined}
              onMouseEnter={() => setSelected(i)}
              onClick={() => !row.disabled && answer({ kind: 'selected', row })}
              className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-[13px] ${row === current ? 'bg-accent/15 text-fg' : 'text-fg'} ${row.disabled ? 'opacity-50' : ''}`}
            >
              {row.group && <span className="text-[11px] text-muted">{row.group}</span>}
              <span className="flex-1 truncate">{row.label}</span>
              {row.badge && (
                <span className="rounded bg-surface-2 px-1.5 text-[11px] text-muted">{row.badge}</span>
              )}
            </li>
          ))}
          {results.length === 0 && <li className="px-3 py-3 text-[13px] text-muted">No matches</li>}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-line px-3 py-2 text-[11px] text-muted">
        <span>
          <Kbd>Enter</Kbd> {picker.mode === 'prompt' ? 'submit' : 'choose'}
        </span>
        <span>
          <Kbd>Esc</Kbd> cancel
        </span>
        {picker.actions.map((a) => (
          <span key={a.id}>
            <Kbd>{displaySequence(parseSequence(a.key) ?? [a.key])}</Kbd> {a.label}
          </span>
        ))}
      </div>
    </div>
  );
}
