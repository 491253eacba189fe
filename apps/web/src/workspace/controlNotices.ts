'use client';
// The lines a collaboration notice puts at the bottom of the page (rozi's sessions.md): a request
// for control names the grant key as bound now; a decline tells the requester; the server's
// refusals (input lock, read-only, only the controller may…) show once per few seconds, so a
// held key on a locked pane is one line, not one per keystroke.
import { useCallback, useRef, type RefObject } from 'react';
import type { ControlNoticeHandler } from './useSessionControl';

const REPEAT_MS = 3000;

export function useControlNotices(o: {
  notice(message: string, tone?: 'info' | 'error'): void;
  grantKey: RefObject<string>;
}): ControlNoticeHandler {
  const last = useRef(new Map<string, number>());
  const { notice, grantKey } = o;
  return useCallback(
    (m) => {
      const once = (line: string, tone: 'info' | 'error') => {
        const now = Date.now();
        if (now - (last.current.get(line) ?? 0) < REPEAT_MS) return;
        last.current.set(line, now);
        notice(line, tone);
      };
      if (m.t === 'refused') once(m.message, 'error');
      else if (m.notice === 'requested')
        once(
          `browser ${m.from ?? '?'} asks for layout control: ${grantKey.current} grants it (Manage collaborators… to decline)`,
          'info',
        );
      else if (m.notice === 'declined')
        once(`browser ${m.from ?? '?'} declined your request for control`, 'error');
    },
    [notice, grantKey],
  );
}
