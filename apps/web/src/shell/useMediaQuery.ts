'use client';
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}

/** The phone layout (card deck + full-screen terminal) below this width. */
export const MOBILE_QUERY = '(max-width: 640px)';
