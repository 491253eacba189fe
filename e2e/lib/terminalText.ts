// Reading and typing into rozi's terminals the way a user (or a screen reader) would. With
// `?a11y=1` xterm.js mirrors each row into its accessibility tree, which is what we read.
import type { Locator, Page } from 'playwright-core';

/** A pane's section, by pane id. */
export function pane(page: Page, id: number): Locator {
  return page.locator(`section[data-pane-id="${id}"]`);
}

/** The text of a terminal's accessibility rows (screen reader mode must be on). */
export async function terminalText(page: Page, paneId?: number): Promise<string> {
  const scope = paneId === undefined ? page.locator('[data-focused] ').first() : pane(page, paneId);
  return scope.locator('.xterm-accessibility-tree').innerText({ timeout: 5000 });
}

/** Polls until `predicate` holds for the pane's text; returns the text. */
export async function waitForText(
  page: Page,
  o: { paneId?: number; includes: string | RegExp; timeoutMs?: number },
): Promise<string> {
  const deadline = Date.now() + (o.timeoutMs ?? 15_000);
  let last = '';
  while (Date.now() < deadline) {
    last = await terminalText(page, o.paneId).catch(() => '');
    if (typeof o.includes === 'string' ? last.includes(o.includes) : o.includes.test(last)) return last;
    await page.waitForTimeout(100);
  }
  throw new Error(`terminal never showed ${String(o.includes)}; last text:\n${last.slice(-2000)}`);
}

/** Polls a condition (no blind sleeps). */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

/** Types into the focused terminal. */
export async function typeInTerminal(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 5 });
}
