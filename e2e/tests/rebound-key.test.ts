// A key rebound in the keybinding editor works at once in the workspace the way a user reaches it
// (issue 17): plain `/`, no screen-reader mode, both by the editor's back links (the page is never
// reloaded, so its keymap must follow the keymap-changed event) and by a fresh load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { waitForFocus } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let b: Browser;

beforeAll(async () => {
  server = await startRozi();
  b = await openBrowser({ viewport: { width: 1440, height: 900 } });
}, 120_000);

afterAll(async () => {
  await b?.close();
  await server?.dispose();
});

const inTerminal = (f: { terminalPane: number | null }) => f.terminalPane !== null;

async function tabCount(): Promise<number> {
  return (await workspaceOf(b.page)).sessions[0]!.tabs.length;
}

describe('a rebound key on /', () => {
  it('New tab moved to Ctrl+A Alt+T opens a tab from the workspace, without and with a reload', async () => {
    const { page } = b;
    await page.goto(server.url);
    await waitForFocus(page, 'the terminal', inTerminal);
    // Into the editor from the keyboard: the palette's "Keyboard shortcuts".
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (f) => f.tag === 'input');
    await page.keyboard.type('keyboard shortcuts');
    await page.keyboard.press('Enter');
    await waitFor('the keybinding editor', async () => new URL(page.url()).pathname === '/settings/keys');
    const newTab = page.locator('tr[data-action="new-tab"]');
    await newTab.waitFor({ timeout: 30_000 });
    await newTab.getByRole('button', { name: /^Change/ }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+t');
    await page.keyboard.press('Enter');
    await newTab.getByText('User').waitFor({ timeout: 15_000 });
    // Back to the workspace by the page's own links (client-side: no reload).
    await page.getByRole('link', { name: 'Settings' }).first().focus();
    await page.keyboard.press('Enter');
    await waitFor('Settings', async () => /^\/settings\/?$/.test(new URL(page.url()).pathname));
    await page.getByRole('link', { name: 'Workspace' }).first().waitFor();
    await page.getByRole('link', { name: 'Workspace' }).first().focus();
    await page.keyboard.press('Enter');
    await waitFor('the workspace', async () => new URL(page.url()).pathname === '/');
    await waitForFocus(page, 'the terminal after the editor', inTerminal);
    const before = await tabCount();
    // No pause between the keys and none after the page came back: the chord races the page's
    // keymap the way a fast typist does (it lost to the old keymap before).
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+t');
    await waitFor(
      'a new tab from the rebound key (no reload)',
      async () => (await tabCount()) === before + 1,
    );
    await screenshot(page, 'rebound-key-workspace');
    // A fresh load of plain `/` binds it too.
    await page.goto(server.origin + '/');
    await waitForFocus(page, 'the terminal after a reload', inTerminal);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+t');
    await waitFor('a new tab from the rebound key (reloaded)', async () => (await tabCount()) === before + 2);
    expect(await tabCount()).toBe(before + 2);
  }, 180_000);
});
