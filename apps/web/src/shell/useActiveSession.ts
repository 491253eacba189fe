'use client';
// Which session this page shows. Per page (several pages may show different sessions of one
// server), remembered in sessionStorage so a reload comes back to the same one.
import type { SessionInfo } from '@rozi/server/model';
import { useCallback, useState } from 'react';

const KEY = 'rozi.activeSession';

export function useActiveSession(
  sessions: readonly SessionInfo[] | undefined,
): [SessionInfo | undefined, (name: string) => void] {
  const [chosen, setChosen] = useState<string | null>(() => {
    // rozi attach NAME prints the page's address with ?session=NAME.
    const asked = new URLSearchParams(location.search).get('session');
    if (asked) return asked;
    try {
      return sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
    } catch {
      return null;
    }
  });
  const select = useCallback((name: string) => {
    setChosen(name);
    try {
      sessionStorage.setItem(KEY, name);
      localStorage.setItem(KEY, name);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
  }, []);
  const session = sessions?.find((s) => s.name === chosen) ?? sessions?.[0];
  return [session, select];
}
