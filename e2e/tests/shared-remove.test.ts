// Shared sessions (issue 20.4, rozi's sessions.md): a follower is read-only for layout — its
// Ctrl+A % is refused with one line naming Ctrl+A g and the server still has one pane — and the
// controller removes it from Manage collaborators… with Ctrl+K twice (the first press strikes the
// row through): the removed page says who removed it and never reconnects, while the session, its
// pane and the controller's typing carry on. Two real pages, keyboard only.
// Screenshots: shared-remove-armed, shared-removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
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

type Page = Browser['page'];
const chipOf = (page: Page) => page.locator('[data-control-chip]').getAttribute('data-control-chip');
const sees = (page: Page, text: string) =>
  waitFor(`"${text}" on the page`, async () => (await page.getByText(text).count()) > 0, 30_000);
/** The server's roster, read from a page (its cookie authenticates). */
const clientsOn = (page: Page, session: string) =>
  page.evaluate(async (s) => {
    const body = (await (await fetch('/trpc/workspace.clients')).json()) as {
      result: { data: { clients: Array<{ id: number; session: string | null }> } };
    };
    return body.result.data.clients.filter((c) => c.session === s).map((c) => c.id);
  }, session);

describe('shared sessions: followers and removing a page', () => {
  it('refuses a follower’s split and removes it with Ctrl+K twice; it stays removed', async () => {
    const a = browser.page;
    await openWorkspace(a, server.url);
    const b = await browser.context.newPage();
    await openWorkspace(b, server.url);
    await waitFor('a controls', async () => (await chipOf(a)) === 'ctrl', 60_000);
    await waitFor('b follows', async () => (await chipOf(b)) === 'view', 60_000);
    const panesBefore = (await workspaceOf(a)).panes.length;

    // The follower's layout key: one line, nothing split on the server.
    await pane(b, 1).click();
    await b.keyboard.press('Control+a');
    await b.keyboard.press('%');
    await sees(b, 'controls this session’s layout: Ctrl+A g takes control');
    expect((await workspaceOf(a)).panes.length).toBe(panesBefore);

    // The controller removes it: Ctrl+K arms (row struck through), a second Ctrl+K sends.
    const bId = Math.max(...(await clientsOn(a, 'main'))); // b joined last
    await pane(a, 1).click();
    await a.keyboard.press('Control+Shift+P');
    await a.keyboard.type('Manage collaborators');
    await a.keyboard.press('Enter');
    const row = a.locator('[data-collaborator]');
    await waitFor('the roster row', async () => (await row.count()) === 1, 30_000);
    expect(await row.getAttribute('data-collaborator')).toBe(String(bId));
    await a.keyboard.press('Control+k');
    await sees(a, 'Ctrl+K again to confirm');
    await screenshot(a, 'shared-remove-armed');
    expect(await clientsOn(a, 'main')).toHaveLength(2);
    await a.keyboard.press('Control+k');

    const banner = b.locator('[data-connection="removed"]');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toMatch(
      /browser \d+ removed this page from session main; it will not reconnect/,
    );
    await sees(a, 'Nobody else is on this session');
    await screenshot(b, 'shared-removed');
    await a.keyboard.press('Escape');

    // It does not come back: the roster keeps one page across the page's whole backoff (≤ 3 s a try).
    const removedAt = Date.now();
    const seen = new Set<string>();
    await waitFor(
      'six seconds of watching b stay away',
      async () => {
        seen.add(`${(await clientsOn(a, 'main')).length} page(s), banner ${await banner.count()}`);
        return Date.now() - removedAt > 6000;
      },
      60_000,
    );
    expect([...seen]).toEqual(['1 page(s), banner 1']);

    // The session, its pane and the controller are untouched.
    await pane(a, 1).click();
    await typeInTerminal(a, 'echo STILL-$((6*7))\n');
    await waitForText(a, { paneId: 1, includes: 'STILL-42', timeoutMs: 30_000 });
    expect((await workspaceOf(a)).panes.length).toBe(panesBefore);
  }, 300_000);
});
