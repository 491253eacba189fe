// Shared sessions beyond the lease (issue 20.4, rozi's sessions.md "Cooperative requests" and
// "Collaboration commands and input control"), two pages, keyboard only: the controller turns
// takeover off from the palette; the follower's Ctrl+A g then asks instead of taking (the
// controller's chip turns to the warning colour with ●, a line names Ctrl+A e), Ctrl+A e grants;
// the new controller locks input and the other page's typing never reaches the pane (asserted on
// the server with capture-pane); a second request is declined with Ctrl+D in Manage
// collaborators… and the requester is told. Screenshots: shared-asking, shared-collaborators.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

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
const asking = (page: Page) => page.locator('[data-control-chip]').getAttribute('data-control-asking');
const capture = async () => {
  const out = JSON.parse(await server.cli(['capture-pane', '-t', 'main:1', '--format', 'json'])) as {
    data: { lines: string[] };
  };
  return out.data.lines.join('\n');
};
const prefix = async (page: Page, key: string) => {
  await pane(page, 1).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press(key);
};
const palette = async (page: Page, title: string) => {
  await pane(page, 1).click();
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
};
const sees = (page: Page, text: string) =>
  waitFor(`"${text}" on the page`, async () => (await page.getByText(text).count()) > 0, 30_000);

describe('shared sessions: requests, grant, decline, input lock', () => {
  it('asks with takeover off, grants with Ctrl+A e, locks input, declines with Ctrl+D', async () => {
    const a = browser.page;
    await openWorkspace(a, server.url);
    const b = await browser.context.newPage();
    await openWorkspace(b, server.url);
    await waitFor('a controls', async () => (await chipOf(a)) === 'ctrl', 60_000);
    await waitFor('b follows', async () => (await chipOf(b)) === 'view', 60_000);

    await palette(a, 'Toggle immediate control takeover');
    await sees(a, 'Takeover off');
    await prefix(b, 'g');
    await sees(b, 'for layout control');
    await waitFor('a sees the request', async () => (await asking(a)) === 'true', 30_000);
    await sees(a, 'asks for layout control: Ctrl+A e grants it');
    expect(await chipOf(b)).toBe('view');
    await screenshot(a, 'shared-asking');

    await prefix(a, 'e');
    await waitFor('b controls', async () => (await chipOf(b)) === 'ctrl', 30_000);
    await waitFor('a follows', async () => (await chipOf(a)) === 'view', 30_000);

    await palette(b, 'Toggle input lock');
    await sees(b, 'Input lock on');
    await waitFor(
      'a sees LOCK',
      async () => (await a.locator('[data-control-chip]').innerText()).includes('LOCK'),
      30_000,
    );
    await pane(a, 1).click();
    await typeInTerminal(a, 'echo FOLLOWER-$((6*7))\n');
    await sees(a, 'input lock: only the controller types here');
    await pane(b, 1).click();
    await typeInTerminal(b, 'echo CONTROLLER-$((6*7))\n');
    await waitForText(a, { paneId: 1, includes: 'CONTROLLER-42', timeoutMs: 30_000 });
    const text = await capture();
    expect(text).toContain('CONTROLLER-42');
    expect(text).not.toContain('FOLLOWER');

    // b has takeover off too (the session's policy): a asks, b declines in the dialog.
    await prefix(a, 'g');
    await waitFor('b sees the request', async () => (await asking(b)) === 'true', 30_000);
    await palette(b, 'Manage collaborators');
    const row = b.locator('[data-collaborator]');
    await waitFor('the roster row', async () => (await row.count()) === 1, 30_000);
    await waitFor('wants ctrl marker', async () => (await row.innerText()).includes('wants ctrl'), 30_000);
    expect(await b.locator('[data-collaborators-me]').innerText()).toMatch(/browser \d+ · ctrl/);
    await screenshot(b, 'shared-collaborators');
    await b.keyboard.press('Control+d');
    await sees(a, 'declined your request for control');
    await waitFor('no longer asking', async () => !(await row.innerText()).includes('wants ctrl'), 30_000);
    await b.keyboard.press('Escape');
    expect(await chipOf(a)).toBe('view');
    expect(await chipOf(b)).toBe('ctrl');
  }, 400_000);
});
