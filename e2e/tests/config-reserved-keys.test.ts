// Browser-reserved chords (issue 18.4): a [keys] binding on Ctrl+W never reaches the page, so the
// keybinding editor says what the browser does with it and offers the nearest free chord, and
// `rozi config check` says the same with the line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'config.toml'), '[keys]\nclose-pane = "ctrl-w"\n');
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('browser-reserved chords', () => {
  it('the keybinding editor marks Ctrl+W and offers a free chord', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.goto(`${server.origin}/settings/keys`);
    const note = page.locator('[data-browser-reserved="ctrl-w"]').first();
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toMatch(/The browser keeps .*W \(it closes the tab\); try .*Alt.*W/);
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'keys-browser-reserved');
  }, 90_000);
});
