'use client';
// The command palette (Ctrl+Shift+P, `<prefix> :`): every action of the registry, fuzzy-searched,
// each with its key binding, run with Enter. Disabled actions stay listed, dimmed, so the user
// learns they exist.
import { Dialog, Kbd } from '@rozi/ui';
import { useMemo, useRef, useState } from 'react';
import type { ActionContext, ActionDef } from '../actions/actionTypes';
import { displaySequence, bindingsOf, type KeymapResult } from '@rozi/keymap';
import { rankByFuzzy } from './fuzzyMatch';

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  actions: readonly ActionDef[];
  context: ActionContext;
  keymap: KeymapResult;
  run: (action: ActionDef) => void;
}

function Highlighted({ text, positions }: { text: string; positions: number[] }) {
  if (positions.length === 0) return <>{text}</>;
  const marks = new Set(positions);
  return (
    <>
      {[...text].map((ch, i) =>
        marks.has(i) ? (
          <mark key={i} className="bg-transparent font-semibold text-accent">
            {ch}
          </mark>
        ) : (
          <span key={i}>{ch}</span>
        ),
      )}
    </>
  );
}

export function CommandPalette(props: CommandPaletteProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title="Command palette"
      hideTitle
      placement="top"
      widthClass="w-[min(640px,calc(100vw-2rem))]"
    >
      {props.open && <PaletteBody {...props} />}
    </Dialog>
  );
}

function PaletteBody({ onClose, actions, context, keymap, run }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const results = useMemo(
    () => rankByFuzzy(actions, query, (a) => [a.title, `${a.category} ${a.id} ${a.keywords ?? ''}`]),
    [actions, query],
  );
  const current = results[Math.min(selected, results.length - 1)];

  const choose = (action: ActionDef | undefined) => {
    if (!action || (action.enabled && !action.enabled(context))) return;
    onClose();
    run(action);
  };

  const move = (delta: number) => {
    const next = Math.max(0, Math.min(results.length - 1, selected + delta));
    setSelected(next);
    list.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <div className="flex flex-col">
      <input
        autoFocus
        role="combobox"
        aria-expanded="true"
        aria-controls="rozi-palette-list"
        aria-activedescendant={current ? `rozi-action-${current.item.id}` : undefined}
        aria-label="Type a command"
        placeholder="Type a command…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setSelected(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') move(1);
          else if (e.key === 'ArrowUp') move(-1);
          else if (e.key === 'PageDown') move(8);
          else if (e.key === 'PageUp') move(-8);
          else if (e.key === 'Enter') choose(current?.item);
          else return;
          e.preventDefault();
        }}
        className="h-11 w-full border-b border-line bg-transparent px-4 text-[14px] text-fg outline-none placeholder:text-muted"
      />
      <ul
        id="rozi-palette-list"
        ref={list}
        role="listbox"
        aria-label="Commands"
        className="max-h-[min(420px,60vh)] overflow-auto py-1"
      >
        {results.length === 0 && (
          <li className="px-4 py-6 text-center text-[13px] text-muted">No command matches “{query}”.</li>
        )}
        {results.map(({ item, match }, index) => {
          const enabled = !item.enabled || item.enabled(context);
          const binding = bindingsOf(keymap, item.id)[0];
          return (
            <li
              key={item.id}
              id={`rozi-action-${item.id}`}
              data-index={index}
              data-action-id={item.id}
              role="option"
              aria-selected={index === selected}
              aria-disabled={!enabled}
              onMouseMove={() => setSelected(index)}
              onClick={() => choose(item)}
              className={`mx-1 flex cursor-pointer items-center gap-3 rounded px-3 py-1.5 text-[13px] ${index === selected ? 'bg-accent/15' : ''} ${enabled ? 'text-fg' : 'text-muted/60'}`}
            >
              <span className="w-16 shrink-0 text-[11px] text-muted">{item.category}</span>
              <span className="min-w-0 flex-1 truncate">
                <Highlighted text={item.title} positions={match.positions} />
              </span>
              {binding && <Kbd>{displaySequence(binding)}</Kbd>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
