// What the page does with the shell's OSC 133 marks (shell integration, issue 16): a mark in the
// left edge of each finished command's prompt row (green for exit 0, red otherwise, the status in
// its tooltip), prompt-to-prompt jumps, and the last command's output as text (copy-last-output).
// Parsing is @rozi/detect/shellMarks, the same code the server's mirror uses. A shell without the
// integration sends no marks: no decoration appears and the readers answer null, nothing else.
// Commands that ran before this page attached come from the server: the snapshot of a kind 2
// reset frame ends with a marks replay (OSC 6133, session/mirror.ts on the server), read here
// once per reset and only inside that snapshot (a program printing one later is ignored).
import type { IDecoration, IDisposable, IMarker, Terminal } from '@xterm/xterm';
import {
  bufferLines,
  MARKS_REPLAY_OSC,
  parseMarksReplay,
  parseOsc133,
  replayedLine,
  type MarksReplay,
  type ShellMark,
} from '@rozi/detect/shellMarks';

interface Command {
  prompt: IMarker | null;
  output: IMarker | null;
  end: IMarker | null;
  endCol: number;
  decoration: IDecoration | null;
}

/** Commands remembered per pane: their markers follow the scrollback and vanish with it. */
const MAX_COMMANDS = 500;

export interface ShellMarks extends IDisposable {
  /** Scrolls to the previous (-1) or next (+1) prompt from the viewport top; false when none. */
  jumpToPrompt(direction: -1 | 1): boolean;
  /** Absolute buffer lines of the prompts still in the scrollback, oldest first. */
  promptLines(): number[];
  /** The last finished command's output, wrapped rows joined; null when no command finished. */
  lastOutput(): string | null;
  /** Whether the shell has sent any mark (the integration runs in this pane). */
  readonly seen: boolean;
  /**
   * Before the terminal is reset for a snapshot: forgets every mark (xterm's reset swaps the
   * buffer without disposing its markers, which would point into the new one) and accepts the
   * marks replay at the snapshot's end.
   */
  reset(): void;
  /** The snapshot after `reset` is parsed: no replay is accepted until the next reset. */
  closeReplay(): void;
}

