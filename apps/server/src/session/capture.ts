// capture-pane: the mirror's screen (and optionally scrollback) as plain lines, with title,
// cursor and size. Runs once everything the PTY sent so far is parsed (Mirror.whenParsed).
import type { Pane } from './pane';

export interface CaptureOptions {
  /** Lines of scrollback above the screen to include: a count, or 'full'. Default 0. */
  scrollback?: number | 'full';
}

export interface PaneCapture {
  lines: string[];
  title: string;
  /** Cursor position on the screen, 0-based. */
  cursor: { x: number; y: number };
  size: { cols: number; rows: number };
  /** Lines of scrollback included before the screen lines. */
  scrollback: number;
}

export function capturePane(pane: Pane, o: CaptureOptions = {}): Promise<PaneCapture> {
  return pane.mirror.whenParsed(() => {
    const buf = pane.mirror.term.buffer.active;
    const screenTop = buf.baseY;
    const available = screenTop;
    const want = o.scrollback === 'full' ? available : Math.min(available, Math.max(0, o.scrollback ?? 0));
    const lines: string[] = [];
    for (let y = screenTop - want; y < screenTop + pane.mirror.term.rows; y++) {
      lines.push(buf.getLine(y)?.translateToString(true) ?? '');
    }
    return {
      lines,
      title: pane.title,
      cursor: { x: buf.cursorX, y: buf.cursorY },
      size: { cols: pane.mirror.term.cols, rows: pane.mirror.term.rows },
      scrollback: want,
    };
  });
}

/** The visible screen as text (for detection: its screen string input). */
export function visibleText(pane: Pane): string {
  const term = pane.mirror.term;
  const buf = term.buffer.active;
  const out: string[] = [];
  for (let y = buf.viewportY; y < buf.viewportY + term.rows; y++)
    out.push(buf.getLine(y)?.translateToString(true) ?? '');
  return out.join('\n');
}
