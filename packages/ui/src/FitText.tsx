'use client';
// A one-line text that, when it does not fit, drops whole words and ends in "…" (wordFit.ts),
// never cutting a word in half; the whole text is the tooltip, and the dropped words stay for
// screen readers (sr-only), so they hear the whole text.
// The element fills the width its parent gives it (its width must not follow its content: give
// it flex-1 or a block context) and watches that width.
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { fitCount, splitWords } from './wordFit';

export interface FitTextProps {
  text: string;
  /** Pre-split words (e.g. a rollup's parts); by default the text's words (splitWords). */
  words?: readonly string[];
  /** Draws word i (colour); plain text by default. */
  renderWord?(word: string, i: number): ReactNode;
  className?: string;
  /** The tooltip, when it is more than the text (a full path for a folder's name). */
  tooltip?: string;
  /** Data attributes and the like for the outer element. */
  attrs?: Record<string, string | undefined>;
}

export function FitText({ text, words: given, renderWord, className = '', tooltip, attrs }: FitTextProps) {
  const words = given ?? splitWords(text);
  const key = words.join('\u0000');
  const box = useRef<HTMLSpanElement>(null);
  const measured = useRef<{ key: string; widths: number[]; ellipsis: number } | null>(null);
  const [fit, setFit] = useState<{ key: string; count: number } | null>(null);
  const count = fit && fit.key === key ? fit.count : words.length;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const place = () => {
      const m = measured.current;
      if (!m || m.key !== key) return;
      const next = fitCount(m.widths, m.ellipsis, el.clientWidth);
      setFit((f) => (f && f.key === key && f.count === next ? f : { key, count: next }));
    };
    if (measured.current?.key !== key) {
      // Measured with every word shown (the first render of this text shows them all).
      const spans = [...el.querySelectorAll<HTMLElement>(':scope > [data-word]')];
      const dots = el.querySelector<HTMLElement>(':scope > [data-ellipsis]');
      measured.current = {
        key,
        widths: spans.map((s) => s.getBoundingClientRect().width),
        ellipsis: dots?.getBoundingClientRect().width ?? 0,
      };
    }
    place();
    const observer = new ResizeObserver(place);
    observer.observe(el);
    return () => observer.disconnect();
  }, [key]);

  const measuring = measured.current?.key !== key;
  return (
    <span
      ref={box}
      className={`block min-w-0 overflow-hidden text-ellipsis whitespace-nowrap ${className}`}
      title={tooltip ?? text}
      {...attrs}
    >
      {words.map((w, i) => (
        <span key={`${i}:${w}`} data-word className={!measuring && i >= count ? 'sr-only' : 'whitespace-pre'}>
          {renderWord ? renderWord(w, i) : w}
        </span>
      ))}
      {/* The "…" is drawn by CSS, so the element's text stays the name itself (copy, tests, names). */}
      <span
        data-ellipsis
        aria-hidden="true"
        className="after:content-['…']"
        style={
          measuring
            ? { position: 'absolute', visibility: 'hidden' }
            : count < words.length
              ? undefined
              : { display: 'none' }
        }
      />
    </span>
  );
}
