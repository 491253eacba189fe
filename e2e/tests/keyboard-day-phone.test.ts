// A day without the mouse on a 390x844 phone with a keyboard (issue 17): a card opens its
// terminal, a rename, back to the cards, a new tab and a launch that open full screen at once with
// what was typed meanwhile, Settings. Every pointer, mouse or touch event that reaches the page
// fails the test (lib/pointerGuard.ts); the server is asked whether each thing happened.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { waitForFocus } from '../lib/focusProbe';
import { activeTab, palette, phoneTerminal, prefix } from '../lib/keyboardDay';
import { guardAgainstPointers, pointerEventsOf } from '../lib/pointerGuard';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { focusStop, invisibleStops } from '../lib/tabWalk';
import { waitFor } from '../lib/terminalText';
import { workspaceOf } from '../lib/workspaceProbe';

/**
 * Starts a pane on the phone (`start`), types `typed` at once, and waits for the new pane's
 * terminal full screen with the focus, what was typed having run in it (`shows`). Fails if the
 * starting screen or the terminal never took the deck's place.
 */
async function landsFullScreen(
  b: Browser,
  s: RoziServer,
  o: {
    start(): Promise<void>;
    typed: string;
    shows: string;
    /** Holds the server's answer (a tRPC procedure) until the starting screen is seen and shot. */
    slow?: { procedure: string; shot: string };
  },
): Promise<{ id: number; key: number }> {
  const { page } = b;
  const known = new Set((await workspaceOf(page)).panes.map((p) => p.key));
  // The starting screen can be gone within a frame: record that it came rather than wait for it.
  await page.evaluate(() => {
    const seen = window as unknown as { sawStarting?: boolean };
    seen.sawStarting = false;
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-mobile-starting]')) return;
      seen.sawStarting = true;
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true });
  });
  let answer = () => {};
  const held = `**/trpc/${o.slow?.procedure}**`;
  if (o.slow) {
    const gate = new Promise<void>((resolve) => (answer = resolve));
    // Once: the route goes with the one request it holds.
    await page.route(
      held,
      async (route) => {
        await gate;
        await route.continue();
      },
      { times: 1 },
    );
  }
  await o.start();
  await page.keyboard.type(o.typed);
  if (o.slow) {
    await page
      .locator('[data-mobile-starting]')
      .getByText('Starting a new pane…')
      .waitFor({ timeout: 20_000 });
    await screenshot(page, o.slow.shot);
    answer();
  }
  const added = await waitFor('the new pane on the server', async () =>
    (await workspaceOf(page)).panes.find((p) => !known.has(p.key)),
  );
  await page.locator(`[data-mobile-terminal="${added.key}"]`).waitFor({ timeout: 30_000 });
  await waitForFocus(page, 'the new pane’s terminal', phoneTerminal);
  expect(
    await page.evaluate(() => (window as unknown as { sawStarting?: boolean }).sawStarting),
    'the deck gave way to the starting screen at once',
  ).toBe(true);
  await waitFor(`${o.shows} in the new pane`, async () =>
    (await s.cli(['capture-pane', '-t', String(added.id), '--format', 'text'])).includes(o.shows),
  );
  await waitFor(`${o.shows} on the phone`, async () =>
    (await page.locator('[data-mobile-terminal] .xterm-rows').innerText()).includes(o.shows),
  );
  return { id: added.id, key: added.key };
}

