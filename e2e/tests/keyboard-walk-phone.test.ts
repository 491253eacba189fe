// "A day without the mouse" (issue 17) on a 390x844 phone with a keyboard: a card opens its pane
// full screen with Enter and the terminal takes the typing; the terminal keeps Tab, so Ctrl+A s
// (focus-sidebar, which has no sidebar to go to here) lands on "Back to panes"; the key row is
// reached with Shift+Tab, every key in sight; back on the cards the focus is on the card the
// terminal was opened from, never on <body>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { waitForFocus } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { focusStop, invisibleStops, tabWalk, type Stop } from '../lib/tabWalk';
import { waitFor } from '../lib/terminalText';

let server: RoziServer;
let b: Browser;

beforeAll(async () => {
  server = await startRozi();
  b = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
}, 120_000);

afterAll(async () => {
  await b?.close();
  await server?.dispose();
});

const inTerminal = () =>
  b.page.evaluate(() => document.activeElement?.classList.contains('xterm-helper-textarea') === true);
const mobileText = () => b.page.locator('[data-mobile-terminal] .xterm-rows').innerText();
const where = (stops: Stop[]) => stops.map((s) => `${s.tag} "${s.name}"`).join(' → ');

describe('keyboard only, phone 390x844: the full-screen terminal and its key row', () => {
  it('opens a card with Enter, leaves the terminal with Ctrl+A s, walks the key row, returns to the card', async () => {
    const { page } = b;
    await page.goto(server.url);
    await page.locator('[data-pane-card]').first().waitFor({ timeout: 60_000 });
    // The deck opens with the focus on its first card, in sight (it was on <body>).
    await waitFor(
      'the first card has the focus',
      async () => (await focusStop(page)).data.paneCard !== undefined,
    );
    expect(invisibleStops([await focusStop(page)])).toEqual([]);
    await page.keyboard.press('Enter');
    await page.locator('[data-mobile-terminal]').waitFor({ timeout: 30_000 });
    await waitFor('the terminal takes the typing', inTerminal, 30_000);
    await page.keyboard.type('echo walked-$((6*7))\n');
    await waitFor('the command ran', async () => (await mobileText()).includes('walked-42'), 30_000);

    // Ctrl+A s: the way out of the terminal, in sight.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('s');
    const back = await waitForFocus(page, 'Back to panes', (f) => f.name === 'Back to panes');
    expect(back.tag).toBe('button');
    expect(invisibleStops([await focusStop(page)])).toEqual([]);
    await screenshot(page, 'walk-phone-terminal-back');
    // Tab goes on into the terminal.
    await page.keyboard.press('Tab');
    await waitFor('Tab from Back into the terminal', inTerminal);

    // The key row: Shift+Tab from Back reaches it (past the browser's own stop); each key in sight.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('s');
    await waitForFocus(page, 'Back to panes again', (f) => f.name === 'Back to panes');
    const toRow = await tabWalk(page, { back: true, max: 6, until: (s) => s.data.key !== undefined });
    const row = await tabWalk(page, { back: true, max: 12, until: (s) => s.data.key === 'esc' });
    const keys = [toRow[toRow.length - 1]!, ...row];
    expect(keys.map((s) => s.data.key)).toEqual(['right', 'down', 'up', 'left', 'alt', 'ctrl', 'tab', 'esc']);
    expect(invisibleStops(keys), where(keys)).toEqual([]);
    await screenshot(page, 'walk-phone-key-row');
    // Enter on a key works it: Ctrl is sticky (held for the next key) and shows so.
    await page.keyboard.press('Tab');
    expect((await focusStop(page)).data.key).toBe('tab');
    await page.keyboard.press('Tab');
    expect((await focusStop(page)).data.key).toBe('ctrl');
    await page.keyboard.press('Enter');
    await waitFor(
      'Ctrl held',
      async () => (await page.locator('[data-key="ctrl"]').getAttribute('aria-pressed')) === 'true',
    );

    // Back to the cards: the focus is on the card the terminal came from.
    await page.keyboard.press('Enter');
    await waitFor(
      'Ctrl released',
      async () => (await page.locator('[data-key="ctrl"]').getAttribute('aria-pressed')) === 'false',
    );
    await page.keyboard.press('Control+a');
    await page.keyboard.press('s');
    await waitForFocus(page, 'Back to panes from the key row', (f) => f.name === 'Back to panes');
    await page.keyboard.press('Enter');
    await page.locator('[data-card-deck]').waitFor({ timeout: 30_000 });
    const card = await waitForFocus(
      page,
      'the card it came from',
      (f) => f.tag === 'button' && f.name !== '',
    );
    const stop = await focusStop(page);
    expect(stop.data.paneCard, `focus after Back: ${card.name}`).toBeDefined();
    expect(invisibleStops([stop])).toEqual([]);
    await screenshot(page, 'walk-phone-card-back');

    // A dialog opened from the deck and closed gives the focus back to a card, not to <body>
    // (the desktop's home, the terminal, is not drawn here): the palette, then the launcher.
    for (const [open, title] of [
      ['Control+Shift+P', 'Command palette'],
      ['launcher', 'New agent'],
    ] as const) {
      if (open === 'launcher') {
        await page.keyboard.press('Control+a');
        await page.keyboard.press('a');
      } else await page.keyboard.press(open);
      await waitForFocus(page, `the ${title} dialog`, (f) => f.dialog === title);
      if (open === 'launcher') {
        // The agent list arrives after the focus went to the command field and grows above it;
        // the field stays in sight on the short screen (it was pushed 150 px below it).
        await page.getByRole('dialog', { name: 'New agent' }).locator('[data-agent]').first().waitFor();
        await waitFor(
          'the focused command field in sight',
          async () => invisibleStops([await focusStop(page)]).length === 0,
        );
        await screenshot(page, 'walk-phone-launcher');
      }
      await page.keyboard.press('Escape');
      await waitFor(
        `a card after ${title} closed`,
        async () => (await focusStop(page)).data.paneCard !== undefined,
      );
    }
  }, 180_000);
});
