'use client';
// The which-key strip (rozi's `[input] which_key`): while a prefix sequence is pending, after the
// configured delay, a compact table above the status line of every key that can come next and
// what it does, drawn from the keymap in force (so [keys] overrides show as they are). A chord
// finished before the delay never shows it. Rows past a fifth of the viewport are counted.
import { displaySequence, type KeymapResult } from '@rozi/keymap';
import { Kbd } from '@rozi/ui';
import { useEffect, useMemo, useState } from 'react';

export interface WhichKeyStripProps {
  pending: readonly string[];
  keymap: KeymapResult;
  /** Milliseconds before it shows; null = never. */
  delayMs: number | null;
  title(action: string): string;
}

const ROW_PX = 22;

/** rozi's families: `1`…`9` (and `alt-1`…) become one row, `1-9 Select workspace`, so the strip stays small. */
function collapseDigits(rows: Array<[string, string]>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const families = new Map<string, string[]>();
  for (const [chord, label] of rows) {
    const m = /^((?:[a-z]+-)*)([1-9])$/.exec(chord);
    if (!m) {
      out.push([chord, label]);
      continue;
    }
    const family = families.get(m[1] ?? '') ?? [];
    family.push(label.replace(/\s*\d+\s*$/, ''));
    families.set(m[1] ?? '', family);
  }
  for (const [mods, labels] of families)
    out.push(labels.length > 1 ? [`${mods}1-9`, labels[0] ?? ''] : [`${mods}1`, labels[0] ?? '']);
  return out;
}

export function WhichKeyStrip({ pending, keymap, delayMs, title }: WhichKeyStripProps) {
  const [shown, setShown] = useState(false);
  const key = pending.join(' ');
  useEffect(() => {
    setShown(false);
    if (pending.length === 0 || delayMs === null) return;
    const t = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(t);
  }, [key, delayMs, pending.length]);
  const rows = useMemo(() => {
    const next = new Map<string, string>();
    for (const b of keymap.bindings) {
      if (b.sequence.length <= pending.length) continue;
      if (!pending.every((c, i) => b.sequence[i] === c)) continue;
      const chord = b.sequence[pending.length] as string;
      const more = b.sequence.length > pending.length + 1;
      if (!next.has(chord)) next.set(chord, more ? `${title(b.action)} …` : title(b.action));
    }
    return collapseDigits([...next.entries()]).sort(([a], [b]) => a.localeCompare(b));
  }, [keymap, pending, title]);
  if (!shown || rows.length === 0) return null;
  const columns = 4;
  const maxRows = Math.max(2, Math.floor(window.innerHeight / 5 / ROW_PX));
  const visible = rows.slice(0, maxRows * columns);
  return (
    <div
      role="status"
      aria-label={`Keys after ${displaySequence(pending)}`}
      data-which-key
      className="pointer-events-none absolute inset-x-2 bottom-7 z-30 rounded-md border border-line bg-surface/95 px-3 py-2 text-[12px] shadow-lg"
    >
      <div className="mb-1 flex items-center gap-2 text-[11px] text-muted">
        <Kbd className="h-4 px-1 text-[10px]">{displaySequence(pending)}</Kbd>
        <span>then</span>
        {rows.length > visible.length && (
          <span className="ml-auto">+{rows.length - visible.length} more</span>
        )}
      </div>
      <ul className="grid grid-cols-4 gap-x-4 gap-y-0.5">
        {visible.map(([chord, label]) => (
          <li key={chord} className="flex min-w-0 items-center gap-2" style={{ height: ROW_PX - 4 }}>
            <Kbd className="h-4 shrink-0 px-1 text-[10px]">
              {/-1-9$|^1-9$/.test(chord) ? chord.replace(/^alt-/, 'Alt+') : displaySequence([chord])}
            </Kbd>
            <span className="truncate">{label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
