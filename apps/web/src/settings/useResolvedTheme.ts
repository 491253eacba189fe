// The theme actually shown ('system' resolved against the OS), applied to <html>.
import { useEffect, useSyncExternalStore } from 'react';
import { useSettings } from './settingsStore';

function subscribeScheme(listener: () => void): () => void {
  const query = matchMedia('(prefers-color-scheme: light)');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useResolvedTheme(): 'dark' | 'light' {
  const { theme } = useSettings();
  const systemLight = useSyncExternalStore(
    subscribeScheme,
    () => matchMedia('(prefers-color-scheme: light)').matches,
    () => false,
  );
  return theme === 'system' ? (systemLight ? 'light' : 'dark') : theme;
}

/** Keeps <html data-theme> and data-reduce-motion in step with the settings. */
export function useApplyTheme(): 'dark' | 'light' {
  const resolved = useResolvedTheme();
  const { reduceMotion } = useSettings();
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
    document.documentElement.dataset.reduceMotion = String(reduceMotion);
  }, [resolved, reduceMotion]);
  return resolved;
}
