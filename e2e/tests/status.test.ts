// Status surfaces wired to the real status service: a pane's published state (`rozi status`)
// shows as badges and rollups; a background working → needs input transition raises a toast and
// the title count; clicking the toast focuses the pane, and viewing a pane acknowledges done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { agentRowsOf, openWorkspace, workspaceOf, workspaceTabs } from '../lib/workspaceProbe';

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

const stateOf = async (id: number) =>
  (await agentRowsOf(browser.page)).find((r) => r.pane === id)?.state ?? null;

describe('status surfaces', () => {
  it('shows no state for plain shells', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.getByRole('button', { name: 'Split right', exact: true }).click();
    await waitFor(
      'pane 2 focused',
      async () => (await workspaceOf(page)).sessions[0]!.tabs[0]!.focusedPaneId === 2,
    );
    expect(await page.locator('[data-state]').count()).toBe(0);
    expect(await page.locator('[data-rollup]').count()).toBe(0);
    expect(await page.title()).toBe('rozi');
  });

  it('shows a working pane on its header, tab and sidebar row, with the rollup', async () => {
    const { page } = browser;
    await server.cli(['status', 'working', '--target', '1', '--reason', 'compiling']);
    await pane(page, 1).locator('[data-state="working"]').waitFor();
    await page.locator('[role="tab"] [data-state="working"]').waitFor();
    await page.locator('[data-session="main"] [data-state="working"]').first().waitFor();
    await waitFor(
      'rollup',
      async () => (await page.locator('[data-session="main"] [data-rollup]').innerText()) === '1 working',
    );
  });

  it('raises a toast and the title count when a background pane needs input; the toast focuses it', async () => {
    const { page } = browser;
    // A second tab puts the first tab's panes in the background (every pane shown counts as seen).
    await page.getByRole('button', { name: 'New tab' }).click();
    await pane(page, 3).waitFor();
    await server.cli(['status', 'blocked', '--target', '1', '--reason', 'approve rm -rf build?']);
    const toast = page.locator('[data-toast="blocked"]');
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.innerText()).toContain('needs input');
    await waitFor('title count', async () => (await page.title()) === '(1) rozi');
    await waitFor(
      'rollup',
      async () => (await page.locator('[data-session="main"] [data-rollup]').innerText()) === '1 needs input',
    );
    await screenshot(page, 'status');
    await page.getByRole('button', { name: 'Activity' }).click();
    const row = page.locator('[data-activity-row]');
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain('approve rm -rf build?');
    await screenshot(page, 'activity-agents');
    await page.keyboard.press('Escape');
    await toast.locator('button').first().click();
    await waitFor(
      'pane 1 focused',
      async () => (await workspaceOf(page)).sessions[0]!.tabs[0]!.focusedPaneId === 1,
    );
    await waitFor('title cleared', async () => (await page.title()) === 'rozi');
  });

  it('counts a background pane that finished, and viewing it acknowledges done', async () => {
    const { page } = browser;
    // Pane 1 stops asking, so it does not count once pane 2 is in view.
    await server.cli(['status', '--clear', '--target', '1']);
    await waitFor('pane 1 cleared', async () => (await stateOf(1)) === null);
    await server.cli(['status', 'working', '--target', '2']);
    await waitFor('pane 2 working', async () => (await stateOf(2)) === 'working');
    // Back on the second tab, pane 2 finishes out of sight.
    await workspaceTabs(page).nth(1).click();
    await pane(page, 3).waitFor();
    await server.cli(['status', 'idle', '--target', '2']);
    await waitFor('pane 2 done', async () => (await stateOf(2)) === 'done');
    await page.locator('[role="tab"] [data-state="done"]').waitFor();
    await waitFor('title count', async () => (await page.title()) === '(1) rozi');
    await workspaceTabs(page).first().click();
    await pane(page, 2).locator('[data-state="done"]').waitFor();
    await waitFor('done acknowledged', async () => (await stateOf(2)) === 'idle');
    await waitFor('title cleared', async () => (await page.title()) === 'rozi');
  });
});
