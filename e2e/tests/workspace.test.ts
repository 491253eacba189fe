// The desktop workspace against a real server: type in a shell, split, resize, zoom, close with
// confirmation, the palette, reload keeping the layout. Saves the workspace, palette, activity
// and settings screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace, workspaceOf, workspaceTabs } from '../lib/workspaceProbe';

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

const layoutOf = async () => {
  const ws = await workspaceOf(browser.page);
  const session = ws.sessions[0]!;
  const tab = session.tabs.find((t) => t.id === session.activeTabId)!;
  return { ws, session, tab };
};

describe('workspace', () => {
  it('opens with the token, shows a shell and echoes what is typed', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();
    await pane(page, 1).click();
    await typeInTerminal(page, 'echo "rozi-$((6*7))"\n');
    await waitForText(page, { paneId: 1, includes: 'rozi-42' });
  });

  it('splits right and down, from the tab bar and from the prefix keys', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Split right', exact: true }).click();
    await pane(page, 2).waitFor();
    await waitFor('pane 2 focused', async () => (await layoutOf()).tab.focusedPaneId === 2);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Shift+Quote'); // `"` splits down
    await pane(page, 3).waitFor();
    const { tab } = await layoutOf();
    expect(tab.layout).toMatchObject({
      type: 'split',
      direction: 'row',
      children: [
        { type: 'pane', paneId: 1 },
        { type: 'split', direction: 'column' },
      ],
    });
    await waitForText(page, { paneId: 3, includes: /[#$]/ });
  });

  it('resizes by dragging a divider and equalises on double-click', async () => {
    const { page } = browser;
    const divider = page.locator('[data-divider="/0"]');
    const box = (await divider.boundingBox())!;
    // Grab it away from the middle, where the nested split's divider crosses it.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 4);
    await page.mouse.down();
    await page.mouse.move(box.x - 200, box.y + box.height / 4, { steps: 8 });
    await page.mouse.up();
    const ratio = await waitFor('ratio to change', async () => {
      const { tab } = await layoutOf();
      const r = tab.layout.type === 'split' ? tab.layout.ratios[0]! : 0.5;
      return r < 0.45 ? r : null;
    });
    expect(ratio).toBeLessThan(0.45);
    await divider.dblclick();
    await waitFor('equalised', async () => {
      const { tab } = await layoutOf();
      return tab.layout.type === 'split' && Math.abs(tab.layout.ratios[0]! - 0.5) < 0.01;
    });
  });

  it('zooms a pane and unzooms it', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Zoom pane 3' }).click();
    await waitFor('zoomed', async () => (await layoutOf()).tab.zoomedPaneId === 3);
    await expect.poll(async () => pane(page, 1).isVisible(), { timeout: 10_000 }).toBe(false);
    await page.getByRole('button', { name: 'Unzoom pane 3' }).click();
    await waitFor('unzoomed', async () => (await layoutOf()).tab.zoomedPaneId === null);
    await expect.poll(async () => pane(page, 1).isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it('asks before closing a pane that runs a program, and closes an idle one at once', async () => {
    const { page } = browser;
    await pane(page, 3).locator('.xterm').click();
    await typeInTerminal(page, 'sleep 600\n');
    await waitFor(
      'sleep in the foreground',
      async () => (await layoutOf()).ws.panes.find((p) => p.id === 3)?.foreground_program === 'sleep',
    );
    await page.getByRole('button', { name: 'Close pane 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close pane?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('sleep');
    await dialog.getByRole('button', { name: 'Close pane' }).click();
    await waitFor('pane 3 gone', async () => !(await layoutOf()).ws.panes.some((p) => p.id === 3));
    await expect.poll(async () => pane(page, 3).count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: 'Close pane 2' }).click();
    await waitFor('pane 2 gone', async () => !(await layoutOf()).ws.panes.some((p) => p.id === 2));
    expect(await page.getByRole('dialog', { name: 'Close pane?' }).isVisible()).toBe(false);
  });

  it('runs an action from the command palette (Ctrl+Shift+P) and shows its binding', async () => {
    const { page } = browser;
    await pane(page, 1).locator('.xterm').click();
    await page.keyboard.press('Control+Shift+P');
    const input = page.getByRole('combobox', { name: 'Type a command' });
    await input.waitFor();
    await input.fill('split down');
    const first = page.locator('[role="option"]').first();
    expect(await first.getAttribute('data-action-id')).toBe('split-down');
    expect(await first.innerText()).toContain('Ctrl+A');
    await screenshot(page, 'palette');
    await page.keyboard.press('Enter');
    await waitFor('a new pane below pane 1', async () => {
      const { tab } = await layoutOf();
      return tab.layout.type === 'split' && tab.layout.direction === 'column';
    });
    // `<prefix> :` opens the palette too.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Shift+Semicolon');
    await input.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(async () => input.isVisible(), { timeout: 10_000 }).toBe(false);
  });

  it('keeps the layout across a reload', async () => {
    const { page } = browser;
    const before = (await layoutOf()).tab.layout;
    await page.getByRole('button', { name: 'New tab' }).click();
    await waitFor('two tabs', async () => (await layoutOf()).session.tabs.length === 2);
    await workspaceTabs(page).first().click();
    await waitFor(
      'first tab active',
      async () => (await layoutOf()).session.activeTabId === (await layoutOf()).session.tabs[0]!.id,
    );
    await page.reload();
    await page.locator('.xterm-accessibility-tree').first().waitFor();
    expect((await layoutOf()).tab.layout).toEqual(before);
    await expect.poll(async () => page.locator('section[data-pane-id]').count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => workspaceTabs(page).count(), { timeout: 10_000 }).toBe(2);
    await waitForText(page, { paneId: 1, includes: 'rozi-42' });
    await screenshot(page, 'workspace');
  });

  it('shows the activity view and the settings page', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Activity' }).click();
    const activity = page.getByRole('dialog', { name: 'Activity' });
    await activity.waitFor();
    // No agent runs here, so the view says so rather than inventing states.
    expect(await activity.innerText()).toContain('No agents running');
    await screenshot(page, 'activity');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Accessibility' }).waitFor();
    await page.getByRole('switch', { name: 'Screen reader mode' }).waitFor();
    await screenshot(page, 'settings');
    await page.getByRole('combobox', { name: 'Light or dark' }).selectOption('light');
    await expect
      .poll(async () => page.evaluate(() => document.documentElement.dataset.theme), { timeout: 10_000 })
      .toBe('light');
    await page.getByRole('link', { name: 'Workspace' }).click();
    await page.locator('.xterm').first().waitFor();
    await screenshot(page, 'workspace-light');
  });
});
