'use client';
// Drawing a page of a large diff on demand: a file's hunks (parsed, syntax-coloured, thousands of
// table rows) are built only once the file comes within a screen of the viewport, and then kept.
// Until then it holds a placeholder of about its drawn height, so the scroll bar stays honest.
import { useEffect, useRef, useState, type RefObject } from 'react';

/** How far outside the viewport a file starts drawing. */
const MARGIN = '800px 0px';
/** One diff line's height in pixels (12px text on an 18px line). */
const LINE_PX = 18;

/** Whether the element has come near the viewport (true from the start when `eager`). */
export function useNear<T extends Element>(eager: boolean): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

/** About the drawn height of a file's hunks: its changed lines plus context, capped. */
export const placeholderPx = (f: { added: number; removed: number }): number =>
  Math.min(20_000, Math.max(2, f.added + f.removed + 6) * LINE_PX);
