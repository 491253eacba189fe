// Directory completion in the browser's directory fields (issue 17): the Session folder prompt
// and the launcher's Directory list the subdirectories of what was typed; Tab completes, the
// arrows move through the list, Enter takes the highlighted one; a missing directory is one line.
// Keyboard only; the server is asked whether the folder was set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { focusOf, waitForFocus } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  for (const d of ['projects/alpha', 'projects/beta', 'prototypes', 'docs'])
    mkdirSync(join(server.home, d), { recursive: true });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const options = () =>
  browser.page.evaluate(() =>
    [...document.querySelectorAll('[data-directory-option]')].map((o) => ({
      text: o.textContent,
      selected: o.getAttribute('aria-selected') === 'true',
    })),
  );

async function waitForOptions(texts: string[]): Promise<void> {
  await waitFor(`the options ${texts.join(', ')}`, async () => {
    const now = (await options()).map((o) => o.text);
    return now.length === texts.length && texts.every((t, i) => now[i] === t);
  });
}

const fieldValue = async () => (await focusOf(browser.page)).value;

describe('directory completion', () => {
  it('Session folder: Tab completes, the arrows pick, Enter takes it and a second Enter saves', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (f) => f.tag === 'input');
    await page.keyboard.type('set session folder');
    await page.keyboard.press('Enter');
    const f = await waitForFocus(page, 'the folder field', (x) => x.role === 'combobox');
    expect(f.dialog).toBe('Session folder');
    await page.keyboard.type('~/pro');
    await waitForOptions(['~/projects/', '~/prototypes/']);
    await page.keyboard.type('j');
    await waitForOptions(['~/projects/']);
    await page.keyboard.press('Tab');
    await waitFor('~/projects/ completed', async () => (await fieldValue()) === '~/projects/');
    await waitForOptions(['~/projects/alpha/', '~/projects/beta/']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await waitFor('beta highlighted', async () => (await options())[1]?.selected === true);
    await screenshot(page, 'directory-complete-folder');
    await page.keyboard.press('Enter');
    await waitFor('beta taken', async () => (await fieldValue()) === '~/projects/beta/');
    // The dialog is still open: Enter took the entry, it did not submit.
    expect((await focusOf(page)).dialog).toBe('Session folder');
    await waitFor('the list of an empty directory closed', async () => (await options()).length === 0);
    await page.keyboard.press('Enter');
    await waitFor('the folder set', async () => {
      const s = (await workspaceOf(page)).sessions[0];
      return (
        s?.folder === join(server.home, 'projects', 'beta') + '/' ||
        s?.folder === join(server.home, 'projects', 'beta')
      );
    });
  });

  it('a directory that does not exist says so in one line; Esc closes the list, then the dialog', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (f) => f.tag === 'input');
    await page.keyboard.type('set session folder');
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'the folder field', (x) => x.role === 'combobox');
    await page.keyboard.type('~/nope/x');
    await waitFor('the problem line', async () =>
      page.evaluate(
        () => document.querySelector('[data-directory-list]')?.textContent === 'No such directory: ~/nope/',
      ),
    );
    await page.keyboard.press('Escape');
    await waitFor('the list closed', async () =>
      page.evaluate(() => document.querySelector('[data-directory-list]') === null),
    );
    expect((await focusOf(page)).dialog).toBe('Session folder');
    await page.keyboard.press('Escape');
    await waitFor('the dialog closed', async () => (await focusOf(page)).dialog === null);
  });

  it('launcher: the Directory of a new session completes the same way', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+a');
    await page.keyboard.press('a');
    await waitForFocus(page, 'the custom command field', (f) => f.name === 'Custom command');
    for (let i = 0; i < 20 && (await focusOf(page)).role !== 'radio'; i++)
      await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < 4 && (await focusOf(page)).name !== 'New session'; i++)
      await page.keyboard.press('ArrowRight');
    expect((await focusOf(page)).name).toBe('New session');
    for (let i = 0; i < 10 && (await focusOf(page)).name !== 'Directory'; i++)
      await page.keyboard.press('Tab');
    expect((await focusOf(page)).role).toBe('combobox');
    const typed = (await fieldValue()) ?? '';
    await page.keyboard.press('End');
    for (let i = 0; i < typed.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('~/do');
    await waitForOptions(['~/docs/']);
    await page.keyboard.press('Tab');
    await waitFor('~/docs/ completed', async () => (await fieldValue()) === '~/docs/');
    await screenshot(page, 'directory-complete-launcher');
    // Nothing more to complete: Tab moves on to the session name.
    await page.keyboard.press('Tab');
    await waitForFocus(page, 'the session name field', (f) => f.name === 'Session name');
    await page.keyboard.press('Escape');
  });
});
