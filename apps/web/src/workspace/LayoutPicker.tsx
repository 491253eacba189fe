'use client';
// Choose layout (rozi's Shift+M picker) with a live preview: moving the highlight re-tiles the
// workspace in that kind at once, Enter keeps it, Esc puts back the kind it had when opened.
import type { LayoutKind } from '@rozi/server/model';
import { Dialog, Kbd } from '@rozi/ui';
import { useEffect, useRef, useState } from 'react';
import { LAYOUT_KINDS } from '../actions/layoutActions';

const ABOUT: Record<LayoutKind, string> = {
  dwindle: 'each new pane halves the focused one',
  master: 'one large pane, the rest stacked beside it',
  grid: 'equal rows and columns',
  columns: 'side by side',
  rows: 'stacked',
  scrollable: 'a strip of columns that scrolls',
  monocle: 'one pane at a time',
};

export function LayoutPicker({
  open,
  current,
  apply,
  onClose,
}: {
  open: boolean;
  /** The workspace's kind now (the preview's starting point and what Esc restores). */
  current: LayoutKind;
  apply(kind: LayoutKind): void;
  onClose(): void;
}) {
  const [cursor, setCursor] = useState(0);
  const original = useRef<LayoutKind>(current);
  useEffect(() => {
    if (!open) return;
    original.current = current;
    setCursor(Math.max(0, LAYOUT_KINDS.indexOf(current)));
    // Only when it opens (`current` is read then): the live preview changes it on every move.
  }, [open]);
  const move = (to: number) => {
    const i = (to + LAYOUT_KINDS.length) % LAYOUT_KINDS.length;
    setCursor(i);
    apply(LAYOUT_KINDS[i] as LayoutKind);
  };
  const cancel = () => {
    if (current !== original.current) apply(original.current);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={cancel}
      title="Layout"
      placement="top"
      width="min(420px, calc(100vw - 2rem))"
    >
      <ul
        role="listbox"
        aria-label="Layouts"
        tabIndex={0}
        data-autofocus
        data-layout-picker
        className="py-1 outline-none"
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'j') move(cursor + 1);
          else if (e.key === 'ArrowUp' || e.key === 'k') move(cursor - 1);
          else if (e.key === 'Enter') onClose();
          else return;
          e.preventDefault();
        }}
      >
        {LAYOUT_KINDS.map((kind, i) => (
          <li
            key={kind}
            role="option"
            aria-selected={i === cursor}
            data-layout-kind={kind}
            onClick={() => {
              move(i);
              onClose();
            }}
            className={`flex cursor-pointer items-baseline gap-3 px-3 py-1.5 text-[13px] ${i === cursor ? 'bg-accent/15' : ''}`}
          >
            <span className="w-20 font-mono text-fg">{kind}</span>
            <span className="text-[12px] text-muted">{ABOUT[kind]}</span>
          </li>
        ))}
      </ul>
      <div className="flex gap-3 border-t border-line px-3 py-2 text-[11px] text-muted">
        <span>
          <Kbd>↑↓</Kbd> preview
        </span>
        <span>
          <Kbd>Enter</Kbd> keep
        </span>
        <span>
          <Kbd>Esc</Kbd> put back {original.current}
        </span>
      </div>
    </Dialog>
  );
}
