// Where the keyboard focus is, described the way a person would say it: in which dialog, on
// which control (its accessible name), in which pane's terminal, or nowhere (<body>).
import type { Page } from 'playwright-core';

export interface FocusPlace {
  /** The open dialog's title when focus is inside one. */
  dialog: string | null;
  /** Tag name of the focused element, lower case; 'body' when nothing is focused. */
  tag: string;
  /** Accessible name: aria-label, its <label>, or its text. */
  name: string;
  /** The pane whose terminal has the focus. */
  terminalPane: number | null;
  /** A text field's value. */
  value: string | null;
  role: string | null;
}

export async function focusOf(page: Page): Promise<FocusPlace> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { dialog: null, tag: 'body', name: '', terminalPane: null, value: null, role: null };
    const dialog = el.closest('dialog');
    const titleId = dialog?.getAttribute('aria-labelledby');
    const title = titleId ? (document.getElementById(titleId)?.textContent ?? null) : null;
    const terminal = el.classList.contains('xterm-helper-textarea')
      ? el.closest('section[data-pane-id]')?.getAttribute('data-pane-id')
      : null;
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? null;
    const name = (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim().slice(0, 80);
    const value = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : null;
    return {
      dialog: title,
      tag: el.tagName.toLowerCase(),
      name,
      terminalPane: terminal ? Number(terminal) : null,
      value: terminal ? null : value,
      role: el.getAttribute('role'),
    };
  });
}

/** Polls until the focus satisfies `ok`; fails naming where the focus was. */
export async function waitForFocus(
  page: Page,
  what: string,
  ok: (f: FocusPlace) => boolean,
): Promise<FocusPlace> {
  const deadline = Date.now() + 20_000;
  let last: FocusPlace | undefined;
  while (Date.now() < deadline) {
    last = await focusOf(page);
    if (ok(last)) return last;
    await page.waitForTimeout(50);
  }
  throw new Error(`focus never reached ${what}; it was on ${JSON.stringify(last)}`);
}
