// The lines of a blocked dialog as readQuestion.ts reads them: control and bidi characters
// removed (a label must never reorder or hide text when shown), one level of box border taken
// off each side, and each line's content column kept, since a cursor list is recognised by its
// rows sharing one label column.

/** C0/C1 controls, zero-width and bidi formatting characters: removed from anything shown. */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\u061c\ufeff]/g;

/** The longest text a question or a choice label keeps. */
export const MAX_TEXT = 300;

export function safeText(text: string): string {
  const cleaned = text.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  return cleaned.length > MAX_TEXT ? `${cleaned.slice(0, MAX_TEXT - 1)}…` : cleaned;
}

export interface DialogLine {
  /** Line number in the screen (0-based). */
  row: number;
  /** The line without controls and without one border on each side; leading spaces kept. */
  text: string;
  /** Column of the first non-space character of `text` (-1 for a blank line). */
  indent: number;
  /** Only box-drawing or dash characters: a separator. */
  rule: boolean;
}

const LEFT_BORDER = /^\s*[│┃║▌▐]/;
const RIGHT_BORDER = /\s*[│┃║]\s*$/;
const RULE = /^[\s─━═╌┄┈╍┅┉\-—_╭╮╰╯┌┐└┘├┤┬┴┼╞╡╪·•]+$/;

export function dialogLine(raw: string, row: number): DialogLine {
  let text = raw.replace(UNSAFE, '').replace(/\t/g, ' ');
  text = text.replace(LEFT_BORDER, '').replace(RIGHT_BORDER, '').replace(/\s+$/, '');
  const indent = text.search(/\S/);
  return { row, text, indent, rule: indent >= 0 && RULE.test(text) };
}

/** Offset in `screen` → line number. */
export function rowOf(screen: string, offset: number): number {
  let row = 0;
  for (let i = 0; i < offset && i < screen.length; i++) if (screen.charCodeAt(i) === 10) row++;
  return row;
}

export function isBlank(line: DialogLine): boolean {
  return line.indent < 0;
}
