// Settings persisted in localStorage and shared live across this profile's tabs (the storage
// event), read in React through useSyncExternalStore.
import { useSyncExternalStore } from 'react';
import type { Settings } from './settingsModel';
import { DEFAULT_SETTINGS, sanitizeSettings } from './settingsModel';

const STORAGE_KEY = 'rozi.settings.v1';
const listeners = new Set<() => void>();
let current: Settings | null = null;

function load(): Settings {
  try {
    return sanitizeSettings(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return { ...DEFAULT_SETTINGS }; // Storage blocked or corrupt: defaults are a fine answer.
  }
}

export function getSettings(): Settings {
  if (typeof window === 'undefined') return DEFAULT_SETTINGS;
  current ??= applyUrlSwitches(load());
  return current;
}

/** `?a11y=1` turns on screen-reader mode for this page (tests and users who need it at once). */
function applyUrlSwitches(settings: Settings): Settings {
  const a11y = new URLSearchParams(location.search).get('a11y');
  if (a11y === '1') return { ...settings, screenReader: true };
  return settings;
}

export function updateSettings(patch: Partial<Settings>): void {
  current = { ...getSettings(), ...patch };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Private mode or quota: the change still applies to this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY) return;
    current = applyUrlSwitches(load());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, () => DEFAULT_SETTINGS);
}
