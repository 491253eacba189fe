// Per-tab visibility and dock/panel chosen in Sidebar tabs…, kept in this browser. The user's
// choice survives disabling, updates and removal of the extension (spec: Sidebar tabs), so it is
// keyed by the tab's public id and never dropped when the tab disappears.
export interface TabPlacement {
  hidden: boolean;
  dock: 'left' | 'right';
  panel: 1 | 2 | 3;
}

const KEY = 'rozi.sidebarTabs.v1';

export function readPlacements(): Record<string, TabPlacement> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, TabPlacement>) : {};
  } catch {
    return {};
  }
}

/** Fired on window after a placement is written here, so the docks redraw (other tabs get `storage`). */
export const PLACEMENT_CHANGED_EVENT = 'rozi:sidebar-placement';

export function writePlacement(id: string, p: TabPlacement): Record<string, TabPlacement> {
  return writePlacements({ [id]: p });
}

/** Several placements at once (a preset), one write and one change event. */
export function writePlacements(changes: Record<string, TabPlacement>): Record<string, TabPlacement> {
  const all = { ...readPlacements(), ...changes };
  localStorage.setItem(KEY, JSON.stringify(all));
  window.dispatchEvent(new Event(PLACEMENT_CHANGED_EVENT));
  return all;
}

/** Re-reads placements whenever this page or another tab of this browser changes them. */
export function onPlacementsChanged(listener: () => void): () => void {
  const storage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener(PLACEMENT_CHANGED_EVENT, listener);
  window.addEventListener('storage', storage);
  return () => {
    window.removeEventListener(PLACEMENT_CHANGED_EVENT, listener);
    window.removeEventListener('storage', storage);
  };
}

/** The value a typed setting's text means, or the one-line reason it is not one. */
export function parseTypedSetting(o: {
  type: string;
  text: string;
  min: number | null;
  max: number | null;
  label: string;
}): { value: string | number } | { error: string } {
  if (o.type === 'integer') {
    if (!/^-?\d+$/.test(o.text.trim())) return { error: `${o.label} must be a whole number` };
    const n = Number(o.text.trim());
    if (o.min !== null && n < o.min) return { error: `${o.label} must be at least ${o.min}` };
    if (o.max !== null && n > o.max) return { error: `${o.label} must be at most ${o.max}` };
    return { value: n };
  }
  if (o.min !== null && o.text.length < o.min)
    return { error: `${o.label} must be at least ${o.min} characters` };
  if (o.max !== null && o.text.length > o.max)
    return { error: `${o.label} must be at most ${o.max} characters` };
  return { value: o.text };
}
