// Shell marks for commands that ran before a page attached (issue 16): the server's snapshot ends
// with a marks replay, so a reloaded page and a second browser draw the earlier commands' gutter
// bars (colour and tooltip per exit status), jump to their prompts, and copy the last output from
// their own marks (copy mode's `o` has no server fallback). Real bash, real server, Chromium.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let second: Browser | null = null;

async function grantClipboard(b: Browser): Promise<void> {
  await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(server.url).origin,
  });
}

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
  await grantClipboard(browser);
});

afterAll(async () => {
  await second?.close();
  await browser?.close();
  await server?.dispose();
});

/** The bars on screen (xterm keeps a decoration's element, hidden, while its row is scrolled away). */
const marks = (page: Page, exit?: string) =>
  pane(page, 1).locator(
    exit === undefined ? '.rozi-cmd-mark:visible' : `.rozi-cmd-mark[data-exit="${exit}"]:visible`,
  );
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
/** The buffer row at the top of the viewport (the probe exposes the pane's xterm). */
const topRow = (page: Page) =>
  page.evaluate(() => {
    type Term = {
      buffer: {
        active: { viewportY: number; getLine(y: number): { translateToString(t: boolean): string } };
      };
    };
    const terms = (window as unknown as { __roziTerminals: Map<number, Term> }).__roziTerminals;
    const b = [...terms.values()][0]!.buffer.active;
    return { y: b.viewportY, text: b.getLine(b.viewportY).translateToString(true) };
  });

async function prefix(page: Page, key: string): Promise<void> {
  await page.keyboard.press('Control+a');
  await page.keyboard.press(key);
}

/** Jumps to the previous prompt until the viewport's top row shows `text`; the rows passed. */
async function jumpUpTo(page: Page, text: string): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const before = await topRow(page);
    if (before.text.includes(text)) return;
    await prefix(page, 'Shift+BracketLeft'); // prefix {
    await waitFor(`a jump up from row ${before.y}`, async () => (await topRow(page)).y < before.y);
  }
  expect((await topRow(page)).text).toContain(text);
}

/** What a page that attached after the commands ran must show and do with them. */
async function earlierCommandsWork(page: Page, shot?: string): Promise<void> {
  await pane(page, 1).locator('.xterm').click();
  // At the bottom: the last command's green bar, drawn from the replay.
  await waitFor('the last command bar', async () => (await marks(page, '0').count()) >= 1, 20_000);
  await jumpUpTo(page, 'seq 1 80');
  await jumpUpTo(page, 'echo second-out');
  await jumpUpTo(page, 'first-out');
  // From the first command's prompt down: its red bar and the next two green ones.
  await waitFor('three bars', async () => (await marks(page).count()) === 3);
  expect(await marks(page, '1').count()).toBe(1);
  expect(await marks(page, '0').count()).toBe(2);
  expect(await marks(page, '1').getAttribute('title')).toBe('exit 1');
  expect(await marks(page, '0').first().getAttribute('title')).toBe('exit 0');
  if (shot) await screenshot(page, shot);
  // The last command's output from the page's own marks: the palette action, then copy mode's o.
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await prefix(page, 'o');
  await waitFor('the output copied', async () =>
    (await clipboard(page)) === 'last-a\nlast-b' ? true : null,
  );
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await prefix(page, 'BracketLeft');
  const host = pane(page, 1).locator('[data-terminal-key]');
  await waitFor('copy mode', async () => (await host.getAttribute('data-term-mode')) === 'copy');
  await page.keyboard.press('o');
  await waitFor('copy mode o', async () => ((await clipboard(page)) === 'last-a\nlast-b' ? true : null));
  await waitFor('copy mode left', async () => (await host.getAttribute('data-term-mode')) === null);
}

describe('shell marks after a page attaches late', () => {
  it('a reloaded page draws, jumps to and copies from the commands that ran before it', async () => {
    const { page } = browser;
    const url = new URL(server.url);
    url.searchParams.set('probe', '1');
    await openWorkspace(page, url.toString());
    await pane(page, 1).locator('.xterm').click();
    await typeInTerminal(page, "printf 'first-out\\n'; false\n");
    await waitFor('a red bar', async () => (await marks(page, '1').count()) === 1);
    await typeInTerminal(page, 'echo second-out\n');
    await waitFor('a green bar', async () => (await marks(page, '0').count()) === 1);
    await typeInTerminal(page, 'seq 1 80\n');
    await waitForText(page, { paneId: 1, includes: '80' });
    await typeInTerminal(page, "printf 'last-a\\nlast-b\\n'\n");
    await waitForText(page, { paneId: 1, includes: 'last-b' });
    // The server has parsed the last command's end before the reload.
    await waitFor('the server has the last output', async () =>
      (await server.cli(['capture-pane', '--target', '1', '--last-output', '--format', 'text'])) ===
      'last-a\nlast-b\n'
        ? true
        : null,
    );
    await openWorkspace(page, url.toString());
    await earlierCommandsWork(page, 'shell-marks-reloaded');
  });

  it('a second browser attaching sees the same marks', async () => {
    second = await openBrowser();
    await grantClipboard(second);
    const url = new URL(server.url);
    url.searchParams.set('probe', '1');
    await openWorkspace(second.page, url.toString());
    await earlierCommandsWork(second.page);
  });
});
