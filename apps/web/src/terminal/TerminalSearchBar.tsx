'use client';
// Find in scrollback (Ctrl+Shift+F): incremental search with match count, Enter / Shift+Enter.
import type { SearchAddon } from '@xterm/addon-search';
import { IconButton } from '@rozi/ui';
import { useEffect, useRef, useState } from 'react';

const DECORATIONS = {
  matchBackground: '#5b9dff55',
  matchOverviewRuler: '#5b9dff',
  activeMatchBackground: '#f5a524aa',
  activeMatchColorOverviewRuler: '#f5a524',
};

export function TerminalSearchBar({
  search,
  reloads,
  onClose,
}: {
  search: SearchAddon;
  /** Changes when the terminal was refilled with the pane's older history: the query runs again. */
  reloads: number;
  onClose: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [count, setCount] = useState<{ index: number; total: number } | null>(null);

  useEffect(() => {
    input.current?.focus();
    const sub = search.onDidChangeResults(({ resultIndex, resultCount }) =>
      setCount({ index: resultIndex, total: resultCount }),
    );
    return () => {
      sub.dispose();
      search.clearDecorations();
    };
  }, [search]);

  const find = (direction: 'next' | 'previous', text = query) => {
    if (!text) {
      search.clearDecorations();
      setCount(null);
      return;
    }
    const options = { decorations: DECORATIONS, incremental: direction === 'next' };
    if (direction === 'next') search.findNext(text, options);
    else search.findPrevious(text, options);
  };
  const findRef = useRef(find);
  findRef.current = find;
  useEffect(() => {
    if (reloads > 0) findRef.current('next');
  }, [reloads]);

  return (
    <div
      role="search"
      data-overlay=""
      className="absolute right-3 top-2 z-10 flex items-center gap-1 rounded-md border border-line bg-surface px-1.5 py-1 shadow-lg"
    >
      <input
        ref={input}
        aria-label="Find in terminal"
        placeholder="Find"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          find('next', e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') find(e.shiftKey ? 'previous' : 'next');
          if (e.key === 'Escape') onClose();
          e.stopPropagation();
        }}
        className="h-6 w-44 bg-transparent px-1 text-[12px] text-fg outline-none"
      />
      <span className="min-w-12 text-right text-[11px] text-muted" aria-live="polite">
        {count ? (count.total === 0 ? 'No results' : `${count.index + 1} of ${count.total}`) : ''}
      </span>
      <IconButton icon="arrowUp" label="Previous match" onClick={() => find('previous')} />
      <IconButton icon="arrowDown" label="Next match" onClick={() => find('next')} />
      <IconButton icon="close" label="Close search" onClick={onClose} />
    </div>
  );
}
