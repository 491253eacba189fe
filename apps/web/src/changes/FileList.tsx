'use client';
// The Changes view's file list, windowed: a 2,000-file diff draws only the rows in sight (plus a
// margin) inside one spacer of the full height, so opening the view costs the same for 20 files or
// 20,000. Rows are one fixed height; a click moves to the file's page and scrolls to its hunks.
import { FOCUS_RING } from '@rozi/ui';
import { useEffect, useRef, useState } from 'react';

export interface FileRow {
  path: string;
  added: number;
  removed: number;
  binary: boolean;
  page: number;
  /** False while its lines are still being counted (a file off the first page). */
  counted: boolean;
}

/** One row's height in pixels (the row's text is 12px on an 18px line, plus padding). */
export const ROW_PX = 22;
/** Rows drawn above and below the visible ones. */
const OVERSCAN = 12;

/** The first and last row index in sight of a scroll box. */
export function windowOf(o: { scrollTop: number; height: number; rows: number }): [number, number] {
  const first = Math.max(0, Math.floor(o.scrollTop / ROW_PX) - OVERSCAN);
  const last = Math.min(o.rows, Math.ceil((o.scrollTop + o.height) / ROW_PX) + OVERSCAN);
  return [first, last];
}

export function FileList({
  files,
  page,
  onPick,
}: {
  files: FileRow[];
  page: number;
  onPick(f: FileRow): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 800 });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const read = () => setView({ scrollTop: el.scrollTop, height: el.clientHeight || 800 });
    read();
    el.addEventListener('scroll', read, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      ro?.disconnect();
    };
  }, []);
  const [first, last] = windowOf({ ...view, rows: files.length });
  return (
    <div
      ref={box}
      className="min-h-0 flex-1 overflow-y-auto"
      data-file-list=""
      data-file-count={files.length}
    >
      <ul className="relative" style={{ height: files.length * ROW_PX }}>
        {files.slice(first, last).map((f, i) => (
          <li
            key={f.path}
            className="absolute inset-x-0"
            style={{ top: (first + i) * ROW_PX, height: ROW_PX }}
          >
            <button
              type="button"
              data-file-row={f.path}
              onClick={() => onPick(f)}
              className={`flex h-full w-full items-center gap-1.5 rounded px-1.5 text-left hover:bg-surface-2 ${f.page === page ? 'text-fg' : 'text-muted'} ${FOCUS_RING}`}
            >
              <span className="min-w-0 flex-1 truncate font-mono" title={f.path}>
                {f.path}
              </span>
              {!f.counted ? (
                <span className="shrink-0 text-muted" aria-label="counting lines" data-uncounted="">
                  …
                </span>
              ) : f.binary ? (
                <span className="shrink-0 text-muted">bin</span>
              ) : (
                <span className="shrink-0 font-mono">
                  <span className="text-done">+{f.added}</span>{' '}
                  <span className="text-danger">-{f.removed}</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
