// capture-pane: the mirror's screen (and optionally scrollback) as plain lines, with title,
// cursor and size, or the last finished command's output (shell integration's OSC 133 marks).
// Runs once everything the PTY sent so far is parsed (Mirror.whenParsed).
import { RoziError } from './errors';
import type { Pane } from './pane';

export interface CaptureOptions {
  /**
   * Lines of scrollback above the screen to include: a count, or 'full'. Default 0.
   * 'last-output': instead of the screen, the output of the last command that finished.
   */
  scrollback?: number | 'full' | 'last-output';
}

export interface PaneCapture {
  lines: string[];
  title: string;
  /** Cursor position on the screen, 0-based. */
  cursor: { x: number; y: number };
  size: { cols: number; rows: number };
  /** Lines of scrollback included before the screen lines. */
  scrollback: number;
  /** With 'last-output': that command's exit status (null when its shell did not say). */
  exitCode?: number | null;
  /** With 'last-output': the output's first lines had already left the scrollback. */
  truncated?: boolean;
}

export function capturePane(pane: Pane, o: CaptureOptions = {}): Promise<PaneCapture> {
  if (o.scrollback === 'last-output') return captureLastOutput(pane);
  const scrollback = o.scrollback;
  return pane.mirror.whenParsed(() => {
    const buf = pane.mirror.term.buffer.active;
    const screenTop = buf.baseY;
    const available = screenTop;
    const want = scrollback === 'full' ? available : Math.min(available, Math.max(0, scrollback ?? 0));
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

function captureLastOutput(pane: Pane): Promise<PaneCapture> {
  return pane.mirror.whenParsed(() => {
    const last = pane.mirror.marks.lastOutput();
    if (!last) {
      throw new RoziError(
        'not-found',
        pane.mirror.marks.seen
          ? `pane ${pane.id} has no finished command yet (or its output left the scrollback)`
          : `pane ${pane.id} has no command marks: its shell runs without shell integration (OSC 133); see [shell_integration] in config.toml`,
      );
    }
    const buf = pane.mirror.term.buffer.active;
    return {
      lines: last.lines,
      title: pane.title,
      cursor: { x: buf.cursorX, y: buf.cursorY },
      size: { cols: pane.mirror.term.cols, rows: pane.mirror.term.rows },
      scrollback: 0,
      exitCode: last.exitCode,
      truncated: last.truncated,
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