describe('keyboard-only day, phone 390x844', () => {
  let b: Browser;
  // A day of its own: the desktop's agents would be the first, most urgent cards.
  let server: RoziServer;
  beforeAll(async () => {
    server = await startRozi();
    b = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await guardAgainstPointers(b.context);
  }, 60_000);
  afterEach(async () => {
    expect(await pointerEventsOf(b.page), 'pointer events reached the page').toEqual([]);
  });
  afterAll(async () => {
    await b?.close();
    await server?.dispose();
  });

  it('a card opens its terminal; rename, back to the cards; a new tab from the palette and a launch open full screen; Settings', async () => {
    const { page } = b;
    await page.goto(server.url);
    await page.locator('[data-pane-card]').first().waitFor({ timeout: 60_000 });
    await waitFor('a card has the focus', async () => (await focusStop(page)).data.paneCard !== undefined);
    await page.keyboard.press('Enter');
    await page.locator('[data-mobile-terminal]').waitFor({ timeout: 30_000 });
    await waitForFocus(page, 'the terminal', phoneTerminal);
    await page.keyboard.type('echo "phone-$((6*7))"\n');
    await waitFor('the command ran', async () =>
      (await page.locator('[data-mobile-terminal] .xterm-rows').innerText()).includes('phone-42'),
    );
    await prefix(b, ',');
    await waitForFocus(page, 'the tab name', (f) => f.dialog === 'Rename tab' && f.tag === 'input');
    await page.keyboard.type('phone');
    await page.keyboard.press('Enter');
    await waitFor('renamed', async () => (await activeTab(b)).name === 'phone');
    await waitForFocus(page, 'the terminal after the rename', phoneTerminal);
    await prefix(b, 's');
    await waitForFocus(page, 'Back to panes', (f) => f.name === 'Back to panes');
    await page.keyboard.press('Enter');
    await waitFor(
      'a card has the focus again',
      async () => (await focusStop(page)).data.paneCard !== undefined,
    );
    expect(invisibleStops([await focusStop(page)])).toEqual([]);
    await screenshot(page, 'day-phone-cards');
    // A new tab from the palette opens full screen at once with the focus (it used to leave the
    // phone on the deck), and what is typed before it is there runs in it, not in the pane left.
    const first = await waitFor('the first pane', async () => (await workspaceOf(page)).panes[0]);
    const landed = await landsFullScreen(b, server, {
      start: () => palette(b, 'new tab'),
      typed: 'echo "tab-$((6*7))"\n',
      shows: 'tab-42',
      slow: { procedure: 'tabs.create', shot: 'day-phone-starting' },
    });
    await screenshot(page, 'day-phone-new-tab');
    // The launcher (Ctrl+A a, a custom command) lands the same way.
    await landsFullScreen(b, server, {
      start: async () => {
        await prefix(b, 'a');
        await waitForFocus(
          page,
          'the command field',
          (f) => f.dialog === 'New agent' && f.name === 'Custom command',
        );
        await page.keyboard.type('echo "launched-$((6*7))"; exec bash');
        await page.keyboard.press('Enter');
      },
      typed: 'echo "early-$((6*7))"\n',
      shows: 'early-42',
    });
    // A new session from the palette opens its pane full screen too (it left the phone on the
    // new session's cards): the dialog waits for the server, then the terminal has the focus.
    const before = new Set((await workspaceOf(page)).panes.map((p) => p.key));
    await palette(b, 'new session');
    await waitForFocus(page, 'the session name', (f) => f.dialog === 'New session' && f.tag === 'input');
    await page.keyboard.type('pocket');
    await page.keyboard.press('Enter');
    const pocket = await waitFor('the new session’s pane', async () =>
      (await workspaceOf(page)).panes.find((p) => !before.has(p.key) && p.session === 'pocket'),
    );
    await page.locator(`[data-mobile-terminal="${pocket.key}"]`).waitFor({ timeout: 30_000 });
    await waitForFocus(page, 'the new session’s terminal', phoneTerminal);
    await page.keyboard.type('echo "pocket-$((6*7))"\n');
    await waitFor('pocket-42 in the new session', async () =>
      (await server.cli(['capture-pane', '-t', `pocket:${pocket.id}`, '--format', 'text'])).includes(
        'pocket-42',
      ),
    );
    await screenshot(page, 'day-phone-new-session');
    // Asked of the server: neither pane it was started from got what was typed for the next.
    const screenOf = (id: number) => server.cli(['capture-pane', '-t', String(id), '--format', 'text']);
    expect(await screenOf(first.id)).not.toMatch(/tab-|early-/);
    expect(await screenOf(landed.id)).not.toMatch(/early-/);
    // Back to the deck, the focus on a card.
    await prefix(b, 's');
    await waitForFocus(page, 'Back to panes', (f) => f.name === 'Back to panes');
    await page.keyboard.press('Enter');
    await waitFor(
      'a card has the focus after the launches',
      async () => (await focusStop(page)).data.paneCard !== undefined,
    );
    await palette(b, 'open settings');
    await page.waitForURL(/\/settings/);
    await waitForFocus(page, 'the Theme select', (f) => f.tag === 'select' && /^Theme/.test(f.name));
    await screenshot(page, 'day-phone-settings');
  }, 150_000);
});
