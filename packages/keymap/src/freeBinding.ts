// The nearest binding nobody holds, for the keybinding editor's one-click "use the suggestion":
// when a recorded or bound sequence collides with another action's keys or is kept by the
// browser, the chord at fault (the reserved one, else the last) is tried again with the same key
// under other modifiers, and the first that neither the browser keeps nor overlaps a taken binding
// wins. Pure: the page reads it, the server could.
import { BROWSER_RESERVED } from './browserReserved';
import { normalizeChord, parseSequence, sequencesOverlap } from './chord';

// A sequence's first chord never goes bare or shift-only (typing would fire it); after a prefix
// the plain key is the nearest.
const FIRST = ['ctrl-alt', 'alt', 'ctrl-alt-shift', 'alt-shift', 'ctrl-shift', 'ctrl'];
const LATER = ['', 'shift', 'alt', 'ctrl', 'ctrl-alt', 'alt-shift', 'ctrl-shift', 'ctrl-alt-shift'];

/** The key of a normalised chord without its modifiers (`ctrl-shift-p` → `p`, `ctrl--` → `-`). */
function keyOf(chord: string): string {
  if (chord === '-' || chord.endsWith('--')) return '-';
  return chord.split('-').pop() as string;
}

/**
 * A free binding near `binding`, or null when none of the tried chords is free (or `binding` is
 * not a key sequence). `taken` = the bindings other actions hold (any spelling).
 */
export function freeBindingNear(binding: string, taken: readonly string[]): string | null {
  const chords = parseSequence(binding);
  if (!chords) return null;
  const held = taken.map(parseSequence).filter((t): t is string[] => t !== null);
  const reserved = chords.findIndex((c) => BROWSER_RESERVED[c] !== undefined);
  const at = reserved >= 0 ? reserved : chords.length - 1;
  const key = keyOf(chords[at] as string);
  const symbol = key.length === 1 && !/[a-z0-9]/.test(key);
  for (const mods of at === 0 ? FIRST : LATER) {
    // A symbol (`%`) is read without shift (chord.ts chordOfEvent): shift-% could never be typed.
    if (symbol && mods.includes('shift')) continue;
    const chord = normalizeChord(mods ? `${mods}-${key}` : key);
    if (!chord || chord === chords[at] || BROWSER_RESERVED[chord]) continue;
    const candidate = [...chords.slice(0, at), chord, ...chords.slice(at + 1)];
    if (candidate.some((c) => BROWSER_RESERVED[c])) continue;
    if (held.some((t) => sequencesOverlap(t, candidate))) continue;
    return candidate.join(' ');
  }
  return null;
}
