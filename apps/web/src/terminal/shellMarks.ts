// What the page does with the shell's OSC 133 marks (shell integration, issue 16): a mark in the
// left edge of each finished command's prompt row (green for exit 0, red otherwise, the status in
// its tooltip), prompt-to-prompt jumps, and the last command's output as text (copy-last-output).
// Parsing is @rozi/detect/shellMarks, the same code the server's mirror uses. A shell without the
// integration sends no marks: no decoration appears and the readers answer null, nothing else.
import type { IDecoration, IDisposable, IMarker, Terminal } from '@xterm/xterm';
import { bufferLines, parseOsc133, type ShellMark } from '@rozi/detect/shellMarks';

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
}

export function attachShellMarks(term: Terminal): ShellMarks {
  const finished: Command[] = [];
  let current: Command | null = null;
  const prompts: IMarker[] = [];

  const marker = (): IMarker | null =>
    term.buffer.active.type === 'normal' ? (term.registerMarker(0) ?? null) : null;
  const drop = (c: Command) => {
    c.decoration?.dispose();
    c.prompt?.dispose();
    c.output?.dispose();
    c.end?.dispose();
  };

  const onMark = (mark: ShellMark) => {
    switch (mark.kind) {
      case 'prompt': {
        if (current && !current.end) drop(current);
        const m = marker();
        current = { prompt: m, output: null, end: null, endCol: 0, decoration: null };
        if (m) {
          prompts.push(m);
          m.onDispose(() => prompts.splice(prompts.indexOf(m), 1));
        }
        return;
      }
      case 'input':
        return;
      case 'output':
        current ??= { prompt: null, output: null, end: null, endCol: 0, decoration: null };
        // No A seen (it came before this page attached: replay carries the screen, not the
        // marks): the command line is the row above the output.
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
        finished.push(c);
        if (finished.length > MAX_COMMANDS) drop(finished.shift() as Command);
        return;
      }
    }
  };

  const handler = term.parser.registerOscHandler(133, (data) => {
    const mark = parseOsc133(data);
    if (mark) onMark(mark);
    return true;
  });

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
    dispose() {
      handler.dispose();
      for (const c of finished.splice(0)) drop(c);
      if (current) drop(current);
      current = null;
    },
  };
}

/** The gutter mark: a thin bar over the left edge of the prompt's first cell. */
function decorate(term: Terminal, prompt: IMarker | null, exitCode: number | null): IDecoration | null {
  if (!prompt || prompt.isDisposed) return null;
  const decoration = term.registerDecoration({ marker: prompt, x: 0, width: 1, layer: 'top' }) ?? null;
  decoration?.onRender((el) => {
    el.classList.add('rozi-cmd-mark');
    el.dataset.exit = exitCode === null ? 'unknown' : String(exitCode);
    el.title = exitCode === null ? 'finished' : `exit ${exitCode}`;
  });
  return decoration;
}
