// `[input]` as the page uses it (configuration.md): `prefix`, one key chord that starts every
// leader binding (an unparseable one is a warning and the default is kept), `which_key`, how
// long the prefix is held before the which-key strip lists what can follow, and the held-modifier
// layer: `modifier` (alt or super) and `modifier_shortcuts` (default on: every `prefix X` binding
// also answers to `<modifier>+X`; @rozi/keymap modifierScheme.ts).
import { DEFAULT_PREFIX, heldModifierOf, normalizeSequence, type HeldModifier } from '@rozi/keymap';

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

export const WHICH_KEY = ['off', 'instant', 'short', 'long'] as const;
export type WhichKey = (typeof WHICH_KEY)[number];

/** A prefix as `[input] prefix` takes it: one key chord (`ctrl-a`, `alt-space`, `f12`), normalised. */
export function prefixOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const n = normalizeSequence(value);
  // One chord, and a key: the `prefix` placeholder cannot stand for itself.
  return n && !n.includes(' ') && n !== 'prefix' ? n : null;
}

/** `[input]` as the page uses it, each bad value one warning and its default. */
export function inputSettings(root: Record<string, unknown>): {
  prefix: string | null;
  whichKey: WhichKey;
  /** The held modifier (`super` and its aliases read as meta: the browser's metaKey). */
  modifier: HeldModifier;
  /** What the file writes for `modifier` (null: not set, Alt). */
  modifierSet: string | null;
  modifierShortcuts: boolean;
  /** Whether the file sets `modifier_shortcuts` (false: rozi's default, on). */
  modifierShortcutsSet: boolean;
  warnings: string[];
} {
  const input = isTable(root.input) ? root.input : {};
  const warnings: string[] = [];
  let prefix: string | null = null;
  if (input.prefix !== undefined) {
    prefix = prefixOf(input.prefix);
    if (!prefix)
      warnings.push(
        `[input] prefix = ${JSON.stringify(input.prefix)} is not one key chord; using ${DEFAULT_PREFIX}`,
      );
  }
  let whichKey: WhichKey = 'short';
  if (input.which_key !== undefined) {
    if ((WHICH_KEY as readonly unknown[]).includes(input.which_key)) whichKey = input.which_key as WhichKey;
    else warnings.push(`[input] which_key must be off, instant, short or long; using short`);
  }
  let modifier: HeldModifier = 'alt';
  if (input.modifier !== undefined) {
    const held = heldModifierOf(input.modifier);
    if (held) modifier = held;
    else warnings.push(`[input] modifier = ${JSON.stringify(input.modifier)} is not alt or super; using alt`);
  }
  let modifierShortcuts = true;
  if (input.modifier_shortcuts !== undefined) {
    if (typeof input.modifier_shortcuts === 'boolean') modifierShortcuts = input.modifier_shortcuts;
    else warnings.push(`[input] modifier_shortcuts must be true or false; using true`);
  }
  return {
    prefix,
    whichKey,
    modifier,
    modifierSet: typeof input.modifier === 'string' && heldModifierOf(input.modifier) ? input.modifier : null,
    modifierShortcuts,
    modifierShortcutsSet: typeof input.modifier_shortcuts === 'boolean',
    warnings,
  };
}

/** The modifier the keymap mirrors `prefix X` bindings with, or null when modifier_shortcuts is off. */
export function mirrorModifier(root: Record<string, unknown>): HeldModifier | null {
  const s = inputSettings(root);
  return s.modifierShortcuts ? s.modifier : null;
}
