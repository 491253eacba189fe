// "A day without the mouse" (issue 17): every screen is walked with Tab alone, at 1440x900 and at
// 390x844. On each: the focus reaches the controls, can always be seen (tabWalk's check), and the
// screen can be left from the keyboard — dialogs with Esc back to where they came from, pages by
// their back link. The terminal keeps Tab for the shell, so the workspace is entered with the
// prefix keys (Ctrl+A s for the sidebar) and left back into a terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { waitForFocus } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { focusStop, invisibleStops, tabWalk, type Stop } from '../lib/tabWalk';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;

beforeAll(async () => {
  server = await startRozi();
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

const inTerminal = (s: { terminalPane: number | null }) => s.terminalPane !== null;
const names = (stops: Stop[]) => stops.map((s) => s.name);

async function prefix(b: Browser, key: string): Promise<void> {
  await b.page.keyboard.press('Control+a');
  await b.page.keyboard.press(key);
}

/** A page: its first control has the focus; Tab walks it all with the focus in sight; the back link leaves. */
async function walkPage(b: Browser, o: { path: string; back: string; shot: string; leavesTo: RegExp }) {
  const { page } = b;
  await page.goto(`${server.origin}${o.path}`);
  const first = await waitForFocus(page, `the first control of ${o.path}`, (f) => f.tag !== 'body');
  // The page's own controls come with its data (a loaded CI machine had drawn only the header's
  // when the walk began): wait until more than a header's worth are there.
  await waitFor(`${o.path} drawn`, () =>
    page.evaluate(
      () => document.querySelectorAll('a[href], button:not([disabled]), input, select, textarea').length > 4,
    ),
  );
  const start = await focusStop(page);
  // Forward: every stop until the walk comes round to the first again (or leaves the page).
  const stops = await tabWalk(page, {
    max: 250,
    until: (s, i) => i > 0 && ((s.name === start.name && s.tag === start.tag) || s.tag === 'body'),
  });
  // Past the last control the browser's own UI takes the focus (the page's body here): the end.
  const inPage = stops.filter((s) => s.tag !== 'body');
  expect(inPage.length, `${o.path}: controls reached`).toBeGreaterThan(2);
  expect(invisibleStops(inPage), `${o.path}: focus not visible`).toEqual([]);
  await screenshot(page, o.shot);
  // The back link is reachable from the first control with Shift+Tab, and Enter leaves.
  await page.goto(`${server.origin}${o.path}`);
  await waitForFocus(page, `the first control of ${o.path} again`, (f) => f.name === first.name);
  await tabWalk(page, { back: true, max: 30, until: (s) => s.tag === 'a' && s.name === o.back });
  await page.keyboard.press('Enter');
  await waitFor(`${o.path} left by its back link`, async () => o.leavesTo.test(new URL(page.url()).pathname));
  return stops;
}

for (const size of [
  { label: 'desktop', viewport: { width: 1440, height: 900 }, mobile: false },
  { label: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
] as const) {
  describe(`keyboard only, ${size.label} ${size.viewport.width}x${size.viewport.height}`, () => {
    let b: Browser;
    beforeAll(async () => {
      b = await openBrowser({ viewport: size.viewport, isMobile: size.mobile, hasTouch: size.mobile });
    }, 60_000);
    afterAll(async () => {
      await b?.close();
    });

    if (!size.mobile) {
      it('workspace: sidebar, its tabs, tab bar and pane headers in sight; back into a terminal', async () => {
        const { page } = b;
        await openWorkspace(page, server.url);
        await waitForFocus(page, 'the terminal', inTerminal);
        await prefix(b, 's');
        await waitForFocus(page, 'the session row', (f) => f.tag === 'button' && f.name.includes('main'));
        const forward = await tabWalk(page, { max: 80, until: inTerminal });
        expect(invisibleStops(forward)).toEqual([]);
        const seen = names(forward).join(' | ');
        for (const want of ['Sidebar width', 'Command palette', 'Settings', 'Split right', 'Close pane 1'])
          expect(seen).toContain(want);
        expect(forward.some((s) => s.role === 'tab')).toBe(true);
        await prefix(b, 's');
        await waitForFocus(page, 'the session row again', (f) => f.name.includes('main'));
        const backward = await tabWalk(page, { back: true, max: 6, until: (s) => s.name === 'Activity' });
        expect(invisibleStops(backward)).toEqual([]);
        await screenshot(page, `walk-${size.label}-workspace`);
      }, 180_000);

      it('dialogs: palette, launcher, Activity — Tab stays inside with the focus in sight, Esc leaves', async () => {
        const { page } = b;
        await page.keyboard.press('Escape');
        await page.locator('section[data-pane-id="1"] .xterm').focus();
        for (const open of [
          { what: 'Command palette', keys: async () => page.keyboard.press('Control+Shift+P') },
          { what: 'New agent', keys: async () => prefix(b, 'a') },
          { what: 'Activity', keys: async () => prefix(b, 'w') },
        ]) {
          await page.locator('section[data-pane-id="1"] .xterm-helper-textarea').focus();
          await waitForFocus(page, 'the terminal', inTerminal);
          await open.keys();
          const first = await waitForFocus(page, `${open.what} open`, (f) => f.dialog !== null);
          expect(first.dialog).toBe(open.what);
          const stops = await tabWalk(page, {
            max: 80,
            until: (s, i) => i > 0 && s.name === first.name && s.tag === first.tag,
          });
          // A modal dialog keeps Tab inside (past its last control the browser's own UI, here
          // the body, then round again): no stop on the page behind it.
          const inside = stops.filter((s) => s.tag !== 'body');
          expect(
            inside.filter((s) => s.dialog !== open.what).map((s) => `${s.tag} "${s.name}"`),
            `${open.what}: stops outside the dialog`,
          ).toEqual([]);
          expect(invisibleStops(inside), open.what).toEqual([]);
          await screenshot(page, `walk-${size.label}-${open.what.replace(/\W+/g, '-').toLowerCase()}`);
          await page.keyboard.press('Escape');
          await waitForFocus(page, `the terminal after ${open.what}`, inTerminal);
        }
      }, 240_000);

      it('the inbox panel takes the focus when asked for and Esc gives the terminal back; extension details', async () => {
        const { page } = b;
        await page.goto(server.url);
        await waitForFocus(page, 'the terminal', inTerminal);
        await page.keyboard.press('Control+Shift+P');
        await waitForFocus(page, 'the palette filter', (f) => f.tag === 'input');
        await page.keyboard.type('agents waiting for you');
        await page.keyboard.press('Enter');
        const inPanel = await waitForFocus(
          page,
          'a control of the inbox panel',
          (f) => f.name === 'Close the inbox',
        );
        expect(inPanel.dialog).toBeNull();
        expect(invisibleStops([await focusStop(page)])).toEqual([]);
        await screenshot(page, `walk-${size.label}-inbox`);
        await page.keyboard.press('Escape');
        await waitForFocus(page, 'the terminal after the inbox', inTerminal);
        expect(await page.locator('[data-inbox-panel]').count()).toBe(0);
        // Discover: Tab to a card, Enter opens its details, every control there in sight, back by keys.
        await page.goto(`${server.origin}/extensions`);
        await waitForFocus(page, 'the search field', (f) => f.tag === 'input');
        await tabWalk(page, { max: 20, until: (s) => s.name.includes('Activity slots') });
        await page.keyboard.press('Enter');
        await waitForFocus(
          page,
          'the details page',
          (f) => f.name.includes('All extensions') || f.tag !== 'body',
        );
        await page.getByRole('button', { name: /All extensions/ }).waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: /All extensions/ }).focus();
        const stops = await tabWalk(page, {
          max: 60,
          until: (s, i) => i > 0 && (s.tag === 'body' || s.name.includes('All extensions')),
        });
        expect(invisibleStops(stops.filter((s) => s.tag !== 'body'))).toEqual([]);
        await screenshot(page, `walk-${size.label}-extension-details`);
        await page.getByRole('button', { name: /All extensions/ }).focus();
        await page.keyboard.press('Enter');
        // Back in the gallery, on the card the details were opened from.
        await page.getByPlaceholder('Search extensions').waitFor({ timeout: 30_000 });
        await waitForFocus(page, 'the card the details came from', (f) => f.name.includes('Activity slots'));
      }, 180_000);
    } else {
      it('phone workspace: header, cards and key row in sight', async () => {
        const { page } = b;
        const target = new URL(server.url);
        await page.goto(target.toString());
        await page.getByRole('button').first().waitFor({ timeout: 60_000 });
        const stops = await tabWalk(page, { max: 60, until: (s, i) => i > 3 && s.tag === 'body' });
        const inPage = stops.filter((s) => s.tag !== 'body');
        expect(invisibleStops(inPage)).toEqual([]);
        expect(inPage.length).toBeGreaterThan(3);
        await screenshot(page, `walk-${size.label}-workspace`);
      }, 180_000);
    }

    it('pages: Settings, keyboard shortcuts, Discover, agents, agent editor', async () => {
      await walkPage(b, {
        path: '/settings',
        back: 'Workspace',
        shot: `walk-${size.label}-settings`,
        leavesTo: /^\/$/,
      });
      await walkPage(b, {
        path: '/settings/keys',
        back: 'Settings',
        shot: `walk-${size.label}-keys`,
        leavesTo: /^\/settings\/?$/,
      });
      await walkPage(b, {
        path: '/extensions',
        back: 'Workspace',
        shot: `walk-${size.label}-discover`,
        leavesTo: /^\/$/,
      });
      await walkPage(b, {
        path: '/settings/agents',
        back: 'Settings',
        shot: `walk-${size.label}-agents`,
        leavesTo: /^\/settings\/?$/,
      });
      await walkPage(b, {
        path: '/settings/agents/edit?source=builtin&id=claude',
        back: 'Agents',
        shot: `walk-${size.label}-agent-editor`,
        leavesTo: /^\/settings\/agents\/?$/,
      });
    }, 600_000);
  });
}
