// Profiles in the page (issue 20.3, rozi's profiles.md): Ctrl+A Shift+O opens the Profiles picker;
// Ctrl+N captures the live session (its panes, cwd and running command), Ctrl+O launches the
// profile as a new session that recreates them, Ctrl+R twice replaces a session's panes, all from
// the keyboard; with config.toml's `[confirm] load_profile = false` one Ctrl+R replaces.
// Screenshots: profiles-picker, profiles-launched.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneInfo } from '@rozi/server/model';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor } from '../lib/terminalText';
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

const panesOf = async (session: string): Promise<PaneInfo[]> => {
  const out = JSON.parse(await server.cli(['list-panes', '--format', 'json'])) as { data: PaneInfo[] };
  return out.data.filter((p) => p.session === session).sort((a, b) => a.id - b.id);
};
const prefix = async (key: string) => {
  await browser.page.keyboard.press('Control+a');
  await browser.page.keyboard.press(key);
};

describe('profiles', () => {
  it('captures a live session from the picker and launches it as a new one with the same panes', async () => {
    const { page } = browser;
    const work = mkdtempSync(join(server.home, 'proj-'));
    await openWorkspace(page, server.url);
    await pane(page, 1).click();
    await typeInTerminal(page, `cd ${work}\n`);
    await waitFor('cd', async () => (await panesOf('main'))[0]?.cwd === work, 30_000);
    await prefix('%');
    await waitFor('two panes', async () => (await panesOf('main')).length === 2, 30_000);
    await waitFor(
      'split focused',
      async () => (await page.locator('section[data-pane-id="2"][data-focused]').count()) === 1,
    );
    await typeInTerminal(page, 'sleep 700\n');
    await waitFor(
      'sleep runs',
      async () => (await panesOf('main'))[1]?.foreground_program === 'sleep',
      30_000,
    );

    await prefix('Shift+O');
    const picker = page.locator('[data-profile-picker]');
    await picker.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Control+n');
    const naming = page.locator('[data-profile-naming="capture"] input');
    await naming.waitFor();
    await naming.fill('dev');
    await page.keyboard.press('Enter');
    await page.locator('[data-profile="dev"]').waitFor({ timeout: 15_000 });
    await screenshot(page, 'profiles-picker');

    await page.keyboard.press('Control+o');
    const launchAs = page.locator('[data-profile-naming="launch-as"] input');
    await launchAs.waitFor();
    await launchAs.fill('review');
    await page.keyboard.press('Enter');
    await waitFor('review launched', async () => (await panesOf('review')).length === 2, 60_000);
    const review = await panesOf('review');
    expect(review[0]?.cwd).toBe(work);
    expect(review[1]?.cwd).toBe(work);
    await waitFor(
      'sleep 700 runs again in review',
      async () => (await panesOf('review'))[1]?.foreground_arguments?.join(' ') === '700',
      30_000,
    );
    await waitFor(
      'the page shows review',
      async () => (await page.locator('[data-pane-slot]').count()) === 2,
    );
    await screenshot(page, 'profiles-launched');

    // Replace: a one-pane session takes dev's two panes; the session and its name stay.
    await server.cli(['new', 'solo']);
    await waitFor('solo', async () => (await panesOf('solo')).length === 1, 30_000);
    const soloBefore = (await panesOf('solo'))[0]!.key;
    await prefix(')'); // next session
    await waitFor('solo shown', async () => {
      const ws = await workspaceOf(page);
      return (
        (await page.locator('[data-pane-slot]').count()) === 1 && ws.sessions.some((s) => s.name === 'solo')
      );
    });
    await prefix('Shift+O');
    await picker.waitFor();
    await page.locator('[data-profile="dev"]').waitFor();
    await page.keyboard.press('Control+r');
    await page.getByText('again to replace').waitFor();
    await page.keyboard.press('Control+r');
    await waitFor(
      'solo replaced',
      async () => {
        const rows = await panesOf('solo');
        return rows.length === 2 && rows.every((p) => p.key !== soloBefore);
      },
      60_000,
    );
  }, 300_000);

  it('[confirm] load_profile = false replaces on the first Ctrl+R', async () => {
    const { page } = browser;
    const dir = join(server.home, '.config', 'rozi');
    mkdirSync(dir, { recursive: true });
    // The page refetches config.behaviour when the file changes (config-reloaded).
    const reread = page.waitForResponse((r) => r.url().includes('config.behaviour'), { timeout: 120_000 });
    writeFileSync(join(dir, 'config.toml'), '[confirm]\nload_profile = false\n');
    await reread;
    const before = (await panesOf('solo')).map((p) => p.key);
    expect(before).toHaveLength(2);
    await prefix('Shift+O');
    const picker = page.locator('[data-profile-picker]');
    await picker.waitFor({ timeout: 15_000 });
    await page.locator('[data-profile="dev"]').waitFor();
    await page.keyboard.press('Control+r');
    await waitFor(
      'solo replaced by one Ctrl+R',
      async () => {
        const rows = await panesOf('solo');
        return rows.length === 2 && rows.every((p) => !before.includes(p.key));
      },
      60_000,
    );
    expect(await page.getByText('again to replace').count()).toBe(0);
  }, 300_000);
});
