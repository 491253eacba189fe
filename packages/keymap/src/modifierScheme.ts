// rozi's held-modifier layer ([input] modifier / modifier_shortcuts, keybindings.md "Held
// modifier"): every binding generated from the scheme — a built-in `prefix X` or a [keys] bare key
// — also answers to `<modifier>+X` in one press, without the prefix. Literal bindings are never
// mirrored. Pure: the resolver (resolveKeymap.ts) adds the mirrors, the server's config check and
// the page read the same names.
import { normalizeChord } from './chord';

/** The held modifier as the browser reports it: Alt (altKey) or Super (metaKey). */
export type HeldModifier = 'alt' | 'meta';

/** rozi's spellings of `[input] modifier`: alt/mod, or super/meta/logo/win. */
const MODIFIER_NAMES: Readonly<Record<string, HeldModifier>> = {
  alt: 'alt',
  mod: 'alt',
  super: 'meta',
  meta: 'meta',
  logo: 'meta',
  win: 'meta',
};

/** `[input] modifier` as written → the held modifier, or null when rozi does not know the name. */
export function heldModifierOf(name: unknown): HeldModifier | null {
  if (typeof name !== 'string') return null;
  return MODIFIER_NAMES[name.trim().toLowerCase()] ?? null;
}

/**
 * A [keys] value in rozi's scheme syntax → this keymap's: a bare key (one key carrying at most
 * shift: `b`, `shift-w`, `tab`) or `scheme:<chord>` follows the prefix (`prefix b`); anything
 * else is a literal binding, used as written.
 */
export function schemeBinding(binding: string): string {
  const b = binding.trim();
  if (b.startsWith('scheme:')) return `prefix ${b.slice('scheme:'.length).trim()}`;
  if (/\s/.test(b) || b === '' || b === '-') return b;
  const mods = b.toLowerCase().split(/[-+]/).slice(0, -1).filter(Boolean);
  return mods.every((m) => m === 'shift') ? `prefix ${b}` : b;
}

/**
 * The held-modifier chord a scheme binding also answers to: `prefix %` with alt → `alt-%`. Null
 * for a literal binding, for the prefix itself (`prefix prefix` sends it), and for a key that
 * already carries the modifier (`prefix alt-1` cannot be told from `prefix 1`'s mirror).
 */
export function mirrorOf(binding: string, o: { modifier: HeldModifier; prefix: string }): string | null {
  const m = /^prefix\s+(\S+)$/.exec(binding.trim());
  if (!m) return null;
  if (m[1] === 'prefix') return null;
  const chord = normalizeChord(m[1] as string);
  if (!chord || chord === o.prefix) return null;
  if (chord.split('-').slice(0, -1).includes(o.modifier)) return null;
  return normalizeChord(`${o.modifier}-${chord}`);
}
