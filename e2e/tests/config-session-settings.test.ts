// Settings → config.toml → Sessions in a real browser: one read-only row per [session] key with
// the value the server applies at its next start (the file's, or rozi's default marked as such)
// and a bad value's warning; a hand edit of the file reaches the open page.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';

let server: RoziServer;
let browser: Browser;
let configFile: string;

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  configFile = join(dir, 'config.toml');
  writeFileSync(
    configFile,
    '[session]\nautosave = true\npath = "~/layouts/web.toml"\nstartup = "sometimes"\n',
  );
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const rows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-session-key]')].map((li) =>
      li.innerText.replace(/\s+/g, ' '),
    ),
  );

describe('Settings [session] rows', () => {
  it('shows each [session] key with its value, where it comes from, and a bad value in one line', async () => {
    const { page } = browser;
    await page.goto(server.url); // the token URL sets the session cookie
    await page.goto(new URL('/settings#session', server.url).toString());
    await page.locator('[data-session-key="startup"]').waitFor({ timeout: 60_000 });
    const shown = await rows(page);
    expect(shown[0]).toMatch(/^resurrect true default /);
    expect(shown[1]).toMatch(/^autosave true config\.toml /);
    expect(shown[2]).toContain(`path ${join(server.home, 'layouts', 'web.toml')} config.toml`);
    // "sometimes" is not a startup mode: rozi's default is in force, with the warning.
    expect(shown[3]).toMatch(/^startup picker config\.toml /);
    const problems = page.locator('[aria-label="[session] problems"] li');
    expect(await problems.count()).toBe(1);
    expect(await problems.innerText()).toContain(
      '[session] startup must be one of picker, ephemeral, last, profile',
    );
    await page.locator('#session').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-session');

    writeFileSync(configFile, '[session]\nresurrect = false\nstartup = "profile"\n');
    await waitFor(
      'the edit reaches the page',
      async () => {
        const r = await rows(page);
        return (
          r[0]?.startsWith('resurrect false config.toml') && r[3]?.startsWith('startup profile config.toml')
        );
      },
      60_000,
    );
    expect(await problems.count()).toBe(0);
    expect((await rows(page))[1]).toMatch(/^autosave false default /);
  }, 240_000);
});
