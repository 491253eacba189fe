// Terminal rows as text with the column of every character, so a match found in the text (a
// search hit, a hint) maps back to the cells it covers. Wide characters take two columns and one
// character; the text of a row keeps trailing blanks out.
import type { IBuffer, IBufferCell } from '@xterm/xterm';

export interface RowText {
  /** Absolute buffer line. */
  y: number;
  text: string;
  /** Column of each UTF-16 unit of `text` (a surrogate pair shares its column). */
  cols: number[];
}

export function rowText(buffer: IBuffer, y: number, scratch?: IBufferCell): RowText {
  const line = buffer.getLine(y);
  const out: RowText = { y, text: '', cols: [] };
  if (!line) return out;
  let cell = scratch;
  let end = 0;
  for (let x = 0; x < line.length; x++) {
    cell = line.getCell(x, cell);
    if (!cell) break;
    if (cell.getWidth() === 0) continue; // the right half of a wide character
    const chars = cell.getChars() || ' ';
    for (let i = 0; i < chars.length; i++) out.cols.push(x);
    out.text += chars;
    if (chars !== ' ') end = out.text.length;
  }
  out.text = out.text.slice(0, end);
  out.cols.length = end;
  return out;
}

export interface LogicalLine {
  text: string;
  /** Per UTF-16 unit: the absolute line and column it sits in. */
  at: Array<{ y: number; x: number }>;
}

/**
 * The rows from `top` to `bottom` (inclusive) grouped into logical lines: a row the terminal
 * wrapped continues the line before it, so a long URL is one piece of text.
 */
export function logicalLines(buffer: IBuffer, o: { top: number; bottom: number }): LogicalLine[] {
  const lines: LogicalLine[] = [];
  let current: LogicalLine | null = null;
  const scratch = buffer.getNullCell();
  for (let y = o.top; y <= o.bottom; y++) {
    const line = buffer.getLine(y);
    if (!line) break;
    const row = rowText(buffer, y, scratch);
    if (!current || !line.isWrapped) {
      current = { text: '', at: [] };
      lines.push(current);
    } else {
      // The wrapped row before kept its trailing blanks on screen: they are part of the text.
      const prev = buffer.getLine(y - 1);
      const width = prev?.length ?? 0;
      const last = current.at.at(-1);
      if (last && last.y === y - 1) {
        for (let x = last.x + 1; x < width; x++) {
          current.text += ' ';
          current.at.push({ y: y - 1, x });
        }
      }
    }
    current.text += row.text;
    for (const x of row.cols) current.at.push({ y, x });
  }
  return lines;
}
