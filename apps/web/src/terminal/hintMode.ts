// Hint mode (rozi: keybindings.md / terminal.md "Hint mode"): labels every URL, path, IP, Git SHA
// and `[[hints]]` match on the pane's visible rows; typing a label copies its text, typing its
// last letter with Shift opens it (URLs and custom hints with open = true; other kinds copy).
// Rows the terminal wrapped are rejoined first, so a long URL is one hint over all its rows.
// While the labels are up the mode owns the pane: keys never reach the shell, a click only
// dismisses them, and the wheel is inert (scrolling would move the rows the labels sit on).
import type { IDisposable, Terminal } from '@xterm/xterm';
import { hintLabels, scanHints, type CompiledHintPattern, type HintMatch } from '@rozi/detect/hints';
import { logicalLines } from './cellText';
import type { ModeDeps } from './copyMode';
import { cellGeometry, modeChip, overlayLayer, placeAt } from './modeOverlay';

export interface PlacedHint {
  match: HintMatch;
  label: string;
  /** Cells it covers: absolute line and column of each character. */
  cells: Array<{ y: number; x: number }>;
}

export interface HintModeDeps extends ModeDeps {
  /** What the chosen hint does: copy, or open through the link handlers. */
  choose(hint: PlacedHint, how: 'copy' | 'open'): void;
  onExit(): void;
}

/** The hints on the visible rows, labelled in screen order; empty when there are none. */
export function findHints(o: { term: Terminal; custom: readonly CompiledHintPattern[] }): PlacedHint[] {
  const { term, custom } = o;
  const buffer = term.buffer.active;
  const top = buffer.viewportY;
  const found: Array<Omit<PlacedHint, 'label'>> = [];
  for (const line of logicalLines(buffer, { top, bottom: top + term.rows - 1 })) {
    for (const match of scanHints(line.text, custom))
      found.push({ match, cells: line.at.slice(match.start, match.end) });
  }
  const labels = hintLabels(found.length);
  return found.slice(0, labels.length).map((h, i) => ({ ...h, label: labels[i]! }));
}

export function startHintMode(deps: HintModeDeps, hints: PlacedHint[]): IDisposable {
  const { term, host } = deps;
  let typed = '';
  let ended = false;
  const layer = overlayLayer(term, 'rozi-hint-layer');
  const chip = modeChip(host, 'hint');
  const drawn = hints.map((hint) => {
    const label = document.createElement('div');
    label.className = 'rozi-hint-label';
    label.textContent = hint.label.toUpperCase();
    label.dataset.hint = hint.label;
    label.dataset.kind = hint.match.kind;
    label.title = hint.match.text;
    const spans = rowsOf(hint.cells).map(() => {
      const span = document.createElement('div');
      span.className = 'rozi-hint-target';
      layer?.appendChild(span);
      return span;
    });
    layer?.appendChild(label);
    return { hint, label, spans };
  });

  const paint = () => {
    const cell = cellGeometry(term);
    if (!cell || ended) return;
    const top = term.buffer.active.viewportY;
    for (const { hint, label, spans } of drawn) {
      const rows = rowsOf(hint.cells);
      rows.forEach((r, i) =>
        placeAt(spans[i]!, { cell, x: r.from, row: r.y - top, width: r.to - r.from + 1 }),
      );
      // The label goes right after the target, over its last characters when the row ends there.
      // It is exactly as wide as its letters' cells: wider, it hid the character after the gap.
      const last = rows.at(-1)!;
      const x = Math.min(last.to + 1, term.cols - hint.label.length);
      placeAt(label, { cell, x: Math.max(0, x), row: last.y - top, width: hint.label.length });
      const live = hint.label.startsWith(typed);
      label.hidden = !live;
      for (const s of spans) s.hidden = !live;
      label.dataset.typed = live ? String(typed.length) : '';
    }
    chip.set(
      `type a label to copy · Shift+last letter opens · ${hints.length} hint${hints.length === 1 ? '' : 's'} · Esc`,
    );
  };

  const end = () => {
    if (ended) return;
    ended = true;
    scroll.dispose();
    host.removeEventListener('keydown', onKey, true);
    host.removeEventListener('mousedown', swallowClick, true);
    host.removeEventListener('mouseup', swallow, true);
    host.removeEventListener('click', swallow, true);
    host.removeEventListener('wheel', swallow, true);
    layer?.remove();
    chip.dispose();
    term.focus();
    deps.onExit();
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.isComposing) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key === 'Escape' || (e.key === 'q' && !e.ctrlKey && !e.altKey && !e.metaKey)) return end();
    if (e.key === 'Backspace') {
      typed = typed.slice(0, -1);
      return paint();
    }
    if (e.ctrlKey || e.altKey || e.metaKey || !/^[a-z]$/i.test(e.key)) return;
    const next = typed + e.key.toLowerCase();
    if (!hints.some((h) => h.label.startsWith(next))) return; // not a label: ignored, nothing typed
    typed = next;
    const chosen = hints.find((h) => h.label === typed);
    if (!chosen) return paint();
    const open = e.key !== e.key.toLowerCase();
    end();
    deps.choose(chosen, open && chosen.match.opens ? 'open' : 'copy');
  };
  const swallow = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
  };
  // The whole click is spent dismissing the labels: no focus change, nothing reaches the program.
  const swallowClick = (e: MouseEvent) => {
    swallow(e);
    end();
    const eatClick = (ev: Event) => swallow(ev);
    window.addEventListener('click', eatClick, { capture: true, once: true });
    const eatUp = (ev: Event) => {
      swallow(ev);
      // A click follows its mouseup in the same turn, or not at all (released elsewhere).
      setTimeout(() => window.removeEventListener('click', eatClick, { capture: true }), 0);
    };
    window.addEventListener('mouseup', eatUp, { capture: true, once: true });
  };

  host.addEventListener('keydown', onKey, true);
  host.addEventListener('mousedown', swallowClick, true);
  host.addEventListener('mouseup', swallow, true);
  host.addEventListener('click', swallow, true);
  host.addEventListener('wheel', swallow, { capture: true, passive: false });
  // Output that scrolls the view moves the text; the labels follow their rows.
  const scroll = term.onScroll(() => paint());
  paint();
  term.focus();
  return { dispose: end };
}

/** The cells of a hint grouped by row: [from, to] columns on each absolute line. */
function rowsOf(
  cells: ReadonlyArray<{ y: number; x: number }>,
): Array<{ y: number; from: number; to: number }> {
  const rows: Array<{ y: number; from: number; to: number }> = [];
  for (const c of cells) {
    const last = rows.at(-1);
    if (last && last.y === c.y) last.to = Math.max(last.to, c.x);
    else rows.push({ y: c.y, from: c.x, to: c.x });
  }
  return rows;
}
