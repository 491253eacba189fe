// historyWindow against a real (headless) xterm: the window it keeps, when it asks the server for
// the older history, where it puts the viewport after the snapshot, and when it trims again.
import { Terminal as Headless } from '@xterm/headless';
import type { Terminal } from '@xterm/xterm';
import { afterEach, describe, expect, it } from 'vitest';
import { historyWindow, PAGE_WINDOW } from './historyWindow';

const ROWS = 10;
const lines = (from: number, to: number) => {
  let s = '';
  for (let i = from; i <= to; i++) s += `line ${i}\r\n`;
  return s;
};
const write = (t: Headless, data: string) => new Promise<void>((r) => t.write(data, r));
const text = (t: Headless, y: number) => t.buffer.active.getLine(y)?.translateToString(true) ?? '';
const tick = () => new Promise((r) => setTimeout(r, 5));

let term: Headless;
afterEach(() => term?.dispose());

function setup(paneLines = 5000) {
  term = new Headless({ cols: 40, rows: ROWS, scrollback: paneLines, allowProposedApi: true });
  const resyncs: number[] = [];
  const shifts: number[] = [];
  const history = historyWindow({
    term: term as unknown as Terminal,
    lines: paneLines,
    resync: () => resyncs.push(Date.now()),
  });
  history.onReload((shift) => shifts.push(shift));
  return { history, resyncs, shifts };
}

/** setup() with the live onLineFeed listeners counted (`delta` +1 on subscribe, -1 on dispose). */
function setupCounting(delta: (n: number) => void) {
  term = new Headless({ cols: 40, rows: ROWS, scrollback: 5000, allowProposedApi: true });
  const onLineFeed = term.onLineFeed.bind(term);
  Object.defineProperty(term, 'onLineFeed', {
    value: (l: () => void) => {
      delta(1);
      const d = onLineFeed(l);
      return { dispose: () => (delta(-1), d.dispose()) };
    },
  });
  const history = historyWindow({ term: term as unknown as Terminal, lines: 5000, resync: () => undefined });
  return { history };
}

describe('historyWindow', () => {
  it('holds a window of the pane scrollback, or all of a smaller one', () => {
    setup();
    expect(term.options.scrollback).toBe(PAGE_WINDOW);
    term.dispose();
    setup(300);
    expect(term.options.scrollback).toBe(300);
  });

  it('asks for nothing when the page dropped nothing', async () => {
    const { history, resyncs } = setup();
    await write(term, lines(1, 200));
    await history.full();
    expect(resyncs).toHaveLength(0);
    expect(history.state).toBe('full');
    expect(term.options.scrollback).toBe(5000);
  });

  it('fetches the older history at the top of the window and keeps the line in view', async () => {
    const { history, resyncs, shifts } = setup();
    await write(term, lines(1, 3000));
    const held = term.buffer.active;
    expect(held.baseY).toBe(PAGE_WINDOW);
    const oldest = text(term, 0);
    term.scrollToTop();
    await tick();
    expect(resyncs).toHaveLength(1);
    expect(history.state).toBe('loading');
    // The server's snapshot: the whole history, ending where the page did.
    term.reset();
    await write(term, lines(1, 3000));
    history.snapshotWritten();
    expect(history.state).toBe('full');
    const b = term.buffer.active;
    expect(text(term, b.viewportY)).toBe(oldest);
    expect(text(term, 0)).toBe('line 1');
    expect(shifts).toEqual([b.baseY - PAGE_WINDOW]);
  });

  it('trims to the window after a window of output at the bottom, not while the user reads above', async () => {
    const { history } = setup();
    await write(term, lines(1, 200));
    await history.full();
    term.scrollLines(-5);
    await write(term, lines(201, 201 + PAGE_WINDOW + 50));
    await tick();
    expect(history.state).toBe('full');
    term.scrollToBottom();
    await write(term, lines(1, PAGE_WINDOW + 5));
    await tick();
    expect(history.state).toBe('window');
    expect(term.options.scrollback).toBe(PAGE_WINDOW);
    expect(term.buffer.active.length).toBe(PAGE_WINDOW + ROWS);
  });

  it('hears line feeds only while it holds the full history', async () => {
    let live = 0;
    const { history } = setupCounting((n) => (live += n));
    await write(term, lines(1, 50));
    expect(live).toBe(0);
    await history.full();
    expect(live).toBe(1);
    term.scrollToBottom();
    await write(term, lines(51, 51 + PAGE_WINDOW + 5));
    await tick();
    expect(history.state).toBe('window');
    expect(live).toBe(0);
  });

  it('checks the viewport on the signal it is given, not on every scrolled line', async () => {
    term = new Headless({ cols: 40, rows: ROWS, scrollback: 5000, allowProposedApi: true });
    const resyncs: number[] = [];
    let check: (() => void) | null = null;
    let scrollListeners = 0;
    const onScroll = term.onScroll.bind(term);
    Object.defineProperty(term, 'onScroll', {
      value: (l: (y: number) => void) => (scrollListeners++, onScroll(l)),
    });
    historyWindow({
      term: term as unknown as Terminal,
      lines: 5000,
      resync: () => resyncs.push(Date.now()),
      watchViewport: (c) => ((check = c), { dispose: () => (check = null) }),
    });
    expect(scrollListeners).toBe(0);
    await write(term, lines(1, 3000));
    term.scrollToTop();
    await tick();
    expect(resyncs).toHaveLength(0);
    check!();
    await tick();
    expect(resyncs).toHaveLength(1);
  });

  it('shares one request among callers', async () => {
    const { history, resyncs } = setup();
    await write(term, lines(1, 1500));
    const a = history.full();
    const b = history.full();
    expect(resyncs).toHaveLength(1);
    history.snapshotWritten();
    await Promise.all([a, b]);
    expect(history.state).toBe('full');
  });
});
