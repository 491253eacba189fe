'use client';
// The desktop's "Needs you" panel beside the panes. It opens by itself when an agent starts
// waiting, stays closed once closed until another question arrives, and can be opened from the
// palette (show-inbox) or a toast; then it takes the focus (the terminal before it keeps Tab, so
// Tab alone could not reach it), and Esc closes it and gives the terminal back.
import { IconButton, initialFocusTarget, returnFocus } from '@rozi/ui';
import { useEffect, useRef } from 'react';
import type { Inbox } from './useInbox';
import { InboxList } from './InboxList';

export function InboxPanel({
  inbox,
  onClose,
  onOpenPane,
  focusRequest = 0,
}: {
  inbox: Inbox;
  /** Grows each time the person opens the panel: it takes the focus then. */
  focusRequest?: number;
  onClose(): void;
  onOpenPane(target: { session: string; key: number }): void;
}) {
  const panel = useRef<HTMLElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusRequest === 0) return;
    // After the palette that asked has given the focus back.
    const frame = requestAnimationFrame(() => {
      if (panel.current) initialFocusTarget(panel.current)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);
  return (
    <aside
      ref={panel}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        onClose();
        returnFocus(null);
      }}
      aria-label="Needs you"
      data-inbox-panel
      className="flex w-80 shrink-0 flex-col border-l border-line bg-surface"
    >
      <header className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-3">
        <h2 className="text-[13px] font-semibold">Needs you</h2>
        <span className="text-[12px] text-muted">{inbox.items.length}</span>
        <IconButton ref={close} icon="close" label="Close the inbox" className="ml-auto" onClick={onClose} />
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        <InboxList inbox={inbox} size="compact" onOpenPane={onOpenPane} fallbackFocus={close} />
      </div>
    </aside>
  );
}
