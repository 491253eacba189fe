// The "New agent…" launcher: agents marked available / not found on PATH, a custom command in a
// new tab, an agent split to the right, and a new session in a chosen directory.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { waitForFocus } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
const bin = mkdtempSync(join(tmpdir(), 'rozi-fake-agents-'));
const project = mkdtempSync(join(tmpdir(), 'rozi-project-'));

beforeAll(async () => {
  // A stand-in `codex` on PATH, so one agent is available and the rest are not.
  writeFileSync(join(bin, 'codex'), '#!/bin/sh\necho "fake codex ready in $(pwd)"\nexec sleep 600\n');
  chmodSync(join(bin, 'codex'), 0o755);
  mkdirSync(join(project, 'sub'));
  server = await startRozi({ env: { PATH: `${bin}:${process.env.PATH}` } });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  rmSync(bin, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

describe('launcher', () => {
  it('lists the first-class agents, marking which are on PATH', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.getByRole('button', { name: 'New agent…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.locator('[data-agent="codex"]').waitFor();
    for (const command of [
      'codex',
      'gemini',
      'opencode',
      'cursor-agent',
      'amp',
      'copilot',
      'droid',
      'grok',
      'pi',
      'omp',
      'claude',
    ]) {
      expect(await dialog.locator(`[data-agent="${command}"]`).count()).toBe(1);
    }
    expect(await dialog.locator('[data-agent="codex"]').innerText()).toContain('available');
    expect(await dialog.locator('[data-agent="gemini"]').innerText()).toContain('not found on PATH');
    expect(await dialog.locator('[data-agent="gemini"]').isDisabled()).toBe(true);
    await screenshot(page, 'launcher');
  });

  it('starts a custom command in a new tab', async () => {
    const { page } = browser;
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.getByRole('radio', { name: 'New tab' }).click();
    await dialog.getByLabel('Custom command').fill('echo "custom-$((40+2))"; exec sleep 600');
    await dialog.getByRole('button', { name: 'Launch' }).click();
    await waitFor('a second tab', async () => (await workspaceOf(page)).sessions[0]!.tabs.length === 2);
    const ws = await workspaceOf(page);
    const newPane = ws.panes.find((p) => p.tab === ws.sessions[0]!.tabs[1]!.id)!;
    expect(newPane.command).toContain('custom-');
    expect(newPane.agent).toBeNull(); // a custom command carries no agent label
    await waitForText(page, { paneId: newPane.id, includes: 'custom-42' });
  });

  it('starts an available agent split to the right of the focused pane', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New agent…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.getByRole('radio', { name: 'Split right' }).click();
    await dialog.locator('[data-agent="codex"]').click();
    const pane = await waitFor('codex pane', async () =>
      (await workspaceOf(page)).panes.find((p) => p.command === 'codex'),
    );
    await waitForText(page, { paneId: pane.id, includes: 'fake codex ready' });
    const session = (await workspaceOf(page)).sessions[0]!;
    const tab = session.tabs.find((t) => t.id === pane.tab)!;
    expect(tab.layout).toMatchObject({ type: 'split', direction: 'row' });
  });

  it('starts a command in a new session in a chosen directory, grouped under that folder', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New agent…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.getByRole('radio', { name: 'New session' }).click();
    await dialog.getByLabel('Directory').fill(join(project, 'sub'));
    await dialog.getByLabel('Session name').fill('proj');
    await dialog.getByLabel('Custom command').fill('pwd; exec sleep 600');
    await dialog.getByRole('button', { name: 'Launch' }).click();
    const session = await waitFor('session proj', async () =>
      (await workspaceOf(page)).sessions.find((s) => s.name === 'proj'),
    );
    expect(session.folder).toBe(join(project, 'sub'));
    await page.locator('[data-session="proj"] button[aria-current="true"]').first().waitFor();
    await waitForText(page, { paneId: 1, includes: join(project, 'sub') });
    // The sidebar groups the session under its folder.
    const folder = page.getByRole('group', { name: `Folder ${join(project, 'sub')}` });
    await folder.waitFor();
    expect(await folder.locator('[data-session="proj"]').count()).toBe(1);
    await screenshot(page, 'folders');
  });

  it('launches at once: the pane shows it is starting, and what is typed meanwhile goes to it, not to the pane it was launched from', async () => {
    const { page } = browser;
    const from = await waitForFocus(page, 'a terminal', (f) => f.terminalPane !== null);
    const fromPane = from.terminalPane!;
    // The starting notice can be gone within a frame on a fast machine (the echo of the held keys
    // ends it), so record that it appeared rather than wait for it to be there.
    await page.evaluate(() => {
      const seen = window as unknown as { sawStarting?: boolean };
      seen.sawStarting = false;
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-pane-starting]')) return;
        seen.sawStarting = true;
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.keyboard.press('Control+a');
    await page.keyboard.press('a');
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.getByLabel('Custom command').waitFor();
    await page.keyboard.type('sleep 3; read line; echo "got:$line"; exec sleep 600');
    await page.keyboard.press('Enter');
    // Typed right away, before the program reads anything.
    await page.keyboard.type('early-keys\n');
    await dialog.waitFor({ state: 'hidden' });
    await waitFor('the starting notice to have been shown', () =>
      page.evaluate(() => (window as unknown as { sawStarting?: boolean }).sawStarting === true),
    );
    await screenshot(page, 'launcher-starting');
    const ws = await waitFor('the new pane', async () => {
      const w = await workspaceOf(page);
      return w.panes.some((p) => p.command?.includes('read line')) ? w : null;
    });
    const launched = ws.panes.find((p) => p.command?.includes('read line'))!;
    await waitForText(page, { paneId: launched.id, includes: 'got:early-keys', timeoutMs: 20_000 });
    // Asked of the server: the pane launched from may no longer be on screen.
    const fromScreen = await server.cli(['capture-pane', '-t', String(fromPane), '--format', 'text']);
    expect(fromScreen).not.toContain('early-keys');
  });
});
