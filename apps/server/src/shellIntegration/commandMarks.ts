// The shell's own account of its commands, kept beside the pane's headless mirror: OSC 133 marks
// become xterm markers (they follow their line as the buffer scrolls and vanish with it), so the
// last finished command's output can be read back as one unit (capture-pane --last-output), and
// OSC 7 gives the live cwd. A shell without the integration sends neither: nothing is recorded
// and every reader falls back to what it did before (the screen, /proc).
import type { IMarker, Terminal } from '@xterm/headless';
import {
  bufferLines,
  parseOsc133,
  parseOsc7,
  type MarksReplay,
  type ReportedCwd,
  type ShellMark,
} from '@rozi/detect/shellMarks';

interface Command {
  prompt: IMarker | null;
  output: IMarker | null;
  end: IMarker | null;
  /** Cursor column at D: output that did not end in a newline leaves it past column 0. */
  endCol: number;
  exitCode: number | null;
}

export interface LastOutput {
  lines: string[];
  exitCode: number | null;
  /** The start of the output had already left the scrollback: `lines` begins at its oldest line. */
  truncated: boolean;
}

/**
 * Finished commands remembered, and so at most what a page attaching later is told (the page
 * itself keeps 500 of those it parsed). Each marker is a listener on the buffer's line list that
 * runs on every trimmed line, so the mirror keeps fewer than the page.
 */
export const MAX_COMMANDS = 100;

export class CommandMarks {
  private readonly finished: Command[] = [];
  private current: Command | null = null;
  private readonly disposables: Array<{ dispose(): void }> = [];
  /** The last OSC 7 report that parsed (host not yet checked against this machine). */
  cwd: ReportedCwd | null = null;

  constructor(
    private readonly term: Terminal,
    private readonly o: { onCwd?(cwd: ReportedCwd): void } = {},
  ) {
    this.disposables.push(
      term.parser.registerOscHandler(133, (data) => {
        const mark = parseOsc133(data);
        if (mark) this.mark(mark);
        return true;
      }),
      // RIS (`reset`, `tput reset`) replaces the buffer without disposing its markers: forget them
      // (false: xterm still runs its own reset).
      term.parser.registerEscHandler({ final: 'c' }, () => {
        this.reset();
        return false;
      }),
      term.parser.registerOscHandler(7, (data) => {
        const cwd = parseOsc7(data);
        if (cwd) {
          this.cwd = cwd;
          this.o.onCwd?.(cwd);
        }
        return true;
      }),
    );
  }

  /** Whether the shell has ever sent a mark (the integration is live in this pane). */
  get seen(): boolean {
    return this.current !== null || this.finished.length > 0;
  }

  /** A command was accepted (C) and has not finished (D): the shell's cwd report may be stale. */
  get commandRunning(): boolean {
    return this.current !== null && this.current.output !== null;
  }

  /** The output of the last command that finished, or null when none did (or it scrolled away). */
  lastOutput(): LastOutput | null {
    for (let i = this.finished.length - 1; i >= 0; i--) {
      const c = this.finished[i] as Command;
      if (!c.output || !c.end || c.end.isDisposed) continue;
      const buffer = this.term.buffer.normal;
      const truncated = c.output.isDisposed;
      const from = truncated ? 0 : c.output.line;
      const to = c.endCol > 0 ? c.end.line : c.end.line - 1;
      return { lines: bufferLines(buffer, { from, to }), exitCode: c.exitCode, truncated };
    }
    return null;
  }

  /**
   * The commands whose rows are still in the normal buffer, lines relative to its cursor line, for
   * a page that attaches now (its snapshot ends with them, session/mirror.ts); null when the shell
   * never sent a mark (nothing to replay, nothing drawn).
   */
  replay(): MarksReplay | null {
    if (!this.seen) return null;
    const normal = this.term.buffer.normal;
    const cursorLine = normal.baseY + normal.cursorY;
    const at = (m: IMarker | null) => (m && !m.isDisposed ? m.line - cursorLine : null);
    const commands: MarksReplay['commands'] = [];
    for (const c of this.finished) {
      const end = at(c.end);
      if (end === null) continue; // its rows left the scrollback
      commands.push({
        prompt: at(c.prompt),
        output: at(c.output),
        end,
        endCol: c.endCol,
        exitCode: c.exitCode,
      });
    }
    const current = this.current && { prompt: at(this.current.prompt), output: at(this.current.output) };
    return { commands, current };
  }

  /** The terminal was reset (the mirror skipped ahead): the lines the marks stood on are gone. */
  reset(): void {
    for (const c of this.finished.splice(0)) disposeCommand(c);
    if (this.current) disposeCommand(this.current);
    this.current = null;
  }

  dispose(): void {
    this.reset();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private mark(mark: ShellMark): void {
    switch (mark.kind) {
      case 'prompt': {
        // A prompt with an unfinished command before it: that command ended without a D (Ctrl-C
        // in some shells, or a shell that only marks prompts). It is dropped, not guessed at.
        if (this.current) disposeCommand(this.current);
        this.current = { prompt: this.marker(), output: null, end: null, endCol: 0, exitCode: null };
        return;
      }
      case 'input':
        return;
      case 'output': {
        this.current ??= { prompt: null, output: null, end: null, endCol: 0, exitCode: null };
        this.current.output?.dispose();
        this.current.output = this.marker();
        return;
      }
      case 'end': {
        const c = this.current;
        // D without C: an empty command line, or a D the shell repeats. Nothing ran.
        if (!c || !c.output) return;
        c.end = this.marker();
        c.endCol = this.term.buffer.normal.cursorX;
        c.exitCode = mark.exitCode;
        this.current = null;
        this.finished.push(c);
        if (this.finished.length > MAX_COMMANDS) disposeCommand(this.finished.shift() as Command);
        return;
      }
    }
  }

  private marker(): IMarker | null {
    // Marks made while a full-screen program has the alternate screen would point nowhere useful.
    if (this.term.buffer.active.type !== 'normal') return null;
    return this.term.registerMarker(0) ?? null;
  }
}

function disposeCommand(c: Command): void {
  c.prompt?.dispose();
  c.output?.dispose();
  c.end?.dispose();
}
