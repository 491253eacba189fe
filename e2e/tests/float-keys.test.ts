// Floating panes from the keyboard and the pointer in a real browser (rozi's layouts-and-panes.md,
// keybindings.md): spawn-float (Ctrl+A Shift+Enter) opens a new shell float centred on the mouse
// pointer, clamped to the pane area; in resize mode (Ctrl+A r) l/j grow the focused float and h
// shrinks it from its top-left corner, Shift+L moves it, Esc leaves.
import type { FloatingPane } from '@rozi/server/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const activeTab = async () => {
  const ws = await workspaceOf(browser.page);
  const session = ws.sessions[0]!;
  return session.tabs.find((t) => t.id === session.activeTabId)!;
};
const prefix = async (key: string) => {
  await browser.page.keyboard.press('Control+a');
  await browser.page.keyboard.press(key);
};
const round = (f: FloatingPane) => ({
  x: Math.round(f.x * 100) / 100,
  y: Math.round(f.y * 100) / 100,
  width: Math.round(f.width * 100) / 100,
  height: Math.round(f.height * 100) / 100,
});
const floatIs = async (want: { x: number; y: number; width: number; height: number }) =>
  waitFor(
    `the float at ${JSON.stringify(want)}`,
    async () => {
      const f = (await activeTab()).floating?.find((x) => x.kind === 'float');
      return f !== undefined && JSON.stringify(round(f)) === JSON.stringify(want);
    },
    60_000,
  );

describe('floating panes: spawn at the pointer, resize mode', () => {
  it('spawn-float opens under the mouse; resize mode grows, shrinks and moves the float', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await pane(page, 1).click();
    const area = await page.locator('[data-tab-layout]').first().boundingBox();
    expect(area).not.toBeNull();
    // The pointer at 60% across, 55% down the pane area: a 60% × 70% float centred there.
    await page.mouse.move(area!.x + area!.width * 0.6, area!.y + area!.height * 0.55, { steps: 4 });
    await prefix('Shift+Enter');
    await floatIs({ x: 0.3, y: 0.2, width: 0.6, height: 0.7 });
    const id = (await activeTab()).floating!.find((f) => f.kind === 'float')!.paneId;
    await waitFor('the float focused', async () => (await activeTab()).focusedPaneId === id, 30_000);
    await pane(page, id).waitFor({ timeout: 30_000 });

    await prefix('r');
    await page.locator('[data-resize-mode]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('h');
    await page.keyboard.press('h');
    await page.keyboard.press('k');
    await floatIs({ x: 0.3, y: 0.2, width: 0.52, height: 0.66 });
    await page.keyboard.press('l');
    await page.keyboard.press('j');
    await floatIs({ x: 0.3, y: 0.2, width: 0.56, height: 0.7 });
    await page.keyboard.press('Shift+L');
    await page.keyboard.press('Shift+J');
    await floatIs({ x: 0.34, y: 0.24, width: 0.56, height: 0.7 });
    await screenshot(page, 'float-resize-mode');
    await page.keyboard.press('Escape');
    await page.locator('[data-resize-mode]').waitFor({ state: 'detached', timeout: 10_000 });
  }, 240_000);
});
