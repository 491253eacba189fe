// Glyph widths for xterm's DOM renderer, measured ahead of the first keystroke. The renderer
// learns a glyph's width the first time a row shows it (its WidthCache writes the glyph 32 times
// into a hidden span and reads offsetWidth): a forced style and layout of the whole page inside
// the frame that draws the row. A Chromium trace of a key-echo loop on the workspace page showed
// it in the echo frame of every letter typed for the first time, 0.45–0.9 ms each on this page's
// 288 layout objects. Here printable ASCII is measured at once, in a single layout, while the
// page is idle: the same spans and the same arithmetic as xterm's, so its table holds what it
// would have measured itself, one frame at a time.
//
// This reaches into xterm's private renderer (the version is pinned in package.json). When the
// shape is not the expected one (another xterm, the WebGL renderer) it changes nothing and says
// so: the caller shows the outcome on the host element and an e2e test reads it, so an xterm
// upgrade that moves these fields fails a test instead of silently losing the gain.
import type { Terminal } from '@xterm/xterm';

/** What xterm's WidthCache stores for a glyph it has not measured (its `clear()`). */
const UNMEASURED = -9999;
/** xterm measures a run of 32 copies and divides, to get sub-pixel advance from offsetWidth. */
const REPEAT = 32;
const FIRST = 0x20;
const LAST = 0x7e;

/** The fields of xterm 6's WidthCache this module reads and writes. */
interface WidthCache {
  _flat: Float32Array;
  _container: HTMLElement;
  _measureElements: HTMLElement[];
  clear(): void;
}

export type GlyphWarmOutcome = 'ascii' | 'no-dom-renderer';

function widthCacheOf(term: Terminal): WidthCache | null {
  const core = (term as unknown as { _core?: { _renderService?: { _renderer?: { value?: unknown } } } })
    ._core;
  const renderer = core?._renderService?._renderer?.value as
    { _widthCache?: Partial<WidthCache> } | undefined;
  const cache = renderer?._widthCache;
  if (
    !cache ||
    !(cache._flat instanceof Float32Array) ||
    cache._flat.length < 256 ||
    !(cache._container instanceof HTMLElement) ||
    !Array.isArray(cache._measureElements) ||
    !(cache._measureElements[0] instanceof HTMLElement) ||
    typeof cache.clear !== 'function'
  ) {
    return null;
  }
  return cache as WidthCache;
}

/** Measures every printable ASCII glyph the cache lacks, with one layout; returns how many. */
function measureAscii(cache: WidthCache): number {
  const template = cache._measureElements[0]!; // the regular-weight, upright span
  const pending: Array<[code: number, span: HTMLElement]> = [];
  const batch = document.createDocumentFragment();
  for (let code = FIRST; code <= LAST; code++) {
    if (cache._flat[code] !== UNMEASURED) continue;
    const span = template.cloneNode(false) as HTMLElement;
    span.textContent = String.fromCharCode(code).repeat(REPEAT);
    batch.append(span);
    pending.push([code, span]);
  }
  if (pending.length === 0) return 0;
  cache._container.append(batch);
  let measured = 0;
  for (const [code, span] of pending) {
    const width = span.offsetWidth / REPEAT; // the first read lays out; the rest are clean
    if (width > 0) {
      cache._flat[code] = width;
      measured++;
    }
  }
  for (const [, span] of pending) span.remove();
  return measured;
}

const watched = new WeakSet<WidthCache>();

/**
 * Keeps `term`'s DOM renderer's glyph widths for printable ASCII measured: now (when the page is
 * idle) and again after xterm clears them (a font or cell-size change). Call `refresh()` after the
 * renderer changes (a switch back from WebGL creates a new cache). `onOutcome` hears each result.
 */
export function keepGlyphWidths(o: {
  term: Terminal;
  onOutcome?: (outcome: GlyphWarmOutcome, measured: number) => void;
}): { refresh(): void; dispose(): void } {
  let disposed = false;
  let queued = false;
  const run = () => {
    queued = false;
    if (disposed) return;
    const cache = widthCacheOf(o.term);
    if (!cache) {
      o.onOutcome?.('no-dom-renderer', 0);
      return;
    }
    if (!watched.has(cache)) {
      watched.add(cache);
      const clear = cache.clear.bind(cache);
      cache.clear = () => {
        clear();
        schedule();
      };
    }
    o.onOutcome?.('ascii', measureAscii(cache));
  };
  const schedule = () => {
    if (queued || disposed) return;
    queued = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 500 });
    else setTimeout(run, 0);
  };
  schedule();
  return {
    refresh: schedule,
    dispose() {
      disposed = true;
    },
  };
}
