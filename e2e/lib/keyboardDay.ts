// Keys for a keyboard-only day (keyboard-day*.test.ts): a prefix chord, a palette command, and
// what the server says the session and its shown tab are.
import type { Browser } from './browser';
import { waitForFocus, type FocusPlace } from './focusProbe';
import { workspaceOf } from './workspaceProbe';

export const inTerminal = (f: FocusPlace) => f.terminalPane !== null;
/** The phone's one full-screen terminal (not inside a pane section). */
export const phoneTerminal = (f: FocusPlace) => f.tag === 'textarea' && f.name === 'Terminal input';

/** Ctrl+A, then `key`. */
export async function prefix(b: Browser, key: string): Promise<void> {
  await b.page.keyboard.press('Control+a');
  await b.page.keyboard.press(key);
}

/** Runs `command` from the command palette (Ctrl+Shift+P, typed, Enter). */
export async function palette(b: Browser, command: string): Promise<void> {
  await b.page.keyboard.press('Control+Shift+P');
  await waitForFocus(
    b.page,
    'the palette filter',
    (f) => f.tag === 'input' && f.dialog === 'Command palette',
  );
  await b.page.keyboard.type(command);
  await b.page.keyboard.press('Enter');
}

export const session = async (b: Browser, name = 'main') =>
  (await workspaceOf(b.page)).sessions.find((s) => s.name === name)!;
export const activeTab = async (b: Browser, name = 'main') => {
  const s = await session(b, name);
  return s.tabs.find((t) => t.id === s.activeTabId)!;
};
