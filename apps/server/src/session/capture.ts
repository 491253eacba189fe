// capture-pane: the mirror's screen (and optionally scrollback) as plain lines, with title,
// cursor and size, or the last finished command's output (shell integration's OSC 133 marks).
// Read in the mirror worker once everything the PTY sent so far is parsed (mirrorClient.ts).
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

export async function capturePane(pane: Pane, o: CaptureOptions = {}): Promise<PaneCapture> {
  if (o.scrollback === 'last-output') return captureLastOutput(pane);
  const c = await pane.mirror.read({ kind: 'capture', scrollback: o.scrollback ?? 0 });
  return { lines: c.lines, title: pane.title, cursor: c.cursor, size: c.size, scrollback: c.scrollback };
}

async function captureLastOutput(pane: Pane): Promise<PaneCapture> {
  const r = await pane.mirror.read({ kind: 'last-output' });
  const last = r.last;
  if (!last) {
    throw new RoziError(
      'not-found',
      r.seen
        ? `pane ${pane.id} has no finished command yet (or its output left the scrollback)`
        : `pane ${pane.id} has no command marks: its shell runs without shell integration (OSC 133); see [shell_integration] in config.toml`,
    );
  }
  return {
    lines: last.lines,
    title: pane.title,
    cursor: r.cursor,
    size: r.size,
    scrollback: 0,
    exitCode: last.exitCode,
    truncated: last.truncated,
  };
}

/**
 * The visible screen as text (for detection: its screen string input), as of the pane's last
 * `mirror.whenParsed` read: call it inside one for the newest screen.
 */
export function visibleText(pane: Pane): string {
  return pane.mirror.screenText;
}
