// Arrow keys for lists (sessions, tabs, launcher choices, Activity rows, the gallery): focus moves
// between the items a selector names inside a container; Home/End jump to the ends. Items keep
// their own Enter/Space. One helper so every list moves the same way.
import type { KeyboardEvent } from 'react';

export type ListOrientation = 'vertical' | 'horizontal' | 'grid';

export interface ListKeysOptions {
  /** The focusable items, in order (a CSS selector inside the container). */
  items: string;
  orientation?: ListOrientation;
  /** Wrap from the last item to the first. */
  wrap?: boolean;
  /** Called with the newly focused item (a radio group also selects it). */
  onMove?: (item: HTMLElement) => void;
}

function visibleItems(container: HTMLElement, selector: string): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(selector)].filter(
    (el) => !el.hasAttribute('disabled') && el.getClientRects().length > 0,
  );
}

/** The item a key moves to in a grid: the nearest one in that direction, by on-screen position. */
function gridTarget(items: HTMLElement[], from: HTMLElement, key: string): HTMLElement | undefined {
  const a = from.getBoundingClientRect();
  const ax = a.left + a.width / 2;
  const ay = a.top + a.height / 2;
  let best: { el: HTMLElement; d: number } | undefined;
  for (const el of items) {
    if (el === from) continue;
    const b = el.getBoundingClientRect();
    const bx = b.left + b.width / 2;
    const by = b.top + b.height / 2;
    const ahead =
      key === 'ArrowRight'
        ? bx > ax + 1
        : key === 'ArrowLeft'
          ? bx < ax - 1
          : key === 'ArrowDown'
            ? by > ay + 1
            : by < ay - 1;
    if (!ahead) continue;
    const along = key === 'ArrowLeft' || key === 'ArrowRight' ? Math.abs(bx - ax) : Math.abs(by - ay);
    const across = key === 'ArrowLeft' || key === 'ArrowRight' ? Math.abs(by - ay) : Math.abs(bx - ax);
    const d = along + across * 4;
    if (!best || d < best.d) best = { el, d };
  }
  return best?.el;
}

/** Handles an arrow/Home/End key on a list container; returns whether it moved focus. */
export function handleListKeys(e: KeyboardEvent<HTMLElement>, o: ListKeysOptions): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey) return false;
  const orientation = o.orientation ?? 'vertical';
  const forward = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
  const back = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
  const arrows = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];
  if (!arrows.includes(e.key) && e.key !== 'Home' && e.key !== 'End') return false;
  // Text fields keep their own arrows and Home/End.
  const target = e.target as HTMLElement;
  if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')
    return false;
  const items = visibleItems(e.currentTarget, o.items);
  if (items.length === 0) return false;
  const current = items.findIndex((el) => el === target || el.contains(target));
  let next: HTMLElement | undefined;
  if (e.key === 'Home') next = items[0];
  else if (e.key === 'End') next = items[items.length - 1];
  else if (orientation === 'grid' && current >= 0) next = gridTarget(items, items[current]!, e.key);
  else if (e.key === forward || e.key === back) {
    const step = e.key === forward ? 1 : -1;
    const i = current < 0 ? (step > 0 ? 0 : items.length - 1) : current + step;
    next = o.wrap
      ? items[(i + items.length) % items.length]
      : items[Math.max(0, Math.min(items.length - 1, i))];
  } else return false;
  e.preventDefault();
  if (next && next !== items[current]) {
    next.focus();
    next.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    o.onMove?.(next);
  }
  return true;
}
