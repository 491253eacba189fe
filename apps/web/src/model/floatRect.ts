// Floating-pane rectangles from the keyboard and the pointer (rozi's layouts-and-panes.md and
// keybindings.md), in fractions of the pane area:
// - spawn-float opens a new float centred on the mouse pointer, clamped so it stays on the area;
// - resize mode on a float resizes its own rectangle (it has no split): l/j grow it and h/k
//   shrink it by the resize step, anchored at its top-left corner; Shift+h/j/k/l move it.
import type { FloatingPane } from '@rozi/server/model';

export type FloatRect = Pick<FloatingPane, 'x' | 'y' | 'width' | 'height'>;
export type FloatKey = 'left' | 'right' | 'up' | 'down';

/** A new float's size (the server's FLOAT_RECT: 60% × 70% of the area). */
export const SPAWN_SIZE = { width: 0.6, height: 0.7 } as const;
/** One resize-mode press: 4% of the area (keybindings.md). */
export const FLOAT_STEP = 0.04;
const MIN_SIZE = 0.1;

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/** The rectangle of a new float centred on `at` (fractions of the area), kept on the area. */
export function rectAtPointer(at: { x: number; y: number }): FloatRect {
  const { width, height } = SPAWN_SIZE;
  return {
    x: clamp(at.x - width / 2, 0, 1 - width),
    y: clamp(at.y - height / 2, 0, 1 - height),
    width,
    height,
  };
}

/** Resize mode on a float: right/down grow, left/up shrink, the top-left corner stays put. */
export function resizedFloat(rect: FloatRect, key: FloatKey): FloatRect {
  const d = key === 'right' || key === 'down' ? FLOAT_STEP : -FLOAT_STEP;
  if (key === 'left' || key === 'right')
    return { ...rect, width: clamp(rect.width + d, MIN_SIZE, Math.max(MIN_SIZE, 1 - rect.x)) };
  return { ...rect, height: clamp(rect.height + d, MIN_SIZE, Math.max(MIN_SIZE, 1 - rect.y)) };
}

/** Shift+h/j/k/l in resize mode: the float slides one step, its size kept. */
export function movedFloat(rect: FloatRect, key: FloatKey): FloatRect {
  const dx = key === 'left' ? -FLOAT_STEP : key === 'right' ? FLOAT_STEP : 0;
  const dy = key === 'up' ? -FLOAT_STEP : key === 'down' ? FLOAT_STEP : 0;
  return { ...rect, x: rect.x + dx, y: rect.y + dy };
}

// The last pointer position over each tab's pane area this run (TabLayout notes it, keyed
// `session/tab`), so spawn-float opens the float under the mouse; none yet = the server centres it.
const spots = new Map<string, { x: number; y: number }>();

export function notePointer(tab: string, at: { x: number; y: number }): void {
  spots.set(tab, at);
}

export function pointerSpot(tab: string): { x: number; y: number } | undefined {
  return spots.get(tab);
}
