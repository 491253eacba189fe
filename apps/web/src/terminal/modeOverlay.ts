// The drawing surface of copy and hint mode: a layer over xterm's screen element positioned in
// cells (so it lines up with both renderers), and the mode chip in the pane's corner that says
// which mode holds the keyboard and its keys (rozi shows it in the workbar; the web has none).
import type { Terminal } from '@xterm/xterm';

export interface CellGeometry {
  width: number;
  height: number;
}

export function cellGeometry(term: Terminal): CellGeometry | null {
  const screen = term.element?.querySelector<HTMLElement>('.xterm-screen');
  if (!screen || term.cols === 0 || term.rows === 0) return null;
  return { width: screen.clientWidth / term.cols, height: screen.clientHeight / term.rows };
}

/** A layer over the terminal's cells; removed by dispose(). */
export function overlayLayer(term: Terminal, className: string): HTMLDivElement | null {
  const screen = term.element?.querySelector<HTMLElement>('.xterm-screen');
  if (!screen) return null;
  const layer = document.createElement('div');
  layer.className = `rozi-mode-layer ${className}`;
  screen.appendChild(layer);
  return layer;
}

/** Places `el` over cells [x, x + width) of the viewport row `row`. */
export function placeAt(el: HTMLElement, o: { cell: CellGeometry; x: number; row: number; width?: number }) {
  el.style.left = `${o.x * o.cell.width}px`;
  el.style.top = `${o.row * o.cell.height}px`;
  el.style.height = `${o.cell.height}px`;
  if (o.width !== undefined) el.style.width = `${o.width * o.cell.width}px`;
}

export interface ModeChip {
  readonly element: HTMLDivElement;
  set(text: string): void;
  dispose(): void;
}

/** The chip naming the mode (`data-term-mode` on the pane's host says the same to tests and CSS). */
export function modeChip(host: HTMLElement, mode: 'copy' | 'hint'): ModeChip {
  const element = document.createElement('div');
  element.className = 'rozi-mode-chip';
  element.dataset.mode = mode;
  element.setAttribute('role', 'status');
  const label = document.createElement('span');
  label.className = 'rozi-mode-name';
  label.textContent = mode.toUpperCase();
  const text = document.createElement('span');
  text.className = 'rozi-mode-keys';
  element.append(label, text);
  host.appendChild(element);
  host.dataset.termMode = mode;
  return {
    element,
    set: (t) => {
      text.textContent = t;
    },
    dispose: () => {
      element.remove();
      if (host.dataset.termMode === mode) delete host.dataset.termMode;
    },
  };
}
