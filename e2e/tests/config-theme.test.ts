// config.toml [theme] in real browsers: a hand edit of the file repaints an open workspace (page
// tokens and the terminal palette) without a reload; the Settings theme field writes `[theme]
// name` into config.toml keeping the user's comments, and a second open page follows; a theme
// file that is not a theme is one line under the field and the theme in force stays painted.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let configDir: string;
let configFile: string;

beforeAll(async () => {
  server = await startRozi();
  configDir = join(server.home, '.config', 'rozi');
  mkdirSync(join(configDir, 'themes'), { recursive: true });
  configFile = join(configDir, 'config.toml');
  writeFileSync(configFile, '# my settings\nscrollback = 5000\n');
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The page's background token and the focused terminal's background, as painted. */
async function painted(page: Page): Promise<{ theme: string; bg: string; term: string }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const viewport = document.querySelector('.xterm-viewport');
    return {
      theme: root.dataset.configTheme ?? '',
      bg: getComputedStyle(document.body).backgroundColor,
      term: viewport ? getComputedStyle(viewport).backgroundColor : '',
    };
  });
}

const until = (page: Page, theme: string) =>
  waitFor(`theme ${theme} painted`, async () => {
    const p = await painted(page);
    return p.theme === theme ? p : null;
  });

describe('[theme] from config.toml', () => {
  it('a hand edit repaints the open workspace; Settings writes the file and every page follows', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    const before = await painted(page);
    expect(before.theme).toBe('');

    writeFileSync(configFile, '# my settings\nscrollback = 5000\n\n[theme]\nname = "solarized-light"\n');
    const light = await until(page, 'solarized-light');
    expect(light.bg).toBe('rgb(253, 246, 227)');
    expect(light.term).toBe('rgb(253, 246, 227)');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await screenshot(page, 'theme-solarized-light');

    // Settings in a second page writes the file; the workspace page repaints on its own.
    const settings = await browser.context.newPage();
    await settings.goto(new URL('/settings#theme', server.url).toString());
    const select = settings.locator('[data-config-theme-select]');
    await waitFor('theme field', async () => (await select.inputValue()) === 'solarized-light');
    await select.selectOption('dracula');
    await until(settings, 'dracula');
    const dracula = await until(page, 'dracula');
    expect(dracula.term).toBe('rgb(40, 42, 54)');
    const text = readFileSync(configFile, 'utf8');
    expect(text).toContain('# my settings\nscrollback = 5000\n');
    expect(text).toMatch(/\[theme\]\nname = "dracula"/);
    await screenshot(settings, 'settings-theme-dracula');
    await screenshot(page, 'theme-dracula');

    // A theme file that is not a theme: one line under the field, the last good theme (dracula)
    // stays painted, nothing lost.
    writeFileSync(join(configDir, 'themes', 'notes.toml'), 'title = "my notes"\n');
    writeFileSync(configFile, text.replace('name = "dracula"', 'name = "notes"'));
    await settings
      .getByText('notes.toml: not a theme: it sets none of rozi', { exact: false })
      .waitFor({ timeout: 10_000 });
    await settings.getByText('keeping dracula', { exact: false }).waitFor();
    expect((await until(page, 'dracula')).term).toBe('rgb(40, 42, 54)');
    await screenshot(settings, 'settings-theme-not-a-theme');
    await settings.close();
  }, 120_000);

  it('[clipboard] enable_osc52 = false keeps programs in a pane off the clipboard', async () => {
    const { page } = browser;
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(server.url).origin,
    });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const osc52 = async (word: string) => {
      await page.locator('.xterm').first().click();
      await page.keyboard.type(`printf '\\033]52;c;%s\\a' $(printf ${word} | base64)\n`);
    };
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    // The server must have read the save before the page's pause counts: a loaded box can take
    // longer than any fixed wait to notice the file.
    const save = async (text: string) => {
      const before = Date.now();
      writeFileSync(configFile, text);
      await waitFor('the server read the save', async () => {
        const out = JSON.parse(await server.cli(['config', 'status', '--format', 'json'])) as
          { readAt: number } | { data: { readAt: number } };
        return ('data' in out ? out.data.readAt : out.readAt) >= before;
      });
      // config-reloaded (150 ms debounce) refetches config.behaviour in the page.
      await page.waitForTimeout(1_500);
    };
    await save('[clipboard]\nenable_osc52 = false\n');
    await osc52('blocked');
    await page.waitForTimeout(1_500);
    expect(await clipboard()).toBe('before');
    await save('[clipboard]\nenable_osc52 = true\n');
    await osc52('allowed');
    await waitFor('osc52 on', async () => ((await clipboard()) === 'allowed' ? true : null));
  }, 60_000);
});
