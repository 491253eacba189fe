// The page's scrollback follows config.toml's `scrollback` per pane, as the server's mirror does:
// a pane started with no setting keeps the default 5,000 lines (it was a fixed 10,000, twice the
// memory), a pane started after `scrollback = 300` keeps 300 (its buffer stops growing there),
// and the first pane keeps what it started with. Screenshot: e2e/screenshots/terminal-scrollback.png.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
  const url = new URL(server.url);
  url.searchParams.set('probe', '1');
  await openWorkspace(browser.page, url.toString());
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The page's terminal of a pane (by key): its scrollback option and buffer length. */
const termOf = (key: number) =>
  browser.page.evaluate((k) => {
    const terms = (
      window as unknown as {
        __roziTerminals?: Map<
          number,
          { rows: number; options: { scrollback?: number }; buffer: { active: { length: number } } }
        >;
      }
    ).__roziTerminals;
    const t = terms?.get(k);
    return t
      ? { scrollback: t.options.scrollback ?? null, lines: t.buffer.active.length, rows: t.rows }
      : null;
  }, key);

describe('page scrollback', () => {
  it("keeps each pane's configured scrollback, 5,000 lines by default", async () => {
    const { page } = browser;
    const first = (await workspaceOf(page)).panes[0]!;
    expect((await waitFor('the first terminal', () => termOf(first.key)))?.scrollback).toBe(5000);

    const dir = join(server.home, '.config', 'rozi');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.toml'), 'scrollback = 300\n');
    await server.cli(['split', '--target', '1']);
    const second = await waitFor('a second pane', async () =>
      (await workspaceOf(page)).panes.find((p) => p.key !== first.key),
    );
    await waitFor('its terminal keeps 300 lines', async () => (await termOf(second.key))?.scrollback === 300);

    await pane(page, second.id).locator('.xterm').click();
    await page.keyboard.type('seq 1 2000\n');
    await waitForText(page, { paneId: second.id, includes: '2000' });
    const after = await termOf(second.key);
    // 2,000 lines written, and the buffer holds the screen plus 300 lines of scrollback at most.
    expect(after?.lines).toBeGreaterThan(300);
    expect(after?.lines).toBeLessThanOrEqual(300 + (after?.rows ?? 0));
    await screenshot(page, 'terminal-scrollback');
    // The pane started before the change keeps its own.
    expect((await termOf(first.key))?.scrollback).toBe(5000);
  });
});
