// A review as the agent reads it: one prompt listing each comment with the file, the line and the
// line itself, so the agent needs nothing else to find what is meant.

export interface ReviewComment {
  id: string;
  path: string;
  /** The line in the new file (or the old one, for a deleted line). */
  line: number;
  /** The last line of a range the person selected (absent: one line, or a hunk from `line`). */
  endLine?: number;
  side: 'new' | 'old';
  /** The lines commented on (one line, or a hunk's changed lines). */
  quote: string[];
  text: string;
}

const MAX_QUOTE_LINES = 6;

export function reviewText(o: { comments: ReviewComment[]; scope: string }): string {
  const parts = [`Review of your changes (${o.scope}). Please address each comment:`];
  o.comments.forEach((c, i) => {
    const range = c.endLine !== undefined && c.endLine !== c.line;
    const where = `${c.path}:${c.line}${range ? `-${c.endLine}` : ''}${c.side === 'old' ? (range ? ' (removed lines)' : ' (removed line)') : ''}`;
    const quote = c.quote.slice(0, MAX_QUOTE_LINES).map((l) => `   > ${l}`);
    if (c.quote.length > MAX_QUOTE_LINES)
      quote.push(`   > … (${c.quote.length - MAX_QUOTE_LINES} more lines)`);
    parts.push(`${i + 1}. ${where}`, ...quote, `   ${c.text.trim().replace(/\n/g, '\n   ')}`);
  });
  return parts.join('\n');
}
