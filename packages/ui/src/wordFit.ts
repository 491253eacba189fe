// Truncating at word boundaries (never mid-word): which words of a text fit a width, measured once
// per text, so a narrower row drops whole words and ends in "…" instead of cutting one in half.

/**
 * The words of a name or summary, each with the separator that ends it: spaces, and the
 * punctuation names break at (`-`, `_`, `/`, `.`, `:`, `·`). Joined they give the text back.
 */
export function splitWords(text: string): string[] {
  return text.match(/[^\s\-_/.:·]*(?:[\s\-_/.:·]+|$)/g)?.filter((w) => w !== '') ?? [text];
}

/**
 * How many leading words fit `available` px: all when the whole fits, else as many as fit with
 * room left for the ellipsis; at least one (a first word too long for the row is cut by the
 * browser's own ellipsis; there is nothing shorter to show).
 */
export function fitCount(widths: readonly number[], ellipsis: number, available: number): number {
  const total = widths.reduce((a, b) => a + b, 0);
  if (total <= available + 0.5) return widths.length;
  let used = ellipsis;
  let n = 0;
  for (const w of widths) {
    if (used + w > available + 0.5) break;
    used += w;
    n++;
  }
  return Math.max(1, n);
}
