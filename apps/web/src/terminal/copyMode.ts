// Copy mode (rozi: keybindings.md "Copy mode", terminal.md): a keyboard cursor over the pane's
// scrollback that moves with vi keys, selects from `v` to the cursor and yanks to the clipboard.
// Every key belongs to the mode while it is up (none reaches the shell); the prefix chords still
// work because the page's keymap listens before the terminal. Output keeps arriving meanwhile:
// positions are absolute buffer lines, so the cursor stays on its text while the view follows.
import type { IDisposable, Terminal } from '@xterm/xterm';
import { moveInRow, type RowMotion } from './copyMotions';
import { firstOlder, searchBuffer, type CopyMatch } from './copySearch';
import { cellGeometry, modeChip, overlayLayer, placeAt } from './modeOverlay';
import type { ShellMarks } from './shellMarks';

export interface ModeDeps {
  term: Terminal;
  host: HTMLElement;
  notice(message: string, tone?: 'info' | 'error'): void;
}

export interface CopyModeDeps extends ModeDeps {
  marks: ShellMarks;
  /** The pane's older history arriving (historyWindow.ts): kept positions move down by `shift`. */
  onReload?(listener: (shift: number) => void): IDisposable;
  /** Called once when the mode ends, however it ends. */
  onExit(): void;
}

interface Pos {
  x: number;
  y: number;
}

const KEYS = 'hjkl wbe 0$^ / n N [ ] v y Esc';
const ROW_MOTIONS = new Set<string>(['w', 'b', 'e', 'W', 'B', 'E', '0', '^', '$']);
const ARROWS: Record<string, [number, number]> = {
  h: [-1, 0],
  ArrowLeft: [-1, 0],
  l: [1, 0],
  ArrowRight: [1, 0],
  k: [0, -1],
  ArrowUp: [0, -1],
  j: [0, 1],
  ArrowDown: [0, 1],
};

const before = (a: Pos, b: Pos) => a.y < b.y || (a.y === b.y && a.x <= b.x);

