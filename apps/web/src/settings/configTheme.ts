// The theme config.toml names (`[theme] name`, resolved by the server: config.theme), kept in a
// module store so every part of the page (the <html> colour tokens, each terminal's palette)
// reads the same value, and cached in localStorage so the next load paints it from the first
// frame. ConfigThemeSync (shell/) refreshes it from the server; a save of config.toml — from
// Settings, another browser or a hand edit — reaches it through `config-reloaded`.
import type { UiColors } from '@rozi/server/theme';
import { useSyncExternalStore } from 'react';

/** The page's colour tokens, as the server resolves them from the theme (`--rz-*`). */
export type ConfigThemeColors = UiColors;

export interface ConfigTheme {
  name: string;
  source: 'preset' | 'custom' | 'system' | 'default';
  palette: {
    id: string;
    label: string;
    scheme: 'dark' | 'light';
    ui: ConfigThemeColors;
    terminal: Record<string, string>;
  } | null;
  warning: string | null;
}

const KEY = 'rozi.configTheme.v1';
const listeners = new Set<() => void>();
let current: ConfigTheme | null | undefined;

function load(): ConfigTheme | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as ConfigTheme | null;
    return v && typeof v === 'object' && typeof v.source === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function getConfigTheme(): ConfigTheme | null {
  if (typeof window === 'undefined') return null;
  if (current === undefined) current = load();
  return current;
}

export function setConfigTheme(theme: ConfigTheme): void {
  const prev = getConfigTheme();
  if (prev && JSON.stringify(prev) === JSON.stringify(theme)) return;
  current = theme;
  try {
    localStorage.setItem(KEY, JSON.stringify(theme));
  } catch {
    // Storage blocked: this page still paints it.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConfigTheme(): ConfigTheme | null {
  return useSyncExternalStore(subscribe, getConfigTheme, () => null);
}

/** `--rz-*` custom properties of a palette (globals.css names). */
export function cssVariables(ui: ConfigThemeColors): Record<string, string> {
  return {
    '--rz-bg': ui.bg,
    '--rz-surface': ui.surface,
    '--rz-surface-2': ui.surface2,
    '--rz-surface-3': ui.surface3,
    '--rz-line': ui.line,
    '--rz-fg': ui.fg,
    '--rz-muted': ui.muted,
    '--rz-accent': ui.accent,
    '--rz-accent-fg': ui.accentFg,
    '--rz-working': ui.working,
    '--rz-blocked': ui.blocked,
    '--rz-done': ui.done,
    '--rz-danger': ui.danger,
    '--rz-term': ui.term,
  };
}
