// `?probe=1` exposes this page's xterm.js instances as `window.__roziTerminals` (pane key →
// Terminal), so benchmarks can time echo and paint the same way for rozi and for a plain
// web terminal, without the screen reader mode's extra work. Off unless asked for.
import type { Terminal } from '@xterm/xterm';

declare global {
  interface Window {
    __roziTerminals?: Map<number, Terminal>;
  }
}

const enabled = typeof location !== 'undefined' && new URLSearchParams(location.search).get('probe') === '1';

export function exposeForProbe(key: number, term: Terminal): () => void {
  if (!enabled) return () => undefined;
  const map = (window.__roziTerminals ??= new Map());
  map.set(key, term);
  return () => {
    if (map.get(key) === term) map.delete(key);
  };
}
