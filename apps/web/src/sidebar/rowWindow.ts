'use client';
// A window over a long list of fixed-height rows (the Files tab's tree): only the rows in view
// plus a margin are drawn, so 10,000 entries cost what 60 do. The scroll position and the
// viewport's height are followed (scroll events, a ResizeObserver); `reveal` scrolls a row into
// view for the keyboard. The row a keyboard user stands on is always drawn (`indices(keep)`), so
// Tab into the tree finds it even while it is scrolled away.
import { useCallback, useEffect, useRef, useState } from 'react';

/** One tree row's height in CSS pixels (font-mono 12px with its padding). */
export const ROW_PX = 20;
const OVERSCAN = 15;

export function rowRange(o: { top: number; height: number; count: number }): [number, number] {
  const first = Math.max(0, Math.floor(o.top / ROW_PX) - OVERSCAN);
  const last = Math.min(o.count, Math.ceil((o.top + o.height) / ROW_PX) + OVERSCAN);
  return [first, Math.max(first, last)];
}

export function useRowWindow(count: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  const measure = useCallback(() => {
    const el = ref.current;
    if (el)
      setView((v) =>
        v.top === el.scrollTop && v.height === el.clientHeight
          ? v
          : { top: el.scrollTop, height: el.clientHeight },
      );
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure]);
  const [first, last] = rowRange({ top: view.top, height: view.height, count });
  return {
    ref,
    onScroll: measure,
    /** Rows in view at once (PageUp/PageDown's step). */
    pageRows: Math.max(1, Math.floor(view.height / ROW_PX)),
    /** The indices to draw: the window, plus `keep` when it lies outside. */
    indices(keep: number): number[] {
      const out: number[] = [];
      if (keep >= 0 && keep < first) out.push(keep);
      for (let i = first; i < last; i++) out.push(i);
      if (keep >= last && keep < count) out.push(keep);
      return out;
    },
    /** Scrolls so row `index` is fully in view (the nearest edge), then re-measures. */
    reveal(index: number) {
      const el = ref.current;
      if (!el) return;
      const top = index * ROW_PX;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_PX > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_PX - el.clientHeight;
      measure();
    },
  };
}
