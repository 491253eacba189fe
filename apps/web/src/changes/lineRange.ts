// A comment's target from the rows the person selected in one hunk: a single line, or a range
// picked with Shift (click or Enter on a second line number). The range is named by new-file
// line numbers when it holds any new-side row, else by the removed lines' old numbers, and its
// quote is every row in between, signed like the diff.
import type { DiffRow } from './diffModel';
import type { ReviewComment } from './reviewText';

export type CommentTarget = Pick<ReviewComment, 'path' | 'line' | 'endLine' | 'side' | 'quote'>;

export const SIGN: Record<DiffRow['kind'], string> = { insert: '+', delete: '-', context: ' ' };

/** Rows `from`..`to` (either order, inclusive) of a hunk as one comment target. */
export function rangeTarget(o: { path: string; rows: DiffRow[]; from: number; to: number }): CommentTarget {
  const lo = Math.max(0, Math.min(o.from, o.to));
  const hi = Math.min(o.rows.length - 1, Math.max(o.from, o.to));
  const picked = o.rows.slice(lo, hi + 1);
  if (picked.length === 1) {
    const row = picked[0] as DiffRow;
    return {
      path: o.path,
      line: (row.kind === 'delete' ? row.oldNumber : row.newNumber) ?? 0,
      side: row.kind === 'delete' ? 'old' : 'new',
      quote: [row.text],
    };
  }
  const newSide = picked.filter((r) => r.kind !== 'delete' && r.newNumber !== null);
  const side = newSide.length > 0 ? 'new' : 'old';
  const numbers = side === 'new' ? newSide.map((r) => r.newNumber) : picked.map((r) => r.oldNumber);
  const known = numbers.filter((n): n is number => n !== null);
  return {
    path: o.path,
    line: known[0] ?? 0,
    endLine: known[known.length - 1] ?? 0,
    side,
    quote: picked.map((r) => `${SIGN[r.kind]}${r.text}`),
  };
}

/** Where a comment is shown: under its last line. */
export const anchorKey = (t: Pick<CommentTarget, 'line' | 'endLine' | 'side'>) =>
  `${t.side}:${t.endLine ?? t.line}`;