export function attachShellMarks(term: Terminal): ShellMarks {
  const finished: Command[] = [];
  let current: Command | null = null;
  const prompts: IMarker[] = [];
  let replayOpen = false;
  /** A replay read while a full-screen program had the alternate screen: applied when it leaves. */
  let pending: { replay: MarksReplay; lines: Array<number | null>; cols: number; rows: number } | null = null;

  const marker = (): IMarker | null =>
    term.buffer.active.type === 'normal' ? (term.registerMarker(0) ?? null) : null;
  /** A marker on absolute line `line` of the normal buffer, which must be the active one. */
  const markerAt = (line: number | null): IMarker | null => {
    if (line === null || term.buffer.active.type !== 'normal') return null;
    const b = term.buffer.active;
    return term.registerMarker(line - (b.baseY + b.cursorY)) ?? null;
  };
  const trackPrompt = (m: IMarker | null) => {
    if (!m) return;
    prompts.push(m);
    m.onDispose(() => {
      const i = prompts.indexOf(m);
      if (i >= 0) prompts.splice(i, 1);
    });
  };
  const drop = (c: Command) => {
    c.decoration?.dispose();
    c.prompt?.dispose();
    c.output?.dispose();
    c.end?.dispose();
  };
  const finish = (c: Command) => {
    finished.push(c);
    if (finished.length > MAX_COMMANDS) drop(finished.shift() as Command);
  };
  const forget = () => {
    for (const c of finished.splice(0)) drop(c);
    if (current) drop(current);
    current = null;
    for (const m of prompts.splice(0)) m.dispose();
    pending = null;
  };

  const onMark = (mark: ShellMark) => {
    switch (mark.kind) {
      case 'prompt': {
        if (current && !current.end) drop(current);
        const m = marker();
        current = { prompt: m, output: null, end: null, endCol: 0, decoration: null };
        trackPrompt(m);
        return;
      }
      case 'input':
        return;
      case 'output':
        current ??= { prompt: null, output: null, end: null, endCol: 0, decoration: null };
        // No A seen (a shell that marks only commands, or a server too old to replay marks): the
        // command line is the row above the output.
        if (!current.prompt && term.buffer.active.type === 'normal')
          current.prompt = term.registerMarker(-1) ?? null;
        current.output?.dispose();
        current.output = marker();
        return;
      case 'end': {
        const c = current;
        if (!c || !c.output) return; // an empty command line: nothing ran
        c.end = marker();
        c.endCol = term.buffer.active.cursorX;
        c.decoration = decorate(term, c.prompt, mark.exitCode);
        current = null;
        finish(c);
        return;
      }
    }
  };

  /**
   * The replay's lines as absolute lines of the normal buffer, in the order `apply` reads them
   * (per command: prompt, output, end; then the current command's prompt and output). A line the
   * page does not hold (its scrollback is smaller than the server's) is null; an output that
   * started above the oldest held line reads from line 0, as the server's --last-output does.
   */
  const resolve = (replay: MarksReplay): Array<number | null> => {
    const normal = term.buffer.normal;
    const at = { cursorLine: normal.baseY + normal.cursorY, length: normal.length };
    const line = (relative: number | null) => (relative === null ? null : replayedLine(relative, at));
    const lines: Array<number | null> = [];
    for (const c of replay.commands) {
      const end = line(c.end);
      lines.push(line(c.prompt), end === null ? null : (line(c.output) ?? 0), end);
    }
    if (replay.current) lines.push(line(replay.current.prompt), line(replay.current.output));
    return lines;
  };

  const apply = (replay: MarksReplay, lines: Array<number | null>) => {
    forget();
    const at = (i: number) => markerAt(lines[i] ?? null);
    replay.commands.forEach((c, i) => {
      const end = at(i * 3 + 2);
      if (!end) return; // its rows are not in this page's scrollback
      const prompt = at(i * 3);
      trackPrompt(prompt);
      const decoration = decorate(term, prompt, c.exitCode);
      finish({ prompt, output: at(i * 3 + 1), end, endCol: c.endCol, decoration });
    });
    if (replay.current) {
      const base = replay.commands.length * 3;
      const prompt = at(base);
      trackPrompt(prompt);
      current = { prompt, output: at(base + 1), end: null, endCol: 0, decoration: null };
    }
  };

  const onReplay = (replay: MarksReplay) => {
    const lines = resolve(replay);
    if (term.buffer.active.type === 'normal') return apply(replay, lines);
    forget();
    pending = { replay, lines, cols: term.cols, rows: term.rows };
  };

  const handlers = [
    term.parser.registerOscHandler(133, (data) => {
      const mark = parseOsc133(data);
      if (mark) onMark(mark);
      return true;
    }),
    term.parser.registerOscHandler(MARKS_REPLAY_OSC, (data) => {
      if (!replayOpen) return true; // not from the server's snapshot: a program's, ignored
      replayOpen = false;
      const replay = parseMarksReplay(data);
      if (replay) onReplay(replay);
      return true;
    }),
    // RIS (`reset`, `tput reset`) swaps the buffer as a snapshot's reset does (false: xterm still
    // runs its own reset).
    term.parser.registerEscHandler({ final: 'c' }, () => {
      forget();
      return false;
    }),
    term.buffer.onBufferChange((buffer) => {
      if (buffer.type !== 'normal' || !pending) return;
      const { replay, lines } = pending;
      pending = null;
      apply(replay, lines);
    }),
    // A resize reflows the normal buffer: lines resolved before it no longer point at the same rows.
    term.onResize(({ cols, rows }) => {
      if (pending && (pending.cols !== cols || pending.rows !== rows)) pending = null;
    }),
  ];

  return {
    get seen() {
      return current !== null || finished.length > 0 || prompts.length > 0;
    },
    promptLines: () => prompts.filter((m) => !m.isDisposed).map((m) => m.line),
    jumpToPrompt(direction) {
      const top = term.buffer.active.viewportY;
      const lines = prompts.filter((m) => !m.isDisposed).map((m) => m.line);
      const target = direction < 0 ? lines.filter((l) => l < top).at(-1) : lines.find((l) => l > top);
      if (target === undefined) return false;
      term.scrollToLine(target);
      return true;
    },
    lastOutput() {
      for (let i = finished.length - 1; i >= 0; i--) {
        const c = finished[i] as Command;
        if (!c.output || !c.end || c.end.isDisposed) continue;
        const buffer = term.buffer.normal;
        const from = c.output.isDisposed ? 0 : c.output.line;
        const to = c.endCol > 0 ? c.end.line : c.end.line - 1;
        return bufferLines(buffer, { from, to }).join('\n');
      }
      return null;
    },
    reset() {
      forget();
      replayOpen = true;
    },
    closeReplay() {
      replayOpen = false;
    },
    dispose() {
      for (const h of handlers) h.dispose();
      forget();
    },
  };
}

/** The gutter mark: a thin bar over the left edge of the prompt's first cell. */
function decorate(term: Terminal, prompt: IMarker | null, exitCode: number | null): IDecoration | null {
  if (!prompt || prompt.isDisposed) return null;
  const decoration = term.registerDecoration({ marker: prompt, x: 0, width: 1, layer: 'top' }) ?? null;
  const exit = exitCode === null ? 'unknown' : String(exitCode);
  // xterm calls this on every render of the row: writing the same values again would still
  // queue attribute changes (and style work) in the frame of each echo.
  decoration?.onRender((el) => {
    if (el.dataset.exit === exit) return;
    el.classList.add('rozi-cmd-mark');
    el.dataset.exit = exit;
    el.title = exitCode === null ? 'finished' : `exit ${exitCode}`;
  });
  return decoration;
}
