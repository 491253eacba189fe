// rozi's `[log]` badge (terminal.md, Pane logging) in a real browser: toggle-pane-logging on a real
// PTY pane shows `[log]` in that pane's header and its Panes-tab row, on a page open before and on
// one opened after logging started (the state is the server's, shared by every client); the
// other pane shows none; toggling it off takes the badge away everywhere.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'config.toml'), `[logging]\ndir = "${join(server.home, 'plogs')}"\n`);
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Which panes show `[log]`: in their header, and in their Panes-tab row. */
async function badges(page: Page): Promise<{ headers: string[]; rows: string[] }> {
  return page.evaluate(() => ({
    headers: [...document.querySelectorAll('section[data-pane-id]')]
      .filter((s) => s.querySelector('[data-pane-log]'))
      .map((s) => (s as HTMLElement).dataset.paneId ?? ''),
    // By position in the Panes tab (pane 1's row comes first, pane 2's second).
    rows: [...document.querySelectorAll<HTMLElement>('[data-builtin-tab="panes"] button[data-pane]')]
      .map((b, i) => (b.querySelector('[data-pane-log]') ? String(i + 1) : ''))
      .filter(Boolean),
  }));
}

async function showPanesTab(page: Page): Promise<void> {
  const panel = page.locator('aside').first().locator('section[data-panel="2"]');
  await panel.getByRole('tab', { name: 'Panes' }).click({ timeout: 30_000 });
  await panel.locator('[data-builtin-tab="panes"] button[data-pane]').first().waitFor({ timeout: 30_000 });
}

describe('[log] badge', () => {
  it('marks the logged pane in its header and sidebar row, on every page, until logging stops', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await server.cli(['split', '--target', '1']);
    await pane(page, 2).waitFor({ timeout: 60_000 });
    await showPanesTab(page);
    expect(await badges(page)).toEqual({ headers: [], rows: [] });

    const on = await server.cli(['run-action', 'toggle-pane-logging', '--target', '1']);
    expect(on).toContain(join(server.home, 'plogs', 'main', 'pane-1.log'));
    await waitFor(
      'the badge on pane 1 (header and row)',
      async () => {
        const b = await badges(page);
        return b.headers.join() === '1' && b.rows.join() === '1';
      },
      60_000,
    );
    expect(await pane(page, 1).locator('[data-pane-log]').innerText()).toBe('[log]');
    await screenshot(page, 'pane-log-badge');

    // A page opened after logging started shows it as well.
    const late = await browser.context.newPage();
    await openWorkspace(late, server.url);
    await showPanesTab(late);
    await waitFor(
      'the badge on the late page',
      async () => {
        const b = await badges(late);
        return b.headers.join() === '1' && b.rows.join() === '1';
      },
      60_000,
    );

    await server.cli(['run-action', 'toggle-pane-logging', '--target', '1']);
    for (const p of [page, late])
      await waitFor(
        'the badge gone',
        async () => {
          const b = await badges(p);
          return b.headers.length === 0 && b.rows.length === 0;
        },
        60_000,
      );
    await late.close();
  }, 240_000);
});
