// Keyboard-only walk through the workspace's dialogs (issue 17): each opens with the focus where
// a person types or acts — the field, the first row, the primary button, never the × — and
// gives it back to the terminal it came from. Every step is driven by keys; the server is asked
// whether the typed thing happened. The Activity view and the agent editor are walked too: where
// the focus lands, and that their lists move with the keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { focusOf, waitForFocus, type FocusPlace } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
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

const inTerminal = (pane?: number) => (f: FocusPlace) =>
  f.terminalPane !== null && (pane === undefined || f.terminalPane === pane);

async function prefix(key: string): Promise<void> {
  await browser.page.keyboard.press('Control+a');
  await browser.page.keyboard.press(key);
}

const activeTab = async () => {
  const ws = await workspaceOf(browser.page);
  const session = ws.sessions[0]!;
  return session.tabs.find((t) => t.id === session.activeTabId)!;
};

describe('focus from the keyboard', () => {
  it('starts in the terminal of the focused pane', async () => {
    await openWorkspace(browser.page, server.url);
    await waitForFocus(browser.page, 'the terminal of pane 1', inTerminal(1));
  });

  it('palette: the filter takes typing, Esc gives the terminal back', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+Shift+P');
    const f = await waitForFocus(page, 'the palette filter', (x) => x.tag === 'input');
    expect(f.dialog).toBe('Command palette');
    await page.keyboard.type('rename tab');
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'pane 1 after the palette', inTerminal(1));
  });

  it('rename tab: the field holds the name selected; typing replaces it and Enter saves', async () => {
    const { page } = browser;
    await prefix(',');
    const f = await waitForFocus(page, 'the tab name field', (x) => x.tag === 'input');
    expect(f).toMatchObject({ dialog: 'Rename tab', name: 'Tab name' });
    await screenshot(page, 'focus-rename-tab');
    await page.keyboard.type('build');
    await page.keyboard.press('Enter');
    await waitFor('the tab renamed', async () => (await activeTab()).name === 'build');
    await waitForFocus(page, 'pane 1 after renaming', inTerminal(1));
  });

  it('launcher: the command field is focused and Esc returns', async () => {
    const { page } = browser;
    await prefix('a');
    const f = await waitForFocus(page, 'the custom command field', (x) => x.tag === 'input');
    expect(f).toMatchObject({ dialog: 'New agent', name: 'Custom command' });
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'pane 1 after the launcher', inTerminal(1));
  });

  it('close pane: the confirmation acts on Enter and focus goes to the neighbour', async () => {
    const { page } = browser;
    await prefix('%');
    await waitFor('pane 2 focused', async () => (await activeTab()).focusedPaneId === 2);
    await waitForFocus(page, 'the new pane', inTerminal(2));
    await typeInTerminal(page, 'sleep 300\n');
    await waitFor('sleep running', async () => {
      const panes = (
        JSON.parse(await server.cli(['list-panes', '--format', 'json'])) as {
          data: { id: number; foreground_program: string | null }[];
        }
      ).data;
      return panes.find((p) => p.id === 2)?.foreground_program === 'sleep';
    });
    await prefix('q');
    const f = await waitForFocus(page, 'the Close pane button', (x) => x.tag === 'button');
    expect(f).toMatchObject({ dialog: 'Close pane?', name: 'Close pane' });
    await page.keyboard.press('Enter');
    await waitFor('pane 2 closed', async () => (await activeTab()).layout.type === 'pane');
    await waitForFocus(page, 'pane 1 after closing pane 2', inTerminal(1));
  });

  it('new session: the name field, then the new session’s terminal', async () => {
    const { page } = browser;
    await prefix('Shift+S');
    const f = await waitForFocus(page, 'the session name field', (x) => x.tag === 'input');
    expect(f).toMatchObject({ dialog: 'New session', name: 'Session name' });
    await page.keyboard.type('second');
    await page.keyboard.press('Enter');
    await waitFor('the session', async () =>
      (await workspaceOf(page)).sessions.some((s) => s.name === 'second'),
    );
    const back = await waitForFocus(page, 'a terminal after creating', inTerminal());
    await typeInTerminal(page, 'echo "in-$((40+2))"\n');
    await waitForText(page, { paneId: back.terminalPane!, includes: 'in-42' });
  });

  it('rozi prompt and rozi pick: typing goes to the modal and Enter answers', async () => {
    const { page } = browser;
    await typeInTerminal(page, `A=$("$ROZI_BIN" prompt --title "Your name"); echo "answer:$A:$?"\n`);
    const f = await waitForFocus(page, 'the prompt field', (x) => x.tag === 'input');
    expect(f.dialog).toBe('Your name');
    await page.keyboard.type('ada');
    await page.keyboard.press('Enter');
    const pane = (await focusOf(page)).terminalPane;
    expect(pane).not.toBeNull();
    await waitForText(page, { paneId: pane!, includes: 'answer:ada:0' });
    await typeInTerminal(page, `printf 'alpha\\nbeta\\n' | "$ROZI_BIN" pick --title Letter; echo "rc:$?"\n`);
    await waitForFocus(page, 'the pick filter', (x) => x.tag === 'input' && x.dialog === 'Letter');
    await page.keyboard.type('bet');
    await page.keyboard.press('Enter');
    await waitForText(page, { paneId: pane!, includes: /beta\s+rc:0/ });
    await waitForFocus(page, 'the terminal after the picker', inTerminal(pane!));
  });

  it('kill session: Enter kills', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (x) => x.tag === 'input');
    await page.keyboard.type('kill session');
    await page.keyboard.press('Enter');
    const f = await waitForFocus(page, 'the Kill session button', (x) => x.tag === 'button');
    expect(f.name).toBe('Kill session');
    await page.keyboard.press('Enter');
    await waitFor('the session gone', async () =>
      (await workspaceOf(page)).sessions.every((s) => s.name !== 'second'),
    );
    await waitForFocus(page, 'a terminal after the kill', inTerminal());
  });

  it('lists move with the arrows: sessions from Ctrl+A s, the launcher’s Where choices, the sidebar edge', async () => {
    const { page } = browser;
    await prefix('s');
    const row = await waitForFocus(
      page,
      'the current session row',
      (f) => f.tag === 'button' && /main/.test(f.name),
    );
    expect(row.name).not.toBe('Activity');
    await page.keyboard.press('ArrowDown');
    await waitForFocus(page, 'the tab row under it', (f) => f.tag === 'button' && f.name.startsWith('build'));
    await page.keyboard.press('ArrowUp');
    await waitForFocus(page, 'back on the session', (f) => /main/.test(f.name));
    // The sidebar edge: reachable with Tab, arrows widen it.
    const width = () =>
      page.evaluate(
        () => document.querySelector('[data-sidebar-edge]')!.parentElement!.getBoundingClientRect().width,
      );
    const before = await width();
    for (let i = 0; i < 30 && (await focusOf(page)).role !== 'separator'; i++)
      await page.keyboard.press('Tab');
    expect((await focusOf(page)).name).toBe('Sidebar width');
    await page.keyboard.press('Shift+ArrowRight');
    await waitFor('a wider sidebar', async () => (await width()) > before + 40);
    await screenshot(page, 'focus-sidebar-wider');
    await page.keyboard.press('Home');
    await waitFor('the narrowest sidebar', async () => (await width()) <= 161);
    await page.keyboard.press('End');
    // Launcher: the Where choices are one Tab stop moved by the arrows.
    await prefix('a');
    await waitForFocus(page, 'the custom command field', (f) => f.name === 'Custom command');
    for (let i = 0; i < 20 && (await focusOf(page)).role !== 'radio'; i++)
      await page.keyboard.press('Shift+Tab');
    const first = await focusOf(page);
    expect(first.role).toBe('radio');
    await page.keyboard.press('ArrowRight');
    const next = await waitForFocus(
      page,
      'the next choice',
      (f) => f.role === 'radio' && f.name !== first.name,
    );
    const checked = await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'));
    expect(checked).toBe('true');
    expect(next.name).not.toBe(first.name);
    await page.keyboard.press('Shift+Tab');
    expect((await focusOf(page)).role).not.toBe('radio');
    await page.keyboard.press('Escape');
    // Back where the launcher was opened from: the sidebar edge.
    await waitForFocus(page, 'the sidebar edge after the launcher', (f) => f.name === 'Sidebar width');
  });

  it('pages open with the focus where people start: Settings on its Theme, Extensions and Keyboard shortcuts on their search', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (f) => f.tag === 'input');
    await page.keyboard.type('open settings');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings/);
    // Settings opens on the first thing people change there: the Theme select (disabled until the
    // server's theme list comes; the page waits for it rather than settle on the next field).
    const settings = await waitForFocus(page, 'a control of the settings page', (f) => f.tag !== 'body');
    expect(settings).toMatchObject({ tag: 'select', name: expect.stringMatching(/^Theme/) });
    await screenshot(page, 'focus-settings-opens-on-theme');
    for (const path of ['/extensions', '/settings/keys']) {
      await page.goto(`${server.origin}${path}`);
      const f = await waitForFocus(page, `a control of ${path}`, (x) => x.tag !== 'body');
      expect(f.tag).toBe('input');
    }
  });
  it('Activity view: the focus lands on the most urgent row, the arrows move it, Enter goes to that pane’s terminal', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await waitForFocus(page, 'a terminal', inTerminal());
    await prefix('%');
    const other = await waitFor('a second pane', async () => {
      const tab = await activeTab();
      return tab.layout.type === 'split' && tab.focusedPaneId !== 1 ? tab.focusedPaneId : null;
    });
    await server.cli(['status', 'working', '--target', String(other), '--reason', 'compiling']);
    await server.cli(['status', 'blocked', '--target', '1', '--reason', 'approve?']);
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (f) => f.tag === 'input');
    await page.keyboard.type('show activity');
    await page.keyboard.press('Enter');
    const rowOf = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[data-activity-row]')?.getAttribute('data-activity-row'),
      );
    const keyOf = async (id: number) =>
      (await workspaceOf(page)).panes.find((p) => p.session === 'main' && p.id === id)?.key;
    const first = await waitForFocus(
      page,
      'the first Activity row',
      (f) => f.dialog === 'Activity' && f.tag === 'button',
    );
    expect(first.name).not.toBe('Close');
    expect(await rowOf()).toBe(String(await keyOf(1)));
    await page.keyboard.press('ArrowDown');
    await waitFor('the second row', async () => (await rowOf()) === String(await keyOf(other)));
    await page.keyboard.press('ArrowUp');
    await waitFor('back on the first row', async () => (await rowOf()) === String(await keyOf(1)));
    await page.keyboard.press('ArrowDown');
    await screenshot(page, 'focus-activity');
    await page.keyboard.press('Enter');
    await waitForFocus(page, `the terminal of pane ${other}`, inTerminal(other));
  });

  it('agent editor: the list page’s filter, Enter on Override opens the editor on its Id field; radios and pattern rows move with the keys', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/settings/agents`);
    await waitForFocus(page, 'the agents filter', (f) => f.name === 'Filter agents');
    await page.keyboard.type('claude');
    // The list is read from the server after the page opens; Tab before its rows exist wraps
    // around the page's few controls back to the filter.
    await page.getByRole('link', { name: /^Override Claude/ }).waitFor({ timeout: 30_000 });
    for (let i = 0; i < 15 && !/^Override Claude/.test((await focusOf(page)).name); i++)
      await page.keyboard.press('Tab');
    expect((await focusOf(page)).name).toMatch(/^Override Claude/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/source=builtin&id=claude/);
    const id = await waitForFocus(page, 'the Id field', (f) => f.tag === 'input' && f.name === 'Id');
    expect(id.value).toBe('claude');
    // A pattern list: Enter adds a row under the focused one and moves there; Backspace on the
    // empty row removes it and goes back.
    for (let i = 0; i < 30 && !(await focusOf(page)).name.startsWith('Process name'); i++)
      await page.keyboard.press('Tab');
    const row = await focusOf(page);
    expect(row.name).toMatch(/^Process name \d+$/);
    const n = Number(row.name.split(' ').at(-1));
    await page.keyboard.press('Enter');
    await waitForFocus(
      page,
      'the new pattern row',
      (f) => f.name === `Process name ${n + 1}` && f.value === '',
    );
    await page.keyboard.press('Backspace');
    await waitForFocus(page, 'the row before it', (f) => f.name === `Process name ${n}` && f.value !== '');
    // A segmented choice is one Tab stop; the arrows move the choice and the focus together.
    for (let i = 0; i < 60 && (await focusOf(page)).role !== 'radio'; i++) await page.keyboard.press('Tab');
    const radio = await focusOf(page);
    expect(radio.role).toBe('radio');
    await page.keyboard.press('ArrowRight');
    const moved = await waitForFocus(
      page,
      'the next choice',
      (f) => f.role === 'radio' && f.name !== radio.name,
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'))).toBe('true');
    expect(moved.name).not.toBe(radio.name);
    await screenshot(page, 'focus-agent-editor');
  });
});
