'use client';
// The desktop's "Needs you" panel beside the panes. It opens by itself when an agent starts
// waiting, stays closed once closed until another question arrives, and can be opened from the
// palette (show-inbox) or a toast.
import { IconButton } from '@rozi/ui';
import type { Inbox } from './useInbox';
import { InboxList } from './InboxList';

export function InboxPanel({
  inbox,
  onClose,
  onOpenPane,
}: {
  inbox: Inbox;
  onClose(): void;
  onOpenPane(target: { session: string; key: number }): void;
}) {
  return (
    <aside
      aria-label="Needs you"
      data-inbox-panel
      className="flex w-80 shrink-0 flex-col border-l border-line bg-surface"
    >
      <header className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-3">
        <h2 className="text-[13px] font-semibold">Needs you</h2>
        <span className="text-[12px] text-muted">{inbox.items.length}</span>
        <IconButton icon="close" label="Close the inbox" className="ml-auto" onClick={onClose} />
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        <InboxList inbox={inbox} size="compact" onOpenPane={onOpenPane} />
      </div>
    </aside>
  );
}
