// The text rules read: the screen lowercased (offsets preserved, so spans point into the
// original screen) and the footer, the last eight non-empty lines. Footer-scoped rules run on
// the footer slice only, which is both the safety (transcript text above it cannot trigger
// them) and most of the speed (a 200×60 screen's footer is a few hundred characters).

/** Footer scope: the last eight non-empty lines of the screen (spec). */
export const FOOTER_LINES = 8;

export interface PreparedScreen {
  /** Lowercased screen, same length as the original. */
  lower: string;
  /** Offset in the screen where the footer starts; `lower.slice(footerStart)` is the footer. */
  footerStart: number;
  footer: string;
}

/**
 * Lowercases without changing any offsets. `toLowerCase` can lengthen a few characters (İ → i̇);
 * those rare ones are kept as they are so that every span still maps 1:1 onto the screen.
 */
export function lowerPreservingOffsets(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Offset where the last `lines` non-empty lines begin (0 when the screen has fewer). */
export function footerStartOf(text: string, lines = FOOTER_LINES): number {
  let seen = 0;
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    // A line counts when it holds anything but whitespace.
    if (/\S/.test(text.slice(start, end))) {
      seen++;
      if (seen === lines) return start;
    }
    end = start - 1;
  }
  return 0;
}

export function prepareScreen(screen: string): PreparedScreen {
  const lower = lowerPreservingOffsets(screen);
  const footerStart = footerStartOf(lower);
  return { lower, footerStart, footer: footerStart === 0 ? lower : lower.slice(footerStart) };
}
