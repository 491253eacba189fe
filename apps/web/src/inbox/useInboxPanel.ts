'use client';
// When the desktop's inbox panel shows: by itself while a question the person has not closed the
// panel on is waiting (a new question opens it again), or when asked for (palette, toast).
import { useCallback, useState } from 'react';
import type { Inbox } from './useInbox';

export function useInboxPanel(inbox: Inbox) {
  const [closedOn, setClosedOn] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(false);
  const ids = inbox.items.map((i) => i.question.question_id);
  const open = shown || ids.some((id) => !closedOn.has(id));
  const idsKey = ids.join(',');
  const close = useCallback(() => {
    setShown(false);
    setClosedOn(new Set(idsKey.split(',').filter(Boolean)));
  }, [idsKey]);
  const show = useCallback(() => setShown(true), []);
  return { open, show, close };
}
