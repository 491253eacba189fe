// How much of a pane's history the page's terminal holds. The server's mirror keeps the whole
// `scrollback` (5,000 lines by default); the page keeps the newest PAGE_WINDOW lines while output
// streams, and fetches the rest from the server when the user goes looking for it: scrolling to
// the top of what the page holds, opening find or copy mode, jumping to an earlier prompt. The
// fetch is a fresh snapshot of the pane (a kind 2 reset frame, as on attach), written at the
// full scrollback, with the viewport put back on the line the user was reading.
//
// Why: every line a terminal scrolls recycles its oldest scrollback line, and with 5,000 lines of
// 144 columns that line is ~8 MB away and cold in the cache. At 1,000 lines a `seq` flood paints
// about 1.3× faster (bench/web-terminal.mjs --rozi-scrollback, issue 16 notes), and a page of many
// panes keeps a fifth of the memory. Once the user is back at the bottom and another window of
// output has gone by, the page trims to the window again.
import type { IDisposable, Terminal } from '@xterm/xterm';

/** Lines of scrollback the page holds while output streams: xterm's own default. */
export const PAGE_WINDOW = 1000;

/** A snapshot that has not arrived by then (socket down): the page stops waiting for it. */
const SNAPSHOT_WAIT_MS = 10_000;

export type HistoryState = 'window' | 'loading' | 'full';

export interface HistoryWindow extends IDisposable {
  readonly state: HistoryState;
  /**
   * Makes the pane's whole history available in the page; resolves once it is (at once when the
   * page already holds all of it). Callers that keep absolute line numbers wait for it first.
   */
  full(): Promise<void>;
  /** The snapshot after a reset has been parsed (TerminalView's sink). */
  snapshotWritten(): void;
  /** The pane's scrollback changed (config reload). */
  setLines(lines: number): void;
  /**
   * After the older history came in: `shift` lines were added above what the page held, so every
   * absolute buffer line kept from before (copy mode's cursor, search matches) moves down by it.
   */
  onReload(listener: (shift: number) => void): IDisposable;
}

export function historyWindow(o: {
  term: Terminal;
  /** The pane's scrollback: what the server's mirror keeps. */
  lines: number;
  /** Asks the server for a fresh snapshot of the pane (streamClient `resync`). */
  resync: () => void;
  onState?: (state: HistoryState) => void;
  /**
   * How the window hears that the viewport may have moved. A page passes the terminal's
   * `onRender` (once per drawn frame); the default, `onScroll`, is for a terminal without a
   * renderer (the unit tests' headless one). `onScroll` fires for every line output scrolls, and
   * subscribing to it adds a listener to xterm's internal scroll event, so each line of a flood
   * pays two event deliveries more (bench/seq-profile.mjs: ~240 ms of a 15 MB `seq`).
   */
  watchViewport?: (check: () => void) => IDisposable;
}): HistoryWindow {
  const { term } = o;
  let lines = o.lines;
  let state: HistoryState = 'window';
  /** Line feeds seen at the bottom since the user last looked above it (the trim's clock). */
  let feedsAtBottom = 0;
  let waiting: {
    done: () => void;
    /** Where the page stood: its viewport's distance from the bottom, its scrollback's length. */
    fromBottom: number;
    baseY: number;
    timer: ReturnType<typeof setTimeout>;
  } | null = null;
  const reloadListeners = new Set<(shift: number) => void>();
  const windowLines = () => Math.min(lines, PAGE_WINDOW);
  /** Counts line feeds at the bottom; listening only while the page holds the full history. */
  let feeds: IDisposable | null = null;
  const setState = (next: HistoryState) => {
    state = next;
    if (next === 'full') feeds ??= term.onLineFeed(lineFeed);
    else {
      feeds?.dispose();
      feeds = null;
    }
    o.onState?.(next);
  };
  term.options.scrollback = windowLines();

  /** The page dropped lines the server still has: its scrollback is full and smaller. */
  const dropped = () => {
    const buffer = term.buffer.normal;
    const limit = term.options.scrollback ?? 0;
    return lines > limit && buffer.baseY >= limit;
  };

  const settle = (restore: boolean) => {
    if (!waiting) return;
    const { done, fromBottom, baseY, timer } = waiting;
    clearTimeout(timer);
    waiting = null;
    setState('full');
    feedsAtBottom = 0;
    if (restore) {
      term.scrollToLine(Math.max(0, term.buffer.active.baseY - fromBottom));
      const shift = term.buffer.normal.baseY - baseY;
      for (const listener of reloadListeners) listener(shift);
    }
    done();
  };

  const full = (): Promise<void> => {
    if (state === 'full') return Promise.resolve();
    if (waiting) {
      const before = waiting.done;
      return new Promise((resolve) => {
        if (waiting) waiting.done = () => (before(), resolve());
      });
    }
    if (!dropped()) {
      // Nothing to fetch: hold the whole scrollback from here on, as the server does.
      term.options.scrollback = lines;
      setState('full');
      feedsAtBottom = 0;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const buffer = term.buffer.active;
      waiting = {
        done: resolve,
        // The snapshot ends where the page does, so the distance from the bottom names the line.
        fromBottom: buffer.type === 'normal' ? buffer.baseY - buffer.viewportY : 0,
        baseY: term.buffer.normal.baseY,
        timer: setTimeout(() => settle(false), SNAPSHOT_WAIT_MS),
      };
      setState('loading');
      term.options.scrollback = lines;
      o.resync();
    });
  };

  // Both events fire while xterm parses; the scrollback changes after the parse, not inside it.
  let later: ReturnType<typeof setTimeout> | null = null;
  const soon = (step: () => void) => {
    if (later === null)
      later = setTimeout(() => {
        later = null;
        step();
      }, 0);
  };
  const trim = () => {
    if (state !== 'full' || feedsAtBottom <= windowLines()) return;
    term.options.scrollback = windowLines();
    setState('window');
  };
  function lineFeed() {
    if (state !== 'full') return;
    const buffer = term.buffer.active;
    if (buffer.type === 'normal' && buffer.viewportY < buffer.baseY) return;
    feedsAtBottom += 1;
    // The user has been at the bottom for a window of output: back to the light terminal.
    if (feedsAtBottom > windowLines()) soon(trim);
  }
  const viewportMoved = () => {
    const buffer = term.buffer.active;
    if (buffer.type !== 'normal') return;
    if (buffer.viewportY < buffer.baseY) feedsAtBottom = 0;
    // Reaching the top of what the page holds (wheel, scrollbar, Shift+PageUp) fetches the rest.
    if (state === 'window' && buffer.viewportY === 0 && dropped())
      soon(() => {
        if (term.buffer.active.viewportY === 0) void full();
      });
  };
  const disposables: IDisposable[] = [
    o.watchViewport ? o.watchViewport(viewportMoved) : term.onScroll(viewportMoved),
    { dispose: () => feeds?.dispose() },
  ];

  return {
    get state() {
      return state;
    },
    full,
    snapshotWritten() {
      settle(true);
    },
    setLines(next) {
      if (next === lines) return;
      lines = next;
      term.options.scrollback = state === 'window' ? windowLines() : lines;
    },
    onReload(listener) {
      reloadListeners.add(listener);
      return { dispose: () => reloadListeners.delete(listener) };
    },
    dispose() {
      reloadListeners.clear();
      if (later !== null) clearTimeout(later);
      if (waiting) clearTimeout(waiting.timer);
      waiting = null;
      for (const d of disposables) d.dispose();
    },
  };
}
