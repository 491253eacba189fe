// "A day without the mouse" (issue 17), the screens keyboard-walk.test.ts does not reach: the
// Changes view of an agent worktree (beside the panes, after their terminals, which keep Tab), the
// Files and Git sidebar tabs' contents, and the keybinding editor's edit row (record, conflict,
// cancel, save, reset), the Manage collaborators dialog and the Profiles picker, and the terminal's
// modes (resize, copy, hint). On each: the focus gets there from the keyboard, is always in sight,
// and leaves without landing on <body>. Desktop 1440x900; the phone's terminal is walked in
// keyboard-walk-phone.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { waitForFocus } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { focusStop, invisibleStops, tabWalk, type Stop } from '../lib/tabWalk';
import { typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let b: Browser;
let repo: string;

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });
const inTerminal = (s: { terminalPane: number | null }) => s.terminalPane !== null;
const where = (stops: Stop[]) => stops.map((s) => `${s.tag}[${s.region ?? ''}] "${s.name}"`);

beforeAll(async () => {
  server = await startRozi();
  writeFileSync(join(server.home, '.gitconfig'), '[user]\n\tname = Walker\n\temail = walker@example.test\n');
  repo = join(server.home, 'shop');
  mkdirSync(join(repo, 'src'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'src', 'cart.ts'), 'export const currency = "EUR";\n');
  writeFileSync(join(repo, 'README.md'), '# shop\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'first');
  b = await openBrowser({ viewport: { width: 1440, height: 900 } });
}, 120_000);

afterAll(async () => {
  await b?.close();
  await server?.dispose();
});

async function prefix(key: string): Promise<void> {
  await b.page.keyboard.press('Control+a');
  await b.page.keyboard.press(key);
}

describe('keyboard only, the screens beside the panes (1440x900)', () => {
  it('the Changes view takes the focus from the palette and the chip, Tab walks it in sight, Esc returns', async () => {
    const { page } = b;
    const out = await server.cli([
      '--format',
      'json',
      'agents',
      'new',
      '--worktree',
      '--branch',
      'agent/walk',
      '--cwd',
      repo,
      '--argv',
      'sh',
      '-c',
      'sleep 600',
    ]);
    const made = JSON.parse(out) as { data: { worktree: { path: string }; pane: { id: number } } };
    const wt = made.data.worktree.path;
    const pane = made.data.pane.id;
    // The same size as the base's, right after the checkout (often in its second): racy git.
    writeFileSync(join(wt, 'src', 'cart.ts'), 'export const currency = "USD";\n');
    writeFileSync(join(wt, 'NOTES.md'), 'dollars now\n');

    await openWorkspace(page, server.url);
    const chip = page.locator('[data-worktree-chip="agent/walk"]').first();
    await chip.waitFor({ timeout: 60_000 });
    await page.locator(`section[data-pane-id="${pane}"] .xterm-helper-textarea`).focus();
    await waitForFocus(page, 'the agent pane', (f) => f.terminalPane === pane);

    // The palette opens it; it takes the focus (its first control).
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (f) => f.tag === 'input');
    await page.keyboard.type("pane's changes");
    await page.keyboard.press('Enter');
    await waitFor(
      'the Changes view focused',
      async () => (await focusStop(page)).region === 'Changes',
      30_000,
    );
    await page.locator('[data-changes-panel] [data-file-row]').first().waitFor({ timeout: 60_000 });
    // Both changed files listed (a loaded refresh may list them one after the other).
    await page
      .locator('[data-changes-panel] [data-file-row]', { hasText: 'src/cart.ts' })
      .waitFor({ timeout: 60_000 });
    const first = await focusStop(page);
    expect(invisibleStops([first])).toEqual([]);
    await screenshot(page, 'walk-desktop-changes');
    // Tab walks every control of the view, each in sight, and goes on out of it (no trap).
    const stops = await tabWalk(page, { max: 120, until: (s) => s.region !== 'Changes' });
    const inside = stops.slice(0, -1);
    expect(invisibleStops(inside), where(inside).join(' → ')).toEqual([]);
    const seen = inside.map((s) => s.name).join(' | ');
    for (const want of ['Side by side', 'Close changes', 'NOTES.md', 'src/cart.ts'])
      expect(seen, 'controls of the Changes view reached').toContain(want);
    // Back into it, then Esc closes it and gives the terminal back (the palette that opened it is gone).
    await tabWalk(page, { back: true, max: 3, until: (s) => s.region === 'Changes' });
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the agent pane after Esc', (f) => f.terminalPane === pane);
    expect(await page.locator('[data-changes-panel]').count()).toBe(0);

    // From the pane header's chip: Enter opens it with the focus inside; Esc returns to the chip.
    await prefix('s');
    await waitForFocus(page, 'the session row', (f) => f.tag === 'button');
    await tabWalk(page, { max: 80, until: (s) => s.name.startsWith('Changes of agent/walk') });
    await page.keyboard.press('Enter');
    await waitFor('the Changes view focused again', async () => (await focusStop(page)).region === 'Changes');
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the chip after Esc', (f) => f.name.startsWith('Changes of agent/walk'));
    expect(await page.locator('[data-changes-panel]').count()).toBe(0);

    // The agent (`sleep 600`) never writes: its pane does not say "Starting" for ever — after a
    // few seconds it says the program runs with no output yet, then the notice goes.
    const notice = page.locator(`section[data-pane-id="${pane}"] [data-pane-starting]`);
    await openWorkspace(page, server.url);
    await waitFor(
      'the silent notice',
      async () =>
        (await page.evaluate(
          (p) =>
            document
              .querySelector(`section[data-pane-id="${p}"] [data-pane-starting]`)
              ?.getAttribute('data-pane-starting'),
          pane,
        )) === 'silent',
      30_000,
    );
    expect(await notice.innerText()).toContain('no output yet');
    await waitFor('the notice gone', async () => (await notice.count()) === 0, 60_000);
  }, 240_000);

  it('the Files and Git tabs: Tab reaches their rows in sight and goes on to the panes', async () => {
    const { page } = b;
    await openWorkspace(page, server.url);
    // Pane 1's shell is in workspace 1 (the agent of the test before has its own).
    await page.locator('section[data-pane-id] .xterm-helper-textarea').first().focus();
    await prefix('1');
    await page.locator('section[data-pane-id="1"] .xterm-helper-textarea').waitFor({ timeout: 30_000 });
    await page.locator('section[data-pane-id="1"] .xterm-helper-textarea').focus();
    await waitForFocus(page, 'pane 1', (f) => f.terminalPane === 1);
    writeFileSync(join(repo, 'README.md'), '# shop\nnow with a walk\n');
    await typeInTerminal(page, `cd ${repo}\n`);
    for (const tab of [
      { name: 'Files', row: 'rel', shot: 'walk-desktop-files' },
      { name: 'Git', row: 'path', shot: 'walk-desktop-git' },
    ]) {
      await page.locator('section[data-pane-id="1"] .xterm-helper-textarea').focus();
      await prefix('s');
      await waitForFocus(page, 'the session row', (f) => f.tag === 'button');
      // The strip is one Tab stop (its selected tab); the arrows choose.
      await tabWalk(page, { max: 40, until: (s) => s.role === 'tab' && s.data.tabId !== undefined });
      for (let i = 0; i < 4 && (await focusStop(page)).name !== tab.name; i++)
        await page.keyboard.press('ArrowRight');
      expect((await focusStop(page)).name).toBe(tab.name);
      await waitFor(
        `the ${tab.name} tab showing the repository`,
        async () =>
          (await page
            .locator(`[data-builtin-tab="${tab.name.toLowerCase()}"] button[data-${tab.row}]`)
            .count()) > 0,
        30_000,
      );
      // The tree settles first (the cd moves its root, then git's markers arrive): a row drawn
      // anew under a Tab press takes the focus with it, which is a re-render, not a trap.
      const rows = page.locator(`[data-builtin-tab="${tab.name.toLowerCase()}"]`);
      let before = '';
      await waitFor(
        `the ${tab.name} tab settled`,
        async () => {
          const now = await rows.innerText();
          const same = now === before;
          before = now;
          if (!same) await new Promise((r) => setTimeout(r, 1000));
          return same;
        },
        60_000,
      );
      const toRow = await tabWalk(page, { max: 20, until: (s) => s.data[tab.row] !== undefined });
      expect(invisibleStops(toRow), `${tab.name}: ${where(toRow).join(' → ')}`).toEqual([]);
      // ↓ moves between rows with the ring in sight.
      await page.keyboard.press('ArrowDown');
      const moved = await focusStop(page);
      expect(moved.data[tab.row], `${tab.name}: ↓ stays on a row`).toBeDefined();
      expect(invisibleStops([moved])).toEqual([]);
      await screenshot(page, tab.shot);
      // On out of the tab: the tab bar, the pane headers, a terminal — every stop in sight.
      const out = await tabWalk(page, { max: 60, until: inTerminal });
      expect(invisibleStops(out), `${tab.name} onwards: ${where(out).join(' → ')}`).toEqual([]);
    }
  }, 240_000);

  it('the keybinding editor: record a chord, see its conflict, cancel, save, reset — the focus stays on the row', async () => {
    const { page } = b;
    await page.goto(`${server.origin}/settings/keys`);
    await waitForFocus(page, 'the filter', (f) => f.tag === 'input');
    await page.locator('tr[data-action="toggle-zoom"]').waitFor({ timeout: 30_000 });
    await page.keyboard.type('Zoom pane');
    await waitFor('one row', async () => (await page.locator('tr[data-action]').count()) === 1);
    const change = 'Change Zoom pane (toggle)';
    await tabWalk(page, { max: 10, until: (s) => s.name === change });
    const keysCell = page.locator('tr[data-action="toggle-zoom"] td').nth(1);
    const before = await keysCell.innerText();

    // Enter opens the edit row with the focus on its recording box, in sight.
    await page.keyboard.press('Enter');
    const box = await waitForFocus(page, 'the recording box', (f) => f.name.startsWith('New keys for'));
    expect(box.name).toBe('New keys for Zoom pane (toggle)');
    expect(invisibleStops([await focusStop(page)])).toEqual([]);
    // Ctrl+A w is Activity's: the conflict is named before anything is saved.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('w');
    await page.getByRole('alert').filter({ hasText: 'Conflicts with Show activity' }).waitFor();
    await screenshot(page, 'walk-desktop-keys-conflict');
    // Esc cancels: nothing saved, the focus back on the row's Change button.
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'Change after Esc', (f) => f.name === change);
    expect(await keysCell.innerText()).toBe(before);
    expect(await page.locator('[data-recording]').count()).toBe(0);

    // Record a free chord and save with Enter.
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'the recording box again', (f) => f.name.startsWith('New keys for'));
    await page.keyboard.press('Control+Alt+y');
    await waitFor('the chord shown', async () =>
      /Y/.test(await page.locator('[data-recording]').innerText()),
    );
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'Change after saving', (f) => f.name === change);
    await page.getByText('toggle-zoom bound to').waitFor({ timeout: 30_000 });
    await waitFor('the new key in the row', async () => (await keysCell.innerText()).includes('Y'), 30_000);
    expect(invisibleStops([await focusStop(page)])).toEqual([]);
    await screenshot(page, 'walk-desktop-keys-saved');

    // Reset (the row is configured now): the focus stays in the row when the Reset button goes.
    await tabWalk(page, { max: 4, until: (s) => s.name === 'Reset Zoom pane (toggle)' });
    await page.keyboard.press('Enter');
    await page.getByText('toggle-zoom reset to its default').waitFor({ timeout: 30_000 });
    await waitFor('the default key back', async () => (await keysCell.innerText()) === before, 30_000);
    await waitFor(
      'the Reset button gone',
      async () => (await page.getByRole('button', { name: 'Reset Zoom pane (toggle)' }).count()) === 0,
      30_000,
    );
    const after = await focusStop(page);
    expect(after.tag, 'the focus after Reset').not.toBe('body');
    expect(after.name).toBe(change);
  }, 180_000);

  it('Manage collaborators, the Profiles picker, and resize, copy and hint modes: in sight, no trap, the focus comes back', async () => {
    const { page } = b;
    const term = page.locator('section[data-pane-id="1"] .xterm-helper-textarea');
    const mode = () =>
      page.locator('section[data-pane-id="1"] [data-terminal-key]').getAttribute('data-term-mode');
    const onTerminal = (what: string) => waitForFocus(page, what, (f) => f.terminalPane === 1);
    await openWorkspace(page, server.url);
    await page.locator('section[data-pane-id] .xterm-helper-textarea').first().focus();
    await prefix('1');
    await term.waitFor({ timeout: 30_000 });
    // A second page on the session: the control chip and the collaborators list have someone to show.
    const other = await b.context.newPage();
    try {
      await openWorkspace(other, server.url);
      await page.bringToFront();
      await page.locator('[data-control-chip="ctrl"]').waitFor({ timeout: 30_000 });

      // The chip is a Tab stop in sight that says what Enter does; Enter opens the dialog on its filter.
      await term.focus();
      await prefix('s');
      await waitForFocus(page, 'the session row', (f) => f.tag === 'button');
      const toChip = await tabWalk(page, {
        max: 60,
        until: (s) => s.name.startsWith('Manage collaborators'),
      });
      expect(invisibleStops(toChip), where(toChip).join(' → ')).toEqual([]);
      expect(toChip.at(-1)!.name).toContain('you control this session, 2 pages');
      await page.keyboard.press('Enter');
      await waitForFocus(page, 'the collaborators filter', (f) => f.name === 'Filter collaborators');
      // The highlighted row is the filter's active descendant (a screen reader hears it).
      const highlighted = await page.evaluate(() => {
        const id = document.activeElement?.getAttribute('aria-activedescendant');
        const row = id ? document.getElementById(id) : null;
        return row?.getAttribute('aria-selected') === 'true' ? row.getAttribute('data-collaborator') : null;
      });
      expect(highlighted, 'the other page highlighted').toMatch(/^\d+$/);
      await screenshot(page, 'walk-desktop-collaborators');
      // Tab stays in the dialog (past its last control, the browser's own UI: <body> here).
      const collab = await tabWalk(page, {
        max: 6,
        until: (s, i) => i > 0 && s.name === 'Filter collaborators',
      });
      const inCollab = collab.filter((s) => s.tag !== 'body');
      expect(inCollab.filter((s) => s.dialog !== 'Collaborators').map((s) => s.name)).toEqual([]);
      expect(invisibleStops(inCollab)).toEqual([]);
      await page.keyboard.press('Escape');
      await waitForFocus(page, 'the chip after Esc', (f) => f.name.startsWith('Manage collaborators'));
    } finally {
      await other.close();
    }
    // The other page gone, the focused chip goes with it: the focus moves to the terminal, not <body>.
    await waitFor(
      'the chip gone',
      async () => (await page.locator('[data-control-chip]').count()) === 0,
      30_000,
    );
    await onTerminal('pane 1 after the chip went');

    // Profiles: the filter, then Ctrl+N's name field (the focus fell to the dialog's × before), Esc
    // back to the filter with the picker still open, a capture saved with Enter, Esc to the terminal.
    await term.focus();
    await onTerminal('pane 1');
    await prefix('Shift+O');
    await waitForFocus(page, 'the profiles filter', (f) => f.name === 'Filter profiles');
    await page.locator('[data-profile-picker]').waitFor();
    await page.keyboard.press('Control+n');
    const naming = await waitForFocus(page, 'the profile name', (f) => f.name === 'Profile name');
    expect(naming.dialog).toBe('Profiles');
    expect(invisibleStops([await focusStop(page)])).toEqual([]);
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the filter after Esc', (f) => f.name === 'Filter profiles');
    expect(await page.locator('[data-profile-picker]').count()).toBe(1);
    await page.keyboard.press('Control+n');
    await waitForFocus(page, 'the profile name again', (f) => f.name === 'Profile name');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type('walked');
    await screenshot(page, 'walk-desktop-profile-name');
    await page.keyboard.press('Enter');
    await page.locator('[data-profile="walked"]').waitFor({ timeout: 30_000 });
    await waitForFocus(page, 'the filter after saving', (f) => f.name === 'Filter profiles');
    const profiles = await tabWalk(page, { max: 6, until: (s, i) => i > 0 && s.name === 'Filter profiles' });
    const inProfiles = profiles.filter((s) => s.tag !== 'body');
    expect(inProfiles.filter((s) => s.dialog !== 'Profiles').map((s) => s.name)).toEqual([]);
    expect(invisibleStops(inProfiles)).toEqual([]);
    await page.keyboard.press('Escape');
    await onTerminal('pane 1 after the picker');

    // Resize mode holds every key (Tab too) with the focus left in the terminal, and Esc ends it
    // there; run from the palette, the focus goes back to the terminal as well.
    await prefix('r');
    await page.locator('[data-resize-mode]').waitFor();
    await page.keyboard.press('Tab');
    await onTerminal('pane 1 in resize mode');
    expect(invisibleStops([await focusStop(page)])).toEqual([]);
    await screenshot(page, 'walk-desktop-resize');
    await page.keyboard.press('Escape');
    await waitFor('resize mode left', async () => (await page.locator('[data-resize-mode]').count()) === 0);
    await onTerminal('pane 1 after resize mode');
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette filter', (f) => f.tag === 'input');
    await page.keyboard.type('resize mode');
    await page.keyboard.press('Enter');
    await page.locator('[data-resize-mode]').waitFor();
    await onTerminal('pane 1 in resize mode from the palette');
    await page.keyboard.press('Escape');
    await waitFor('resize mode left', async () => (await page.locator('[data-resize-mode]').count()) === 0);

    // Copy mode: entered from the sidebar, the keys go to the terminal it works on; Tab stays.
    await prefix('s');
    await waitForFocus(page, 'the session row', (f) => f.tag === 'button');
    await prefix('BracketLeft');
    await waitFor('copy mode', async () => (await mode()) === 'copy');
    await onTerminal('pane 1 in copy mode');
    await page.keyboard.press('Tab');
    expect(await mode()).toBe('copy');
    await onTerminal('pane 1 in copy mode after Tab');
    await screenshot(page, 'walk-desktop-copy');
    await page.keyboard.press('Escape');
    await waitFor('copy mode left', async () => (await mode()) === null);
    await onTerminal('pane 1 after copy mode');

    // Hint mode: labels over a URL, Esc leaves them with the focus in the terminal.
    await typeInTerminal(page, 'echo walk https://example.com/walk\n');
    await waitForText(page, { paneId: 1, includes: 'walk https://example.com/walk' });
    await prefix('u');
    await waitFor('hint mode', async () => (await mode()) === 'hint');
    await page.locator('section[data-pane-id="1"] .rozi-hint-label').first().waitFor();
    await onTerminal('pane 1 in hint mode');
    await screenshot(page, 'walk-desktop-hint');
    await page.keyboard.press('Escape');
    await waitFor('hint mode left', async () => (await mode()) === null);
    await onTerminal('pane 1 after hint mode');
  }, 180_000);
});
