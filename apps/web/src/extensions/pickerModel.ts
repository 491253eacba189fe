// What the picker modal shows, without React: rows ranked by the filter (rozi's `priority` boosts
// a row with or without one), the rows actually drawn (a 100,000-row request draws the best 200
// and says how many more match), group headers where the group changes, the actions whose chord
// parses (rozi drops the rest rather than showing a hint that never fires), and the action a key
// press means.
import type { PickerAction, PickerRow } from '@rozi/server/events';
import { chordOfEvent, parseSequence, type KeyLike } from '@rozi/keymap';
import { fuzzyMatch } from '../palette/fuzzyMatch';

/** Rows drawn at once; the rest are reached by typing. */
export const PICKER_DRAWN = 200;

export interface RankedRow {
  row: PickerRow;
  /** Matched character positions in the label, for highlighting. */
  positions: number[];
}

export function rankPickerRows(rows: readonly PickerRow[], query: string): RankedRow[] {
  const scored: { row: PickerRow; positions: number[]; score: number; order: number }[] = [];
  rows.forEach((row, order) => {
    const onLabel = fuzzyMatch(query, row.label);
    const onRest = onLabel ? null : fuzzyMatch(query, `${row.group ?? ''} ${row.description ?? ''}`);
    const match = onLabel ?? (onRest ? { score: onRest.score - 1, positions: [] } : null);
    if (match)
      scored.push({ row, positions: match.positions, score: match.score + (row.priority ?? 0), order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map(({ row, positions }) => ({ row, positions }));
}

/** Only actions with a chord that parses; each with its normal form for matching key presses. */
export function usableActions(actions: readonly PickerAction[]): { action: PickerAction; chord: string }[] {
  return actions.flatMap((action) => {
    const sequence = parseSequence(action.key);
    return sequence && sequence.length === 1 ? [{ action, chord: sequence[0]! }] : [];
  });
}

export function actionForKey(
  actions: readonly { action: PickerAction; chord: string }[],
  e: KeyLike,
): PickerAction | undefined {
  const chord = chordOfEvent(e);
  return chord ? actions.find((a) => a.chord === chord)?.action : undefined;
}

/** The group header to draw above the row at `index`, if its group differs from the row before. */
export function headerBefore(drawn: readonly RankedRow[], index: number): string | null {
  const group = drawn[index]?.row.group;
  if (!group) return null;
  return drawn[index - 1]?.row.group === group ? null : group;
}
