// A broken config.toml saved while the workspace is open: a banner says the last good agent
// definitions stay in force and names the line; dismissing hides it until the next reload; the
// Settings section lists the warning with its line and the definitions in force.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let configFile: string;

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  configFile = join(dir, 'config.toml');
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('config.toml warnings in the UI', () => {
  it('shows a dismissible banner for a broken file and the details in Settings', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    writeFileSync(configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n');
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.locator('[data-config-warning]').count()).toBe(0);

    writeFileSync(configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] \n');
    const banner = page.locator('[data-config-warning="broken"]');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.innerText()).toMatch(/last good agent definitions stay in force[\s\S]*line \d+/);
    await screenshot(page, 'config-warning-banner');
    await banner.getByRole('button', { name: 'Dismiss config warning' }).click();
    await waitFor(
      'banner dismissed',
      async () => (await page.locator('[data-config-warning]').count()) === 0,
    );

    // A new broken save shows it again.
    writeFileSync(configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] \n\n');
    await banner.waitFor({ timeout: 10_000 });

    await page.goto(new URL('/settings#config', server.url).toString());
    const section = page.locator('[data-config-status="broken"]');
    await section.waitFor({ timeout: 15_000 });
    const text = await section.innerText();
    expect(text).toContain('toml-syntax');
    expect(text).toMatch(/line \d+/);
    expect(text).toContain('mca (config)');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-config-status');

    // Fixed: the Settings section turns ok on its own (config-reloaded).
    writeFileSync(configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n');
    await page.locator('[data-config-status="ok"]').waitFor({ timeout: 10_000 });
  });
});
