// The page's shell marks against a real xterm.js Terminal (not opened: markers, decorations and
// the parser work without a DOM): a marks replay at the end of a snapshot recreates the earlier
// commands, only there, and survives a full-screen program; a reset forgets marks that xterm
// would leave pointing into its new buffer.
import { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import { encodeMarksReplay, type MarksReplay } from '@rozi/detect/shellMarks';
import { attachShellMarks } from './shellMarks';

const write = (term: Terminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));
const textAt = (term: Terminal, line: number) =>
  term.buffer.normal.getLine(line)?.translateToString(true).trimEnd() ?? null;

/**
 * A snapshot as the server sends it for three commands and an idle prompt (cursor on line 5):
 *   0 $ echo a / 1 a / 2 $ false / 3 $ seq 2 / 4 1 / 5 2 / 6 $
 */
const SCREEN = '$ echo a\r\na\r\n$ false\r\n$ seq 2\r\n1\r\n2\r\n$ ';
const REPLAY: MarksReplay = {
  commands: [
    { prompt: -6, output: -5, end: -4, endCol: 0, exitCode: 0 },
    { prompt: -4, output: -3, end: -3, endCol: 0, exitCode: 1 },
    { prompt: -3, output: -2, end: 0, endCol: 0, exitCode: 0 },
  ],
  current: { prompt: 0, output: null },
};

function setup(o: { rows?: number; scrollback?: number } = {}) {
  const term = new Terminal({
    cols: 30,
    rows: o.rows ?? 4,
    scrollback: o.scrollback ?? 100,
    allowProposedApi: true,
  });
  const marks = attachShellMarks(term);
  /** What TerminalView does for a kind 2 frame: reset, write the snapshot, close the replay. */
  const snapshot = async (data: string) => {
    marks.reset();
    term.reset();
    await write(term, data);
    marks.closeReplay();
  };
  return { term, marks, snapshot };
}

describe('shell marks replayed from the server', () => {
  it('recreates the earlier commands from the replay at the end of a snapshot', async () => {
    const { term, marks, snapshot } = setup();
    await snapshot(SCREEN + encodeMarksReplay(REPLAY));
    expect(marks.seen).toBe(true);
    expect(marks.promptLines().map((l) => textAt(term, l))).toEqual(['$ echo a', '$ false', '$ seq 2', '$']);
    expect(marks.lastOutput()).toBe('1\n2');
    // The next command finishes the replayed current one: its prompt is the replayed row.
    await write(term, '\x1b]133;B\x07true\r\n\x1b]133;C\x07done\r\n\x1b]133;D;0\x07\x1b]133;A\x07$ ');
    expect(marks.lastOutput()).toBe('done');
    expect(marks.promptLines().map((l) => textAt(term, l))).toEqual([
      '$ echo a',
      '$ false',
      '$ seq 2',
      '$ true',
      '$',
    ]);
    // Jumps go prompt to prompt from the viewport top.
    term.scrollToBottom();
    expect(marks.jumpToPrompt(-1)).toBe(true);
    expect(textAt(term, term.buffer.active.viewportY)).toBe('$ seq 2');
    marks.dispose();
    term.dispose();
  });

  it('reads a replay only inside the snapshot that follows a reset', async () => {
    const { term, marks, snapshot } = setup();
    // A program printing the sequence in the normal stream: ignored.
    await write(term, SCREEN + encodeMarksReplay(REPLAY));
    expect(marks.seen).toBe(false);
    await snapshot('$ ');
    await write(term, encodeMarksReplay(REPLAY));
    expect(marks.seen).toBe(false);
    expect(marks.promptLines()).toEqual([]);
    marks.dispose();
    term.dispose();
  });

  it('forgets its marks on a reset or RIS: xterm keeps old markers alive over the new buffer', async () => {
    const { term, marks, snapshot } = setup();
    await write(term, '\x1b]133;A\x07$ \x1b]133;B\x07ls\r\n\x1b]133;C\x07old\r\n\x1b]133;D;0\x07');
    expect(marks.lastOutput()).toBe('old');
    await snapshot('other\r\nlines\r\n$ ');
    expect(marks.lastOutput()).toBeNull();
    expect(marks.promptLines()).toEqual([]);
    // The same for a program's full reset (RIS: `reset`, `tput reset`).
    await write(term, '\x1b]133;A\x07$ \x1b]133;B\x07ls\r\n\x1b]133;C\x07old\r\n\x1b]133;D;0\x07');
    expect(marks.lastOutput()).toBe('old');
    await write(term, '\x1bcafter reset');
    expect(marks.lastOutput()).toBeNull();
    expect(marks.promptLines()).toEqual([]);
    expect(textAt(term, 0)).toBe('after reset');
    marks.dispose();
    term.dispose();
  });

  it('keeps what a smaller scrollback holds and ignores a bad replay whole', async () => {
    const small = setup({ rows: 3, scrollback: 1 });
    // 7 rows into 3 + 1: lines 0-2 of the snapshot are trimmed; `seq 2`'s prompt is the oldest row.
    await small.snapshot(SCREEN + encodeMarksReplay(REPLAY));
    expect(small.marks.promptLines().map((l) => textAt(small.term, l))).toEqual(['$ seq 2', '$']);
    expect(small.marks.lastOutput()).toBe('1\n2');
    small.marks.dispose();
    small.term.dispose();

    const { term, marks, snapshot } = setup();
    const bad = encodeMarksReplay(REPLAY).replace('[-6,-5,-4,0,0]', '[-4,-5,-6,0,0]');
    expect(bad).not.toBe(encodeMarksReplay(REPLAY));
    await snapshot(SCREEN + bad);
    expect(marks.seen).toBe(false);
    // The shell's own marks still work after it.
    await write(term, '\r\n\x1b]133;A\x07$ \x1b]133;B\x07ls\r\n\x1b]133;C\x07new\r\n\x1b]133;D;0\x07');
    expect(marks.lastOutput()).toBe('new');
    marks.dispose();
    term.dispose();
  });

  it('applies a replay read under a full-screen program when it leaves, unless a resize moved the rows', async () => {
    const vim = '\x1b[?1049h\x1b[Hvim screen';
    const running = { ...REPLAY, current: { prompt: 0, output: 1 } };
    const { term, marks, snapshot } = setup({ rows: 8 });
    await snapshot(SCREEN + vim + encodeMarksReplay(running));
    expect(marks.promptLines()).toEqual([]);
    await write(term, '\x1b[?1049l');
    expect(marks.promptLines().map((l) => textAt(term, l))).toEqual(['$ echo a', '$ false', '$ seq 2', '$']);

    await snapshot(SCREEN + vim + encodeMarksReplay(running));
    term.resize(20, 8);
    await write(term, '\x1b[?1049l');
    expect(marks.promptLines()).toEqual([]);
    marks.dispose();
    term.dispose();
  });
});
