// Resize mode and the layout picker (issue 20.2, rozi's keybindings.md): Ctrl+A r then l moves the
// focused pane's divider right, Esc leaves (keys reach the terminal again); Ctrl+A Shift+M previews
// each layout as the highlight moves and Esc puts the original back. Screenshots: resize-mode,
// layout-picker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutNode } from '@rozi/server/model';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const active = async () => {
  const ws = await workspaceOf(browser.page);
  const session = ws.sessions[0]!;
  return session.tabs.find((t) => t.id === session.activeTabId)!;
};
const ratios = async () => {
  const layout = (await active()).layout as Extract<LayoutNode, { type: 'split' }>;
  return layout.ratios ?? [];
};
const prefix = async (key: string) => {
  await browser.page.keyboard.press('Control+a');
  await browser.page.keyboard.press(key);
};

describe('resize mode and the layout picker', () => {
  it('Ctrl+A r + l moves the divider; Esc leaves; the picker previews and Esc restores', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await pane(page, 1).click();
    await prefix('%');
    await waitFor('split', async () => (await active()).layout.type === 'split', 30_000);
    await pane(page, 1).click();
    await waitFor('pane 1 focused', async () => (await active()).focusedPaneId === 1);
    await prefix('r');
    await page.locator('[data-resize-mode]').waitFor();
    await page.keyboard.press('l');
    await page.keyboard.press('l');
    await waitFor(
      'divider moved right twice',
      async () => Math.abs(((await ratios())[0] ?? 0) - 0.58) < 0.001,
      30_000,
    );
    await screenshot(page, 'resize-mode');
    await page.keyboard.press('h');
    await waitFor(
      'divider moved left',
      async () => Math.abs(((await ratios())[0] ?? 0) - 0.54) < 0.001,
      30_000,
    );
    await page.keyboard.press('Escape');
    await waitFor('mode left', async () => (await page.locator('[data-resize-mode]').count()) === 0);

    await prefix('Shift+M');
    await page.locator('[data-layout-picker]').waitFor();
    await page.keyboard.press('ArrowDown'); // dwindle → master, applied at once
    await waitFor('previewed master', async () => (await active()).layoutKind === 'master', 30_000);
    await page.keyboard.press('ArrowDown'); // → grid
    await waitFor('previewed grid', async () => (await active()).layoutKind === 'grid', 30_000);
    await screenshot(page, 'layout-picker');
    await page.keyboard.press('Escape');
    await waitFor('restored dwindle', async () => (await active()).layoutKind === 'dwindle', 30_000);
    expect(await page.locator('[data-layout-picker]').count()).toBe(0);
    await prefix('Shift+M');
    await page.locator('[data-layout-picker]').waitFor();
    await page.keyboard.press('ArrowUp'); // dwindle → monocle (wraps)
    await page.keyboard.press('Enter');
    await waitFor('kept monocle', async () => (await active()).layoutKind === 'monocle', 30_000);
  }, 300_000);
});
