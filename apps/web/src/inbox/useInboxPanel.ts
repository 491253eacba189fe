'use client';
// When the desktop's inbox panel shows: it opens by itself when a question arrives that the person
// has not closed the panel on, or when asked for (palette, toast), and stays open (answered
// items move to its history) until closed.
import { useCallback, useEffect, useState } from 'react';
import type { Inbox } from './useInbox';

export function useInboxPanel(inbox: Inbox) {
  const [closedOn, setClosedOn] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(false);
  // Opened by the person (palette, toast): the panel takes the focus; opened by itself: it does not.
  const [asked, setAsked] = useState(0);
  const ids = inbox.items.map((i) => i.question.question_id);
  const idsKey = ids.join(',');
  const fresh = ids.some((id) => !closedOn.has(id));
  useEffect(() => {
    if (fresh) setShown(true);
  }, [fresh, idsKey]);
  const open = shown || fresh;
  const close = useCallback(() => {
    setShown(false);
    setAsked(0);
    setClosedOn(new Set(idsKey.split(',').filter(Boolean)));
  }, [idsKey]);
  const show = useCallback(() => {
    setShown(true);
    setAsked((n) => n + 1);
  }, []);
  return { open, show, close, asked };
}
