// The browser is a projection of the server (issue 13): a state change, a rename and a split
// reach every open page as event rows, and no page asks the server again for them. Two pages
// are open; every /trpc request either makes is counted while the server changes underneath.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let second: Page;
const requests: string[] = [];

const count = (page: Page, name: string) =>
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    // Reads only: a page may tell the server things (which panes it shows: agents.setViewed),
    // but it must not ask again for what an event just brought it.
    if (url.pathname.startsWith('/trpc/') && r.method() === 'GET')
      requests.push(`${name} ${r.method()} ${url.pathname}`);
  });

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
  second = await browser.context.newPage();
  count(browser.page, 'page1');
  count(second, 'page2');
  await openWorkspace(browser.page, server.url);
  await openWorkspace(second, server.url.replace(/\?.*$/, '?a11y=1'));
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const reads = (page: string) =>
  requests.filter(
    (r) => r.startsWith(`${page} GET `) && r.split('/trpc/')[1]!.split(',').includes('workspace.get'),
  ).length;

/** Waits until neither page has sent a request for a while: start-up reads are over. */
async function settle(): Promise<void> {
  let seen = -1;
  await waitFor(
    'pages to go quiet',
    async () => {
      if (requests.length === seen) return true;
      seen = requests.length;
      await new Promise((r) => setTimeout(r, 1500));
      return requests.length === seen;
    },
    30_000,
  );
}

describe('projection', () => {
  it('brings an agent state change to every open page without a request', async () => {
    await settle();
    requests.length = 0;
    await server.cli(['status', 'blocked', '--target', '1', '--reason', 'approve?']);
    for (const page of [browser.page, second]) {
      await pane(page, 1).locator('[data-state="blocked"]').waitFor({ timeout: 10_000 });
      await page.locator('[data-session="main"] [data-state="blocked"]').first().waitFor();
    }
    await server.cli(['status', 'working', '--target', '1']);
    for (const page of [browser.page, second])
      await pane(page, 1).locator('[data-state="working"]').waitFor({ timeout: 10_000 });
    expect(requests).toEqual([]);
  });

  it('brings a split and a rename from the CLI to both pages without a request', async () => {
    requests.length = 0;
    await server.cli(['split', '--target', '1']);
    await server.cli(['rename-pane', '--target', '1', 'builder']);
    for (const page of [browser.page, second]) {
      await pane(page, 2).waitFor({ timeout: 10_000 });
      await waitFor('pane 1 renamed', async () =>
        (await pane(page, 1).locator('[data-pane-title]').innerText()).includes('builder'),
      );
    }
    await screenshot(second, 'projection-second-page');
    // Attaching the new pane's terminal is a WebSocket message, not a request.
    expect(requests).toEqual([]);
  });

  it('resyncs once after the socket reconnects', async () => {
    requests.length = 0;
    await server.restart();
    await waitFor(
      'both pages read the workspace again',
      async () => ['page1', 'page2'].every((p) => reads(p) > 0),
      60_000,
    );
    await settle();
    // httpBatchLink may batch it with the other reads: count the procedure, not the URL.
    expect([reads('page1'), reads('page2')]).toEqual([1, 1]);
  });
});
