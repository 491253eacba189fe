// The theme actually shown, applied to <html>: config.toml's `[theme] name` when it names a
// palette (its light/dark scheme and every colour token), `system` or no [theme] at all: this
// browser's own choice ('system' resolved against the OS).
import { useEffect, useSyncExternalStore } from 'react';
import { cssVariables, useConfigTheme } from './configTheme';
import { useSettings } from './settingsStore';

function subscribeScheme(listener: () => void): () => void {
  const query = matchMedia('(prefers-color-scheme: light)');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useResolvedTheme(): 'dark' | 'light' {
  const { theme } = useSettings();
  const config = useConfigTheme();
  const systemLight = useSyncExternalStore(
    subscribeScheme,
    () => matchMedia('(prefers-color-scheme: light)').matches,
    () => false,
  );
  if (config?.palette) return config.palette.scheme;
  if (config?.source === 'system') return systemLight ? 'light' : 'dark';
  return theme === 'system' ? (systemLight ? 'light' : 'dark') : theme;
}

const EMPTY = {
  bg: '',
  surface: '',
  surface2: '',
  surface3: '',
  line: '',
  fg: '',
  muted: '',
  accent: '',
  accentFg: '',
  working: '',
  blocked: '',
  done: '',
  danger: '',
  term: '',
};

/** Keeps <html data-theme> and data-reduce-motion in step with the settings. */
export function useApplyTheme(): 'dark' | 'light' {
  const resolved = useResolvedTheme();
  const { reduceMotion } = useSettings();
  const palette = useConfigTheme()?.palette ?? null;
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = resolved;
    root.dataset.reduceMotion = String(reduceMotion);
    root.dataset.configTheme = palette?.id ?? '';
    const vars = palette ? cssVariables(palette.ui) : {};
    for (const name of Object.keys(cssVariables(EMPTY))) {
      const v = vars[name];
      if (v) root.style.setProperty(name, v);
      else root.style.removeProperty(name);
    }
  }, [resolved, reduceMotion, palette]);
  return resolved;
}
