// The phone layout: a card deck of panes; a tap opens the terminal full screen, and the key row
// sends real keys to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const mobileText = () => browser.page.locator('[data-mobile-terminal] .xterm-accessibility-tree').innerText();
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('mobile', () => {
  it('shows the panes as cards', async () => {
    const { page } = browser;
    const url = new URL(server.url);
    url.searchParams.set('a11y', '1');
    await page.goto(url.toString());
    await page.locator('[data-pane-card]').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-pane-card]').count()).toBe(1);
    expect(await page.locator('section[data-pane-id]').count()).toBe(0); // no desktop panes
    await screenshot(page, 'mobile');
  });

  it('opens a card full screen and the key row sends keys', async () => {
    const { page } = browser;
    await page.locator('[data-pane-card]').first().tap();
    await page.locator('[data-mobile-terminal] .xterm-accessibility-tree').waitFor();
    await page.locator('[data-key-row]').waitFor();
    await page.locator('[data-mobile-terminal] .xterm').tap();
    await page.keyboard.type('echo "keyrow-$((5+5))"\n');
    await waitFor('first echo', async () => count(await mobileText(), 'keyrow-10') >= 1);
    // ↑ recalls the command from history, Enter runs it again.
    await page.locator('[data-key="up"]').tap();
    await page.keyboard.press('Enter');
    await waitFor('second echo', async () => count(await mobileText(), '\nkeyrow-10') >= 2);
    // Sticky Ctrl: Ctrl, then "c" typed on the keyboard, interrupts a running sleep.
    await page.keyboard.type('sleep 600\n');
    await page.locator('[data-key="ctrl"]').tap();
    expect(await page.locator('[data-key="ctrl"]').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('c');
    await waitFor('^C', async () => (await mobileText()).includes('^C'));
    expect(await page.locator('[data-key="ctrl"]').getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'mobile-terminal');
    // The interrupt really ended the sleep: the shell takes the next command at once.
    await page.keyboard.type('echo "after-$((20+1))"\n');
    await waitFor('the shell back after ^C', async () => (await mobileText()).includes('\nafter-21'));
  });

  it('touch targets are 44 px, and the card that needs the person comes first', async () => {
    const { page } = browser;
    for (const key of await page.locator('[data-key-row] button').all())
      expect((await key.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Back to panes' }).tap();
    await page.locator('[data-pane-card]').first().waitFor();
    for (const name of ['Activity', 'New agent', 'Settings']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    // A later session whose agent waits for input: its card moves to the top.
    await server.cli(['new-session', '-n', 'later']);
    await waitFor(
      'two sessions of cards',
      async () => (await page.locator('[data-pane-card]').count()) === 2,
    );
    await server.cli(['status', 'blocked', '--target', 'later:1', '--reason', 'approve?']);
    await waitFor(
      'the blocked card first',
      async () =>
        (await page.locator('section[aria-label^="Session"]').first().getAttribute('aria-label')) ===
        'Session later',
    );
    await screenshot(page, 'mobile-urgent-first');
  });
});