export function startCopyMode(deps: CopyModeDeps): IDisposable {
  const { term, host } = deps;
  const buffer = () => term.buffer.active;
  const live = (): Pos => ({ x: buffer().cursorX, y: buffer().baseY + buffer().cursorY });
  const atBottom = buffer().viewportY >= buffer().baseY;
  let cur: Pos = atBottom ? live() : { x: 0, y: buffer().viewportY + term.rows - 1 };
  let anchor: Pos | null = null;
  let search: { query: string; matches: CopyMatch[]; index: number; truncated: boolean } | null = null;
  let searchBox: { input: HTMLInputElement; saved: Pos } | null = null;
  let ended = false;

  const layer = overlayLayer(term, 'rozi-copy-layer');
  const cursorEl = document.createElement('div');
  cursorEl.className = 'rozi-copy-cursor';
  layer?.appendChild(cursorEl);
  const chip = modeChip(host, 'copy');

  const rowCells = (y: number): string[] => {
    const line = buffer().getLine(y);
    const cells: string[] = [];
    if (!line) return cells;
    for (let x = 0; x < term.cols; x++) {
      const cell = line.getCell(x);
      cells.push(cell ? (cell.getWidth() === 0 ? '' : cell.getChars() || ' ') : ' ');
    }
    return cells;
  };
  const clamp = () => {
    cur = {
      x: Math.min(Math.max(0, cur.x), term.cols - 1),
      y: Math.min(Math.max(0, cur.y), buffer().length - 1),
    };
  };
  /** Scrolls so the cursor's row is on screen. */
  const reveal = () => {
    const top = buffer().viewportY;
    if (cur.y < top) term.scrollToLine(cur.y);
    else if (cur.y >= top + term.rows) term.scrollToLine(cur.y - term.rows + 1);
  };
  const chipText = () => {
    if (searchBox) return 'search: Enter find · Esc back';
    const found = search
      ? search.matches.length === 0
        ? ` · no match for "${search.query}"`
        : ` · ${search.index + 1}/${search.matches.length}${search.truncated ? '+' : ''}`
      : '';
    return `${anchor ? 'selecting · y copy' : KEYS}${found}`;
  };
  const paint = () => {
    if (ended) return;
    const cell = cellGeometry(term);
    const row = cur.y - buffer().viewportY;
    cursorEl.hidden = !cell || row < 0 || row >= term.rows;
    if (cell && !cursorEl.hidden) placeAt(cursorEl, { cell, x: cur.x, row, width: 1 });
    host.dataset.copyCursor = `${cur.x},${cur.y}`;
    if (anchor) {
      const [a, b] = before(anchor, cur) ? [anchor, cur] : [cur, anchor];
      term.select(a.x, a.y, (b.y - a.y) * term.cols + (b.x - a.x) + 1);
    }
    chip.set(chipText());
  };
  const moveTo = (p: Pos) => {
    cur = p;
    clamp();
    reveal();
    paint();
  };

  const end = () => {
    if (ended) return;
    ended = true;
    for (const d of disposables) d.dispose();
    host.removeEventListener('keydown', onKey, true);
    host.removeEventListener('mousedown', onMouse, true);
    searchBox?.input.remove();
    layer?.remove();
    chip.dispose();
    delete host.dataset.copyCursor;
    term.clearSelection();
    term.scrollToBottom();
    term.focus();
    deps.onExit();
  };

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      deps.notice(`Copied ${what}.`);
    } catch {
      deps.notice('The browser refused clipboard access; allow it for this page and try again.', 'error');
    }
  };

  const yank = () => {
    const text = anchor ? term.getSelection() : '';
    if (!anchor || text === '') {
      deps.notice('Nothing selected: press v (or Space) to start a selection at the cursor.');
      return;
    }
    const lines = text.split('\n').length;
    void copy(
      text,
      `${text.length} character${text.length === 1 ? '' : 's'} (${lines} line${lines === 1 ? '' : 's'})`,
    );
    end();
  };

  const jumpPrompt = (direction: -1 | 1) => {
    const lines = deps.marks.promptLines();
    const target = direction < 0 ? lines.filter((l) => l < cur.y).at(-1) : lines.find((l) => l > cur.y);
    if (target === undefined) {
      deps.notice(
        lines.length === 0
          ? 'No prompts marked in this pane: shell integration (OSC 133) is off or its shell does not load it.'
          : direction < 0
            ? 'No earlier prompt.'
            : 'No later prompt.',
      );
      return;
    }
    moveTo({ x: 0, y: target });
  };

  const stepMatch = (direction: 1 | -1) => {
    if (!search || search.matches.length === 0) {
      deps.notice(search ? `No match for "${search.query}".` : 'No search yet: press / to search.');
      return;
    }
    const n = search.matches.length;
    search.index = (search.index + direction + n) % n;
    moveTo(search.matches[search.index]!);
  };

  const openSearch = () => {
    const input = document.createElement('input');
    input.className = 'rozi-copy-search';
    input.setAttribute('aria-label', 'Search this pane');
    input.placeholder = '/';
    input.value = search?.query ?? '';
    chip.element.appendChild(input);
    searchBox = { input, saved: cur };
    paint();
    input.focus();
    input.select();
  };
  const closeSearch = (run: boolean) => {
    const box = searchBox;
    if (!box) return;
    searchBox = null;
    box.input.remove();
    term.focus();
    if (!run) return moveTo(box.saved);
    const query = box.input.value;
    const { matches, truncated } = searchBuffer(buffer(), query);
    const index = firstOlder(matches, box.saved);
    search = { query, matches, index, truncated };
    if (matches.length === 0) {
      deps.notice(query === '' ? 'Nothing to search for.' : `No match for "${query}".`);
      return moveTo(box.saved);
    }
    moveTo(matches[index]!);
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.isComposing) return;
    if (searchBox && e.target === searchBox.input) {
      if (e.key === 'Enter' || e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        closeSearch(e.key === 'Enter');
      }
      return; // typing into the search field
    }
    e.preventDefault();
    e.stopPropagation();
    if (['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'].includes(e.key)) return;
    const key = e.key;
    if (e.ctrlKey && (key === 'u' || key === 'd')) {
      const half = Math.max(1, Math.floor(term.rows / 2)) * (key === 'u' ? -1 : 1);
      term.scrollLines(half);
      return moveTo({ x: cur.x, y: cur.y + half });
    }
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const step = ARROWS[key];
    if (step) return moveTo({ x: cur.x + step[0], y: cur.y + step[1] });
    if (ROW_MOTIONS.has(key))
      return moveTo({ x: moveInRow(rowCells(cur.y), cur.x, key as RowMotion), y: cur.y });
    switch (key) {
      case 'g':
        return moveTo({ x: 0, y: 0 });
      case 'G':
        return moveTo(live());
      case '/':
        return openSearch();
      case 'n':
        return stepMatch(1);
      case 'N':
        return stepMatch(-1);
      case '[':
        return jumpPrompt(-1);
      case ']':
        return jumpPrompt(1);
      case 'o': {
        const text = deps.marks.lastOutput();
        if (text === null)
          return deps.notice(
            'No command output marked in this pane: shell integration (OSC 133) is off or its shell does not load it.',
          );
        void copy(text, "the last command's output");
        return end();
      }
      case 'v':
      case ' ':
        if (anchor) {
          anchor = null;
          term.clearSelection();
        } else anchor = { ...cur };
        return paint();
      case 'y':
      case 'Enter':
        return yank();
      case 'Escape':
      case 'q':
        return end();
    }
  };
  // A click leaves copy mode (it would move xterm's own selection); the chip's search field is
  // part of the mode.
  const onMouse = (e: MouseEvent) => {
    if (e.target instanceof Node && chip.element.contains(e.target)) return;
    end();
  };

  host.addEventListener('keydown', onKey, true);
  host.addEventListener('mousedown', onMouse, true);
  const disposables: IDisposable[] = [
    term.onScroll(() => paint()),
    term.onResize(() => moveTo(cur)),
    term.onWriteParsed(() => paint()),
  ];
  if (deps.onReload)
    disposables.push(
      deps.onReload((shift) => {
        const down = (p: Pos): Pos => ({ x: p.x, y: p.y + shift });
        cur = down(cur);
        if (anchor) anchor = down(anchor);
        if (searchBox) searchBox.saved = down(searchBox.saved);
        if (search) search.matches = search.matches.map(down);
        moveTo(cur);
      }),
    );
  clamp();
  paint();
  term.focus();
  return { dispose: end };
}
