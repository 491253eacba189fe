// The text rules read: the screen and its footer, the last eight non-empty lines. Footer-scoped
// rules run on the footer slice only, which is both the safety (transcript text above it cannot
// trigger them) and most of the speed (a 200×60 screen's footer is a few hundred characters).
// Matching ignores case inside the matchers (case-insensitive engines), so the text is never
// copied in lowercase and every span is an offset into the screen as captured.

/** Footer scope: the last eight non-empty lines of the screen (spec). */
export const FOOTER_LINES = 8;

export interface PreparedScreen {
  text: string;
  /** Offset in the screen where the footer starts; `text.slice(footerStart)` is the footer. */
  footerStart: number;
  footer: string;
}

function isBlank(code: number): boolean {
  return (
    code <= 32 || code === 0xa0 || code === 0x3000 || code === 0xfeff || (code >= 0x2000 && code <= 0x200a)
  );
}

/** Offset where the last `lines` non-empty lines begin (0 when the screen has fewer). */
export function footerStartOf(text: string, lines = FOOTER_LINES): number {
  let seen = 0;
  let lineHasText = false;
  for (let i = text.length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      if (lineHasText && ++seen === lines) return i + 1;
      lineHasText = false;
    } else if (!lineHasText && !isBlank(code)) lineHasText = true;
  }
  return 0;
}

export function prepareScreen(screen: string): PreparedScreen {
  const footerStart = footerStartOf(screen);
  return { text: screen, footerStart, footer: footerStart === 0 ? screen : screen.slice(footerStart) };
}
