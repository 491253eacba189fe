// `[input]` as the page uses it (configuration.md): `prefix`, one key chord that starts every
// leader binding (an unparseable one is a warning and the default is kept), and `which_key`, how
// long the prefix is held before the which-key strip lists what can follow.
import { DEFAULT_PREFIX, normalizeSequence } from '@rozi/keymap';

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

export const WHICH_KEY = ['off', 'instant', 'short', 'long'] as const;
export type WhichKey = (typeof WHICH_KEY)[number];

/** A prefix as `[input] prefix` takes it: one key chord (`ctrl-a`, `alt-space`, `f12`), normalised. */
export function prefixOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const n = normalizeSequence(value);
  return n && !n.includes(' ') ? n : null;
}

/** `[input]` as the page uses it, each bad value one warning and its default. */
export function inputSettings(root: Record<string, unknown>): {
  prefix: string | null;
  whichKey: WhichKey;
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
  return { prefix, whichKey, warnings };
}
