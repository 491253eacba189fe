// Chords the browser keeps for itself: Chromium (and Firefox) act on them before a page sees the
// key, so a binding on one never fires in rozi web (rozi's native client has no such limit).
// Each is named with what the browser does instead, and the nearest chord that does reach the
// page is offered. Pure: the server's `rozi config check` and the page's keybinding editor both
// read it.
import { normalizeChord, parseSequence } from './chord';

/** Normalised chord → what the browser does with it. */
export const BROWSER_RESERVED: Readonly<Record<string, string>> = {
  'ctrl-w': 'closes the tab',
  'ctrl-t': 'opens a new tab',
  'ctrl-n': 'opens a new window',
  'ctrl-shift-n': 'opens an incognito window',
  'ctrl-shift-t': 'reopens the last closed tab',
  'ctrl-shift-w': 'closes the window',
  'ctrl-tab': 'switches to the next tab',
  'ctrl-shift-tab': 'switches to the previous tab',
  'ctrl-pageup': 'switches to the previous tab',
  'ctrl-pagedown': 'switches to the next tab',
  'ctrl-shift-q': 'quits the browser',
  'alt-f4': 'closes the window',
  // The desktop takes these before the browser does (a held-Alt mirror of prefix Tab lands here).
  'alt-tab': 'switches windows',
  'alt-shift-tab': 'switches windows',
  f11: 'toggles full screen',
};

export interface ReservedChord {
  /** The reserved chord as written in the binding (normalised). */
  chord: string;
  /** What the browser does with it. */
  does: string;
  /** The same binding with that chord replaced by the nearest free one. */
  suggestion: string;
}

/** Free chords near a reserved one: the same key with ctrl-alt, then alt, then ctrl-shift. */
function nearestFree(chord: string, taken: ReadonlySet<string>): string {
  const key = chord.split('-').pop() as string;
  const shifted = chord.includes('shift');
  const candidates = [
    `ctrl-alt-${shifted ? 'shift-' : ''}${key}`,
    `alt-${shifted ? 'shift-' : ''}${key}`,
    `ctrl-alt-${key}`,
    `alt-${key}`,
  ];
  for (const c of candidates) {
    const n = normalizeChord(c);
    if (n && !BROWSER_RESERVED[n] && !taken.has(n)) return n;
  }
  return `prefix ${key}`;
}

/**
 * The first chord of a binding the browser keeps, with the nearest free binding, or null when
 * every chord reaches the page. `taken` = chords already bound, which a suggestion avoids.
 */
export function browserReservedChord(
  binding: string,
  taken: ReadonlySet<string> = new Set(),
): ReservedChord | null {
  const chords = parseSequence(binding);
  if (!chords) return null;
  const i = chords.findIndex((c) => BROWSER_RESERVED[c] !== undefined);
  if (i < 0) return null;
  const chord = chords[i] as string;
  const suggestion = [...chords.slice(0, i), nearestFree(chord, taken), ...chords.slice(i + 1)].join(' ');
  return { chord, does: BROWSER_RESERVED[chord] as string, suggestion };
}
