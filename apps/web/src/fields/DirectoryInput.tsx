'use client';
// A directory field with completion from the server (directories.complete): as a person types,
// the subdirectories of what was typed are listed under the field. Keyboard first, like a shell:
// Tab completes (the one match, or the part all matches share, or the highlighted one), ↓/↑ move
// through the list, Enter takes the highlighted entry (without one it submits the form), Esc
// closes the list (a second Esc closes the dialog). `~/` is kept as typed. A field for a session
// on a remote host names it (`session`): the server forwards the call and that host's disk answers.
import { TextInput } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { InputHTMLAttributes, KeyboardEvent } from 'react';
import { useTRPC } from '../api/trpcClient';
import { commonPrefix, stepActive } from './directoryCompletion';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

export interface DirectoryInputProps extends InputProps {
  value: string;
  onValueChange(value: string): void;
  /** The session the directory is for (`dev@box` completes on box); absent: this machine. */
  session?: string;
}

const DEBOUNCE_MS = 80;

export function DirectoryInput({
  value,
  onValueChange,
  session,
  className = '',
  ...rest
}: DirectoryInputProps) {
  const trpc = useTRPC();
  const listId = useId();
  const [asked, setAsked] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const t = setTimeout(() => setAsked(value), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value]);
  const query = useQuery(
    trpc.directories.complete.queryOptions(session ? { prefix: asked, session } : { prefix: asked }, {
      enabled: open,
      staleTime: 3_000,
    }),
  );
  const current = query.data && asked === value ? query.data : undefined;
  const entries = current?.entries ?? [];
  const shown = open && (entries.length > 0 || current?.problem);

  const take = (next: string) => {
    onValueChange(next);
    setActive(-1);
    setOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    rest.onKeyDown?.(e);
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Tab' && !e.shiftKey) {
      if (!open) setOpen(true);
      const pick = active >= 0 ? entries[active] : entries.length === 1 ? entries[0] : undefined;
      const next = pick ?? commonPrefix(entries);
      // Nothing more to complete: Tab moves on as usual.
      if (!next || next === value || !current) return;
      e.preventDefault();
      take(next);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (entries.length === 0) return;
      const step: 1 | -1 = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => stepActive(a, entries.length, step));
    } else if (e.key === 'Enter' && open && active >= 0 && entries[active]) {
      e.preventDefault();
      take(entries[active]!);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div>
      <TextInput
        {...rest}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={Boolean(shown)}
        aria-controls={listId}
        aria-activedescendant={active >= 0 && entries[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        className={`w-full font-mono ${className}`}
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          rest.onBlur?.(e);
          setOpen(false);
          setActive(-1);
        }}
      />
      {shown && (
        // In the flow, not floating: a dialog clips what overflows it, so the list makes room.
        <div
          className="mt-1 max-h-56 overflow-auto rounded-md border border-line bg-surface-2 py-1"
          data-directory-list
        >
          {current?.problem ? (
            <p className="px-2.5 py-1 text-[12px] text-muted" role="status">
              {current.problem}
            </p>
          ) : (
            <ul id={listId} role="listbox" aria-label="Directories">
              {entries.map((entry, i) => (
                <li
                  key={entry}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  data-directory-option={entry}
                  // mousedown, not click: the field keeps the focus (a blur would close the list first).
                  onMouseDown={(e) => {
                    e.preventDefault();
                    take(entry);
                  }}
                  className={`cursor-pointer truncate px-2.5 py-1 font-mono text-[12px] ${i === active ? 'bg-accent/20 text-fg' : 'text-muted hover:text-fg'}`}
                  title={entry}
                >
                  {entry}
                </li>
              ))}
              {current?.truncated && (
                <li role="presentation" className="px-2.5 py-1 text-[11px] text-muted">
                  More not shown: type more of the name
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
