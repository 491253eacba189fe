'use client';
// Shown while the WebSocket is down: the page keeps retrying on its own and says so. A page
// another client removed from its session (Manage collaborators…) says who did and stays off.
import { Icon } from '@rozi/ui';
import { useEffect, useState } from 'react';
import { useConnectionState, useStream } from '../stream/streamContext';

export function ConnectionBanner() {
  const state = useConnectionState();
  const removal = useStream().removal;
  // A first connect that takes a moment is not worth a banner; a drop is, at once.
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (state === 'open') {
      setShow(false);
      return;
    }
    if (state === 'reconnecting' || state === 'removed') {
      setShow(true);
      return;
    }
    const timer = setTimeout(() => setShow(true), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  if (!show) return null;
  return (
    <div
      role="status"
      aria-live="assertive"
      data-connection={state}
      className="flex shrink-0 items-center justify-center gap-2 bg-blocked px-3 py-1 text-[12px] font-medium text-black"
    >
      <Icon name="wifiOff" size={14} />
      {state === 'removed'
        ? `${removal?.by ? `browser ${removal.by}` : 'Another page'} removed this page from session ${removal?.session ?? '?'}; it will not reconnect. Reload to join again.`
        : state === 'reconnecting'
          ? 'Disconnected from the rozi server. Reconnecting…'
          : 'Connecting to the rozi server…'}
    </div>
  );
}
