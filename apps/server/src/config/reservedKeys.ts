// `rozi config check` on [keys]: a binding on a chord the browser keeps for itself (Ctrl+W,
// Ctrl+T, Ctrl+N, Ctrl+Tab, …; @rozi/keymap browserReserved.ts) never reaches rozi web. Each is
// one warning with its line, what the browser does with the chord and the nearest free one.
import {
  BROWSER_RESERVED,
  browserReservedChord,
  DEFAULT_PREFIX,
  mirrorOf,
  normalizeSequence,
  schemeBinding,
} from '@rozi/keymap';
import { inputSettings, mirrorModifier } from './inputSettings';
import type { ConfigRoot } from './configLoad';
import { KeyLines } from './keyLines';

const isTable = (v: unknown): v is ConfigRoot =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

const COMMAND_KINDS = ['run', 'send', 'popup', 'exec'];

/** The bindings an entry of [keys] writes: the value's chords, or an inline command's trigger. */
function bindingsOf(key: string, value: unknown): string[] {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean);
  if (Array.isArray(value)) return value.filter((b): b is string => typeof b === 'string');
  if (isTable(value)) {
    if (COMMAND_KINDS.some((k) => value[k] !== undefined)) return [key];
    if (value.add !== undefined) return bindingsOf(key, value.add);
  }
  return [];
}

export function reservedKeyWarnings(o: { root: ConfigRoot; text: string; file: string }): string[] {
  const keys = o.root.keys;
  if (!isTable(keys)) return [];
  const lines = new KeyLines(o.text);
  const entries = Object.entries(keys).map(([k, v]) => ({ key: k, bindings: bindingsOf(k, v) }));
  const taken = new Set(
    entries.flatMap((e) => e.bindings.map((b) => normalizeSequence(b)).filter((b): b is string => !!b)),
  );
  const modifier = mirrorModifier(o.root);
  const prefix = inputSettings(o.root).prefix ?? DEFAULT_PREFIX;
  const out: string[] = [];
  for (const e of entries)
    for (const b of e.bindings) {
      const line = lines.lineOf(['keys', e.key]) ?? '?';
      const r = browserReservedChord(b, taken);
      if (r) {
        out.push(
          `${o.file}:${line}: [keys] ${e.key}: the browser keeps ${r.chord} for itself (it ${r.does}) and never passes it to the page; try "${r.suggestion}"`,
        );
        continue;
      }
      // A bare key's held-modifier mirror ([input] modifier_shortcuts) on a chord kept before the page.
      const mirror = modifier ? mirrorOf(schemeBinding(b), { modifier, prefix }) : null;
      if (mirror && BROWSER_RESERVED[mirror])
        out.push(
          `${o.file}:${line}: [keys] ${e.key}: its held-modifier chord ${mirror} never reaches the page (it ${BROWSER_RESERVED[mirror]}); ${prefix} ${schemeBinding(b).slice('prefix '.length)} still works`,
        );
    }
  return out;
}
