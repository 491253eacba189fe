// GPU contexts for terminals: a page gets about 16 WebGL contexts before Chromium silently evicts
// the oldest (that terminal then loses its picture until a repaint falls back). With 24 panes on
// screen and 64 across tabs, rozi hands WebGL only to terminals that are visible, at most
// WEBGL_BUDGET at once, and takes it back when a terminal leaves the screen (another tab, a
// zoomed sibling, a collapsed split): the rest draw with xterm's DOM renderer. Off-screen
// terminals keep parsing their output either way; xterm pauses rendering while its element is
// not intersecting the viewport and repaints on return.
import { WebglAddon } from '@xterm/addon-webgl';
import type { Terminal } from '@xterm/xterm';

/** Below Chromium's 16 so other canvases of the page (and a second page) leave headroom. */
export const WEBGL_BUDGET = 12;

let inUse = 0;

/** Contexts currently held (tests, diagnostics). */
export function webglInUse(): number {
  return inUse;
}

/** A slot of the budget, or null when every slot is taken; release() is idempotent. */
export function takeWebglSlot(): { release(): void } | null {
  if (inUse >= WEBGL_BUDGET) return null;
  inUse++;
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      inUse--;
    },
  };
}

/**
 * Gives `term` WebGL while it is visible and a slot is free, the DOM renderer otherwise.
 * `onChange` hears which renderer is active after every switch.
 */
export function manageWebgl(o: {
  term: Terminal;
  element: HTMLElement;
  onChange(renderer: 'webgl' | 'dom'): void;
}): { dispose(): void } {
  let addon: WebglAddon | null = null;
  let slot: { release(): void } | null = null;
  const drop = () => {
    addon?.dispose();
    addon = null;
    slot?.release();
    slot = null;
    o.onChange('dom');
  };
  const take = () => {
    if (addon) return;
    slot = takeWebglSlot();
    if (!slot) return; // over budget: this one keeps the DOM renderer
    try {
      const webgl = new WebglAddon();
      // A lost context (driver reset, eviction) drops back to the DOM renderer.
      webgl.onContextLoss(drop);
      o.term.loadAddon(webgl);
      addon = webgl;
      o.onChange('webgl');
    } catch {
      drop(); // no WebGL after all
    }
  };
  const observer = new IntersectionObserver((entries) => {
    const visible = entries.some((e) => e.isIntersecting);
    if (visible) take();
    else if (addon) drop();
  });
  observer.observe(o.element);
  return {
    dispose() {
      observer.disconnect();
      if (addon || slot) drop();
    },
  };
}
