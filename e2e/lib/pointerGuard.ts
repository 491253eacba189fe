// A keyboard-only test must not touch the page with a pointer: this records every pointer, mouse
// or touch event that reaches the page (capture phase, before any handler can stop it), on every
// page the context opens, so the test can fail naming it. A click with detail 0 is the one a key
// makes (Enter or Space on a button) and is not a pointer.
import type { BrowserContext, Page } from 'playwright-core';

declare global {
  interface Window {
    __pointerEvents?: string[];
  }
}

export async function guardAgainstPointers(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    window.__pointerEvents = seen;
    for (const type of [
      'pointerdown',
      'pointerup',
      'mousedown',
      'mouseup',
      'click',
      'touchstart',
      'touchend',
    ])
      window.addEventListener(
        type,
        (e) => {
          if (type === 'click' && (e as MouseEvent).detail === 0) return;
          const t = e.target as Element | null;
          seen.push(
            `${type} on ${t?.tagName?.toLowerCase() ?? '?'} "${(t?.textContent ?? '').trim().slice(0, 30)}"`,
          );
        },
        true,
      );
  });
}

/** The pointer events this page has had since it loaded (empty for a keyboard-only page). */
export function pointerEventsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__pointerEvents ?? ['no guard installed on this page']);
}

/** Forgets what was recorded (after the test proved the guard hears a pointer). */
export async function forgetPointerEvents(page: Page): Promise<void> {
  await page.evaluate(() => window.__pointerEvents?.splice(0));
}
