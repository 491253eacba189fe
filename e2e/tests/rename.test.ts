// Renaming tabs, sessions and panes (issue 17): by double-click (the tab bar's tab, the sidebar's
// rows, a pane's title) and from the keyboard (F2 on a focused row or tab, the palette, the
// prefix keys). Each time the focus lands in the name field with the name in it, Enter saves
// (the server is asked), Esc leaves the name as it was, and the focus goes back where it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { focusOf, waitForFocus, type FocusPlace } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace, workspaceOf, workspaceTabs } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const inTerminal = (f: FocusPlace) => f.terminalPane !== null;
const field = (dialog: string) => (f: FocusPlace) => f.tag === 'input' && f.dialog === dialog;

async function prefix(key: string): Promise<void> {
  await browser.page.keyboard.press('Control+a');
  await browser.page.keyboard.press(key);
}

const session = async () => (await workspaceOf(browser.page)).sessions[0]!;
const activeTab = async () => {
  const s = await session();
  return s.tabs.find((t) => t.id === s.activeTabId)!;
};
const paneTitle = async (id: number) =>
  (await workspaceOf(browser.page)).panes.find((p) => p.id === id)?.title ?? null;

describe('rename by double-click and by keyboard', () => {
  it('a session: F2 on its row, Enter saves, Esc keeps the name; prefix $ from the terminal', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await waitForFocus(page, 'the terminal', inTerminal);
    const before = (await session()).name;
    await prefix('s');
    await waitForFocus(page, 'the session row', (f) => f.tag === 'button' && f.name.includes(before));
    await page.keyboard.press('F2');
    const f = await waitForFocus(page, 'the session name field', field('Rename session'));
    expect(f.value).toBe(before);
    await page.keyboard.type('work');
    await page.keyboard.press('Enter');
    await waitFor('the session renamed', async () => (await session()).name === 'work', 30_000);
    await waitForFocus(page, 'the renamed session row', (x) => x.tag === 'button' && x.name.includes('work'));
    // Esc: nothing changes, the focus comes back to the row.
    await page.keyboard.press('F2');
    await waitForFocus(page, 'the session name field again', field('Rename session'));
    await page.keyboard.type('discarded');
    await page.keyboard.press('Escape');
    await waitForFocus(
      page,
      'the session row after Esc',
      (x) => x.tag === 'button' && x.name.includes('work'),
    );
    expect((await session()).name).toBe('work');
    // From the terminal: prefix $ (tmux's key).
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'the terminal after selecting the session', inTerminal);
    await prefix('$');
    const g = await waitForFocus(page, 'the session name field from prefix $', field('Rename session'));
    expect(g.value).toBe('work');
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the terminal after Esc', inTerminal);
  }, 120_000);

  it('a tab: double-click in the tab bar, F2 on the focused tab, Esc restores', async () => {
    const { page } = browser;
    const tab = workspaceTabs(page).first();
    await tab.dblclick();
    const f = await waitForFocus(page, 'the tab name field', field('Rename tab'));
    expect(f.value).toBe((await activeTab()).name);
    await page.keyboard.type('logs');
    await page.keyboard.press('Enter');
    await waitFor('the tab renamed', async () => (await activeTab()).name === 'logs', 30_000);
    // The focus is back on the tab (the opener); F2 renames it again.
    await waitForFocus(page, 'the tab', (x) => x.role === 'tab');
    await page.keyboard.press('F2');
    const g = await waitForFocus(page, 'the tab name field from F2', field('Rename tab'));
    expect(g.value).toBe('logs');
    await page.keyboard.type('nope');
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the tab after Esc', (x) => x.role === 'tab');
    expect((await activeTab()).name).toBe('logs');
  }, 120_000);

  it('a pane: double-click its title, F2 on its sidebar row, the palette', async () => {
    const { page } = browser;
    await page.locator('section[data-pane-id="1"] .xterm').click();
    await waitForFocus(page, 'pane 1', (f) => f.terminalPane === 1);
    await prefix('%');
    await waitFor('two panes', async () => (await activeTab()).layout.type === 'split', 30_000);
    await waitForFocus(page, 'pane 2', (f) => f.terminalPane === 2);
    // Double-click on pane 1's title (not its header: that zooms).
    await page.locator('section[data-pane-id="1"] [data-pane-title]').dblclick();
    const f = await waitForFocus(page, 'the pane name field', field('Rename pane'));
    expect(f.value).toBe(await paneTitle(1));
    await page.keyboard.type('editor');
    await page.keyboard.press('Enter');
    await waitFor('pane 1 renamed', async () => (await paneTitle(1)) === 'editor', 30_000);
    expect((await activeTab()).zoomedPaneId).toBeNull();
    // F2 on pane 2's row in the sidebar: session row → tab row → pane rows.
    await waitForFocus(page, 'a terminal after renaming', inTerminal);
    await prefix('s');
    await waitForFocus(page, 'the session row', (x) => x.tag === 'button' && x.name.includes('work'));
    for (let i = 0; i < 6; i++) {
      const here = await page.evaluate(() => document.activeElement?.getAttribute('data-pane-row') ?? null);
      if (here === '2') break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('F2');
    const g = await waitForFocus(page, 'pane 2’s name field', field('Rename pane'));
    expect(g.value).toBe(await paneTitle(2));
    await screenshot(page, 'rename-pane-f2');
    await page.keyboard.type('server');
    await page.keyboard.press('Enter');
    await waitFor('pane 2 renamed', async () => (await paneTitle(2)) === 'server', 30_000);
    await waitForFocus(
      page,
      'pane 2’s row after saving',
      (x) => x.tag === 'button' && x.name.includes('server'),
    );
    // The palette renames the focused pane; Esc leaves it.
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (x) => x.tag === 'input');
    await page.keyboard.type('rename pane');
    await page.keyboard.press('Enter');
    const h = await waitForFocus(page, 'the pane name field from the palette', field('Rename pane'));
    const focused = (await activeTab()).focusedPaneId;
    expect(h.value).toBe(await paneTitle(focused));
    await page.keyboard.type('x');
    await page.keyboard.press('Escape');
    await waitFor('the dialog closed', async () => (await focusOf(page)).dialog === null);
    expect(await paneTitle(focused)).toBe(h.value);
  }, 180_000);
});
