// Which pane's Changes view is open (one at a time): the pane header's button opens it, the
// desktop layout draws it beside the panes. A tiny external store, so neither imports the other.
import { useSyncExternalStore } from 'react';

let openKey: number | null = null;
const listeners = new Set<() => void>();

function set(key: number | null): void {
  openKey = key;
  for (const l of listeners) l();
}

export const openChanges = (key: number): void => set(key);
export const closeChanges = (): void => set(null);
export const toggleChanges = (key: number): void => set(openKey === key ? null : key);

export function useChangesPane(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => openKey,
    () => null,
  );
}
