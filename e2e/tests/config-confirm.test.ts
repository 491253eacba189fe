// config.toml's [confirm] decides what asks before closing, in a real env.browser (issue 18.4): with
// nothing set, closing a pane or a tab that runs a program asks first; `close_pane = false` closes
// the pane at once while a tab still asks; `kill_workspace = false` (chosen in Settings)
// closes the tab at once too. The page follows the file live (config-reloaded), without a reload.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../lib/browser';
import { configServer } from '../lib/configServer';
import { pane, typeInTerminal, waitFor } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

const env = configServer();

const layoutOf = async () => {
  const ws = await workspaceOf(env.browser.page);
  const session = ws.sessions[0]!;
  const tab = session.tabs.find((t) => t.id === session.activeTabId)!;
  return { ws, session, tab };
};

async function palette(page: Page, words: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  const input = page.getByRole('combobox', { name: 'Type a command' });
  await input.waitFor();
  await input.fill(words);
  await page.keyboard.press('Enter');
}

async function runSleep(page: Page, id: number): Promise<void> {
  await pane(page, id).locator('.xterm').click();
  await typeInTerminal(page, 'sleep 600\n');
  await waitFor(
    `sleep in the foreground of pane ${id}`,
    async () => (await layoutOf()).ws.panes.find((p) => p.id === id)?.foreground_program === 'sleep',
  );
}

/** Saves config.toml and waits until the server read it and the page had time to hear of it. */
async function saveConfig(text: string): Promise<void> {
  const before = Date.now();
  writeFileSync(env.configFile, text);
  await waitFor('the server read the save', async () => {
    const out = JSON.parse(await env.server.cli(['config', 'status', '--format', 'json'])) as
      { readAt: number } | { data: { readAt: number } };
    return ('data' in out ? out.data.readAt : out.readAt) >= before;
  });
  // config-reloaded reaches the page after a 150 ms debounce; config.behaviour is read again then.
  await env.browser.page.waitForTimeout(1_500);
}

describe('[confirm] in config.toml', () => {
  it('decides whether closing a pane or a tab that runs a program asks first', async () => {
    const { page } = env.browser;
    await openWorkspace(page, env.server.url);
    await pane(page, 1).locator('.xterm').click();
    await palette(page, 'split right');
    await waitFor('pane 2', async () => (await layoutOf()).ws.panes.some((p) => p.id === 2));

    // Nothing set: closing a pane running sleep asks; Escape keeps it.
    await runSleep(page, 2);
    await page.getByRole('button', { name: 'Close pane 2' }).click();
    const askPane = page.getByRole('dialog', { name: 'Close pane?' });
    await askPane.waitFor();
    await screenshot(page, 'confirm-close-pane');
    await page.keyboard.press('Escape');
    await askPane.waitFor({ state: 'detached' });
    expect((await layoutOf()).ws.panes.some((p) => p.id === 2)).toBe(true);

    // close_pane = false: the pane closes at once, no dialog.
    await saveConfig('[confirm]\nclose_pane = false\n');
    await page.getByRole('button', { name: 'Close pane 2' }).click();
    await waitFor('pane 2 gone', async () => !(await layoutOf()).ws.panes.some((p) => p.id === 2));
    expect(await askPane.count()).toBe(0);

    // A tab running a program still asks (kill_workspace is not set) ...
    await palette(page, 'new tab');
    await waitFor('a second tab', async () => (await layoutOf()).session.tabs.length === 2);
    const { tab } = await layoutOf();
    const id = (await layoutOf()).ws.panes.find((p) => p.tab === tab.id)?.id ?? -1;
    await runSleep(page, id);
    await palette(page, 'close tab');
    const askTab = page.getByRole('dialog', { name: /^Close tab/ });
    await askTab.waitFor();
    await page.keyboard.press('Escape');
    await askTab.waitFor({ state: 'detached' });
    expect((await layoutOf()).session.tabs).toHaveLength(2);

    // ... until kill_workspace = false, chosen in Settings → config.toml → Confirmations of a
    // second page: written into the file beside close_pane, and this page follows.
    const settings = await env.browser.context.newPage();
    await settings.goto(new URL('/settings#confirm', env.server.url).toString());
    const row = settings.locator('[data-setting="confirm.kill_workspace"]');
    await waitFor(
      'the row reads the file',
      async () => (await row.isEnabled()) && (await row.inputValue()) === '',
    );
    expect(await settings.locator('[data-setting="confirm.close_pane"]').inputValue()).toBe('off');
    await row.selectOption('off');
    await waitFor(
      'Settings wrote kill_workspace',
      async () =>
        readFileSync(env.configFile, 'utf8') === '[confirm]\nclose_pane = false\nkill_workspace = false\n',
    );
    await settings.locator('#confirm').scrollIntoViewIfNeeded();
    await screenshot(settings, 'settings-confirm');
    await settings.close();
    await env.browser.page.waitForTimeout(1_500);
    await pane(page, id).locator('.xterm').click();
    await palette(page, 'close tab');
    await waitFor('the tab closed', async () => (await layoutOf()).session.tabs.length === 1);
    expect(await askTab.count()).toBe(0);
  }, 180_000);
});
