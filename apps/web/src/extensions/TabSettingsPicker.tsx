'use client';
// A sidebar tab's settings picker (Ctrl+E in Sidebar tabs…; spec: Tab settings): the settings the
// tab offers in its order, the highlighted one's description underneath. Enter edits: a boolean
// flips between Enabled and Disabled, a string with choices opens its labelled values, an integer
// or other string takes typed text checked against min/max. Ctrl+R puts one back to its default.
// Each change is written to [extensions.<id>] in config.toml and the extension's services restart.
import { useQuery } from '@tanstack/react-query';
import { Kbd, type Message } from '@rozi/ui';
import { useEffect, useRef, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpcClient';
import { parseTypedSetting } from './tabPlacement';

type Value = string | number | boolean | string[];

function shown(v: Value, choices: { value: string; label: string }[] | null): string {
  if (typeof v === 'boolean') return v ? 'Enabled' : 'Disabled';
  if (Array.isArray(v)) return v.join(', ');
  return choices?.find((c) => c.value === v)?.label ?? String(v);
}

export function TabSettingsPicker({ tab, onClose }: { tab: string; onClose(): void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const options = trpc.tabSettings.get.queryOptions({ tab });
  const { data, error } = useQuery(options);
  const [index, setIndex] = useState(0);
  const [editing, setEditing] = useState<{ key: string; text: string; choice: number } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const list = useRef<HTMLDivElement>(null);
  // The list holds the focus while nothing is edited; a typed value's field takes it while it is
  // (taking it back on every edit left the value field unusable from the keyboard).
  const listFocused = editing === null;
  useEffect(() => {
    if (listFocused) list.current?.focus();
  }, [data, listFocused]);

  const settings = data?.settings ?? [];
  const current = settings[Math.min(index, settings.length - 1)];

  const save = async (key: string, value: string | number | boolean | null) => {
    try {
      const r = await client.tabSettings.set.mutate({ tab, key, value });
      setMessage({
        text:
          value === null
            ? `${key} back to its default${r.restarted ? '; services restarted' : ''}`
            : `Saved${r.restarted ? '; services restarted' : ''}`,
        tone: 'info',
      });
      setEditing(null);
    } catch (err) {
      setMessage({ text: err instanceof Error ? err.message : String(err), tone: 'error' });
    }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!current) return;
    if (e.ctrlKey && e.key.toLowerCase() === 'r') {
      e.preventDefault();
      void save(current.key, null);
      return;
    }
    if (editing && current.choices) {
      const count = current.choices.length;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setEditing({ ...editing, choice: Math.max(0, Math.min(count - 1, editing.choice + step)) });
      } else if (e.key === 'Enter') {
        e.preventDefault();
        const choice = current.choices[editing.choice];
        if (choice) void save(current.key, choice.value);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setEditing(null);
      }
      return;
    }
    if (editing) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setIndex((i) => Math.min(i + 1, settings.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setIndex((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (current.type === 'boolean') void save(current.key, !(current.value as boolean));
      else if (current.type !== 'string-list')
        setEditing({
          key: current.key,
          text: String(current.value),
          choice: Math.max(0, current.choices?.findIndex((c) => c.value === current.value) ?? 0),
        });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };

  if (error) return <p className="p-4 text-[13px] text-danger">{error.message}</p>;
  if (!data) return <p className="p-4 text-[13px] text-muted">Loading settings…</p>;
  return (
    <div
      ref={list}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="flex flex-col outline-none"
      aria-label={`${data.label} settings`}
    >
      <div className="border-b border-line px-4 py-2 text-[12px] text-muted">
        {data.label} · <span className="font-mono">[extensions.{data.extension}]</span>
      </div>
      {settings.length === 0 && <p className="p-4 text-[13px] text-muted">This tab offers no settings.</p>}
      <ul role="listbox" aria-label="Settings" className="py-1">
        {settings.map((s, i) => (
          <li
            key={s.key}
            role="option"
            aria-selected={s === current}
            onClick={() => setIndex(i)}
            className={`flex items-center gap-3 px-4 py-1.5 text-[13px] ${s === current ? 'bg-accent/15' : ''}`}
          >
            <span className="flex-1">{s.label || s.key}</span>
            {editing?.key === s.key && !s.choices ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  const r = parseTypedSetting({
                    type: s.type,
                    text: editing.text,
                    min: s.min,
                    max: s.max,
                    label: s.label || s.key,
                  });
                  if ('error' in r) setMessage({ text: r.error, tone: 'error' });
                  else void save(s.key, r.value);
                }}
              >
                <input
                  autoFocus
                  aria-label={`${s.label || s.key} value`}
                  inputMode={s.type === 'integer' ? 'numeric' : undefined}
                  value={editing.text}
                  onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') {
                      e.preventDefault();
                      e.stopPropagation();
                      setEditing(null);
                    }
                  }}
                  className="h-7 w-28 rounded border border-accent bg-bg px-2 text-right font-mono text-[13px] outline-none"
                />
              </form>
            ) : (
              <span className={`font-mono text-[12px] ${s.configured ? 'text-fg' : 'text-muted'}`}>
                {shown(s.value, s.choices)}
                {s.configured ? ' •' : ''}
              </span>
            )}
          </li>
        ))}
      </ul>
      {editing && current?.choices && (
        <ul
          role="listbox"
          aria-label={`${current.label} choices`}
          className="mx-4 mb-2 rounded border border-line"
        >
          {current.choices.map((c, i) => (
            <li
              key={c.value}
              role="option"
              aria-selected={i === editing.choice}
              onClick={() => void save(current.key, c.value)}
              className={`cursor-pointer px-3 py-1 text-[13px] hover:bg-surface-2 ${i === editing.choice ? 'bg-accent/15' : ''}`}
            >
              {c.label}
              {c.value === current.value && <span className="text-muted"> (current)</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="min-h-[2.5rem] border-t border-line px-4 py-2 text-[12px]">
        {message ? (
          <span
            className={message.tone === 'error' ? 'text-danger' : 'text-muted'}
            role={message.tone === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </span>
        ) : (
          <span className="text-muted">
            {current?.description ??
              (current
                ? `Default: ${shown(current.default, current.choices)}${current.min !== null ? ` · min ${current.min}` : ''}${current.max !== null ? ` · max ${current.max}` : ''}`
                : '')}
          </span>
        )}
      </div>
      <div className="flex gap-3 border-t border-line px-4 py-2 text-[11px] text-muted">
        <span>
          <Kbd>Enter</Kbd> edit
        </span>
        <span>
          <Kbd>Ctrl+R</Kbd> default
        </span>
        <span>
          <Kbd>Esc</Kbd> back
        </span>
      </div>
    </div>
  );
}
