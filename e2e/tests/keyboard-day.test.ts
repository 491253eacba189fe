// A day without the mouse (issue 17): one person's day in rozi from the keyboard alone, at
// 1440x900 (the phone's day is keyboard-day-phone.test.ts). Sessions, tabs, splits, renames, the launcher,
// the palette, Settings, the keybinding editor, an extension installed and removed from its
// details page, the agent editor, two agents' questions answered from the inbox. Every pointer,
// mouse or touch event that reaches a page fails the test (lib/pointerGuard.ts), so nothing here
// is done by a click; the server is asked whether each thing happened.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_GIT_ENV } from '../../apps/server/test/testGit';
import { agentCapture } from '../../apps/server/test/agentCaptures';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { focusOf, waitForFocus } from '../lib/focusProbe';
import { activeTab, inTerminal, palette, prefix, session } from '../lib/keyboardDay';
import { forgetPointerEvents, guardAgainstPointers, pointerEventsOf } from '../lib/pointerGuard';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { focusStop, invisibleStops, tabWalk } from '../lib/tabWalk';
import { waitFor } from '../lib/terminalText';
import { agentRowsOf, workspaceOf } from '../lib/workspaceProbe';

const FAKE = join(REPO_ROOT, 'apps', 'server', 'test', 'fake-agents', 'fake-agent.mjs');

let server: RoziServer;

/** An index of one example extension (git-branches), as [discover] index in config.toml. */
function writeDiscoverIndex(s: RoziServer): Promise<string> {
  const repos = join(s.home, 'repos');
  const dir = join(repos, 'git-branches');
  mkdirSync(repos, { recursive: true });
  cpSync(join(REPO_ROOT, 'examples', 'extensions', 'git-branches'), dir, { recursive: true });
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-qm', 'git-branches'],
  ])
    execFileSync('git', args, { cwd: dir, env: TEST_GIT_ENV });
  writeFileSync(join(repos, 'repos.txt'), `${pathToFileURL(dir).href}\n`);
  const index = join(s.home, 'index');
  return s
    .cli(['extensions', 'index', 'build', '--repos', join(repos, 'repos.txt'), '--out', index])
    .then(() => {
      mkdirSync(s.env.ROZI_CONFIG_DIR as string, { recursive: true });
      writeFileSync(
        join(s.env.ROZI_CONFIG_DIR as string, 'config.toml'),
        `[discover]\nindex = "${join(index, 'index.json')}"\n`,
      );
      return index;
    });
}

beforeAll(async () => {
  server = await startRozi();
  await writeDiscoverIndex(server);
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

/** A fake agent in a new tab of `main`, drawing a captured blocked screen; answers move it on. */
async function blockedAgent(agent: string, caseName = ''): Promise<number> {
  const out = await server.cli([
    '--format',
    'json',
    'new-pane',
    '--session',
    'main',
    '--tab-name',
    agent,
    '--argv',
    'env',
    `ROZI_AGENT=${agent}`,
    `FAKE_FIXTURE=${agentCapture(agent)}`,
    `FAKE_CASE=${caseName}`,
    'FAKE_SEQUENCE=blocked',
    'FAKE_ANSWERS=1',
    process.execPath,
    FAKE,
  ]);
  return (JSON.parse(out) as { data: { id: number } }).data.id;
}

describe('keyboard-only day, desktop 1440x900', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser({ viewport: { width: 1440, height: 900 } });
    await guardAgainstPointers(b.context);
  }, 60_000);
  afterEach(async () => {
    expect(await pointerEventsOf(b.page), 'pointer events reached the page').toEqual([]);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('sessions, tabs and panes: new tab, rename, split, close, a second session, switch back', async () => {
    const { page } = b;
    await page.goto(server.url);
    await waitForFocus(page, 'the terminal of pane 1', inTerminal);
    // The guard can fail: a pointerdown dispatched on the page is recorded (then forgotten).
    await page.dispatchEvent('body', 'pointerdown');
    expect((await pointerEventsOf(page)).map((e) => e.split(' on ')[0])).toEqual(['pointerdown']);
    await forgetPointerEvents(page);
    await prefix(b, 'c');
    await waitFor('a second tab', async () => (await session(b)).tabs.length === 2);
    await waitForFocus(page, 'the new tab’s terminal', (f) => f.terminalPane === 2);
    await prefix(b, ',');
    await waitForFocus(page, 'the tab name', (f) => f.dialog === 'Rename tab' && f.tag === 'input');
    await page.keyboard.type('build');
    await page.keyboard.press('Enter');
    await waitFor('the tab renamed', async () => (await activeTab(b)).name === 'build');
    await prefix(b, '%');
    await waitFor('a split', async () => (await activeTab(b)).layout.type === 'split');
    const split = await waitForFocus(
      page,
      'the new pane',
      (f) => f.terminalPane !== null && f.terminalPane !== 2,
    );
    await page.keyboard.type('sleep 600\n');
    // A running program makes closing its pane ask first.
    await waitFor('sleep running', async () => {
      const panes = (
        JSON.parse(await server.cli(['list-panes', '--format', 'json'])) as {
          data: { id: number; foreground_program: string | null }[];
        }
      ).data;
      return panes.find((p) => p.id === split.terminalPane)?.foreground_program === 'sleep';
    });
    await prefix(b, 'q');
    await waitForFocus(page, 'Close pane?', (f) => f.dialog === 'Close pane?' && f.name === 'Close pane');
    await page.keyboard.press('Enter');
    await waitFor('the pane closed', async () => (await activeTab(b)).layout.type === 'pane');
    await waitForFocus(page, 'the neighbour', (f) => f.terminalPane === 2);
    expect(split.terminalPane).not.toBe(2);
    await prefix(b, 'Shift+S');
    await waitForFocus(page, 'the session name', (f) => f.dialog === 'New session' && f.tag === 'input');
    await page.keyboard.type('review');
    await page.keyboard.press('Enter');
    await waitFor('session review', async () =>
      (await workspaceOf(page)).sessions.some((s) => s.name === 'review'),
    );
    await waitForFocus(page, 'the new session’s terminal', inTerminal);
    // A long name (renamed with Ctrl+A $) in a narrower window: the status line stays one line,
    // the name cut with an ellipsis and whole in its tooltip.
    const long = `review-${'long-weekend-'.repeat(4)}done`; // 63 of the 64 a name may have
    await prefix(b, '$');
    await waitForFocus(
      page,
      'the session name field',
      (f) => f.dialog === 'Rename session' && f.tag === 'input',
    );
    await page.keyboard.press('Control+a');
    await page.keyboard.type(long);
    await page.keyboard.press('Enter');
    await waitFor('the session renamed', async () =>
      (await workspaceOf(page)).sessions.some((x) => x.name === long),
    );
    await waitForFocus(page, 'a terminal after the rename', inTerminal);
    await page.setViewportSize({ width: 1100, height: 900 });
    const line = await waitFor('the status line with the long name', () =>
      page.evaluate((name) => {
        const footer = document.querySelector<HTMLElement>('[data-status-line]');
        const shown =
          footer && [...footer.querySelectorAll<HTMLElement>('[title]')].find((e) => e.title === name);
        return footer && shown
          ? {
              oneLine:
                footer.scrollHeight <= footer.clientHeight &&
                shown.getBoundingClientRect().height <= footer.clientHeight,
              cut: shown.scrollWidth > shown.clientWidth,
              ellipsis: getComputedStyle(shown).textOverflow,
              paneWhole: [...footer.querySelectorAll<HTMLElement>('[data-status-pane]')].every(
                (p) => p.scrollWidth <= p.clientWidth,
              ),
            }
          : null;
      }, long),
    );
    expect(line).toEqual({ oneLine: true, cut: true, ellipsis: 'ellipsis', paneWhole: true });
    // Its sidebar row drops whole words and ends in "…", the whole name in the row's tooltip.
    const row = await waitFor('the sidebar row cut at a word', () =>
      page.evaluate((name) => {
        const fit = document.querySelector<HTMLElement>(`[data-session="${name}"] [title="${name}"]`);
        const dots = fit?.querySelector<HTMLElement>('[data-ellipsis]');
        if (!fit || !dots || getComputedStyle(dots).display === 'none') return null;
        const shown = [...fit.querySelectorAll<HTMLElement>('[data-word]')]
          .filter((w) => !w.classList.contains('sr-only'))
          .map((w) => w.textContent)
          .join('');
        return { shown, fits: fit.scrollWidth <= fit.clientWidth, heard: fit.textContent };
      }, long),
    );
    expect(row.fits).toBe(true);
    expect(row.heard).toBe(long);
    expect(long.startsWith(row.shown) && row.shown.length < long.length).toBe(true);
    expect(row.shown).toMatch(/-$/);
    await screenshot(page, 'day-desktop-status-line');
    await page.setViewportSize({ width: 1440, height: 900 });
    // The session list from Ctrl+A s: arrows to main, Enter switches to it.
    await prefix(b, 's');
    await waitForFocus(
      page,
      'the current session row',
      (f) => f.tag === 'button' && f.name.includes('review'),
    );
    for (let i = 0; i < 8 && !(await focusOf(page)).name.startsWith('main'); i++)
      await page.keyboard.press('ArrowUp');
    expect((await focusOf(page)).name).toMatch(/^main/);
    await page.keyboard.press('Enter');
    await waitFor('main on screen', async () =>
      page.evaluate(() => document.querySelector('[role=tablist][aria-label="Tabs of main"]') !== null),
    );
    await prefix(b, '$');
    await waitForFocus(
      page,
      'the session name field',
      (f) => f.dialog === 'Rename session' && f.tag === 'input',
    );
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'a terminal after Esc', inTerminal);
    await screenshot(page, 'day-desktop-sessions');
    // The sidebar folds away and comes back from the keys (Ctrl+A b), the terminal keeping the focus.
    const edge = () => page.locator('[data-sidebar-edge]').count();
    expect(await edge()).toBe(1);
    await prefix(b, 'b');
    await waitFor('the sidebar folded', async () => (await edge()) === 0);
    await prefix(b, 'b');
    await waitFor('the sidebar back', async () => (await edge()) === 1);
    await waitForFocus(page, 'a terminal with the sidebar back', inTerminal);
    // A tab is named once ("1 build", never "1 1" for the unnamed first tab).
    const labels = await page.getByRole('tablist', { name: 'Tabs of main' }).getByRole('tab').allInnerTexts();
    expect(labels.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual(['1', '2 build']);
  }, 90_000);

  it('launcher and palette: a command launched from the keys takes the focus; the theme toggled; Activity', async () => {
    const { page } = b;
    const tabs = (await session(b)).tabs.length;
    await prefix(b, 'a');
    await waitForFocus(
      page,
      'the command field',
      (f) => f.dialog === 'New agent' && f.name === 'Custom command',
    );
    await page.keyboard.type('echo "day-$((6*7))"; exec bash');
    await page.keyboard.press('Enter');
    const ws = await waitFor('the launched tab', async () => {
      const w = await workspaceOf(page);
      return w.sessions.find((s) => s.name === 'main')!.tabs.length === tabs + 1 ? w : null;
    });
    const launched = ws.panes.find((p) => p.command?.includes('day-'));
    expect(launched).toBeDefined();
    await waitForFocus(page, 'the launched pane', (f) => f.terminalPane === launched!.id);
    // Linux has no ⌘ key: no ⌘ glyph anywhere on the page.
    expect(await page.evaluate(() => document.body.innerText.includes('⌘'))).toBe(false);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const before = await theme();
    await palette(b, 'toggle theme');
    await waitFor('the theme changed', async () => (await theme()) !== before);
    await waitForFocus(page, 'the terminal after the palette', inTerminal);
    await palette(b, 'toggle theme');
    await waitFor('the theme back', async () => (await theme()) === before);
    await prefix(b, 'w');
    await waitForFocus(page, 'an Activity row', (f) => f.dialog === 'Activity' && f.tag === 'button');
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the terminal after Activity', inTerminal);
  }, 90_000);

  it('pages: Settings opens on Theme; an extension installed and removed from its details page; the agent editor', async () => {
    const { page } = b;
    await palette(b, 'open settings');
    await page.waitForURL(/\/settings/);
    await waitForFocus(page, 'the Theme select', (f) => f.tag === 'select' && /^Theme/.test(f.name));
    // Discover: the search field, the card by Tab, Enter opens its details.
    await page.goto(`${server.origin}/extensions`);
    await waitForFocus(page, 'the search field', (f) => f.tag === 'input');
    await page.keyboard.type('git');
    await tabWalk(page, { max: 20, until: (s) => s.name.includes('Git branches') });
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'All extensions', (f) => f.name.includes('All extensions'));
    await tabWalk(page, { max: 20, until: (s) => s.name === 'Install' });
    await page.keyboard.press('Enter');
    await page.getByText('Installed and enabled.').waitFor({ timeout: 60_000 });
    // The focus stays in the page, on what comes next (it fell to <body> with Install).
    const remove = await waitForFocus(page, 'Remove…', (f) => f.name === 'Remove…');
    expect(invisibleStops([await focusStop(page)])).toEqual([]);
    await screenshot(page, 'day-desktop-installed');
    expect(remove.tag).toBe('button');
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'the confirming Remove', (f) => f.name === 'Remove');
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'Install again', (f) => f.name === 'Install');
    const list = JSON.parse(await server.cli(['extensions', 'list', '--format', 'json'])) as { id: string }[];
    expect(list.map((e) => e.id)).not.toContain('git-branches');
    // The agent editor from its list, by keys.
    await page.goto(`${server.origin}/settings/agents`);
    await waitForFocus(page, 'the agents filter', (f) => f.name === 'Filter agents');
    await page.keyboard.type('codex');
    await page.getByRole('link', { name: /^Override Codex/ }).waitFor({ timeout: 30_000 });
    await tabWalk(page, { max: 15, until: (s) => /^Override Codex/.test(s.name) });
    await page.keyboard.press('Enter');
    await waitForFocus(
      page,
      'the Id field',
      (f) => f.tag === 'input' && f.name === 'Id' && f.value === 'codex',
    );
  }, 120_000);

  it('a sidebar tab’s setting from the keys: Ctrl+E on its row, Enter, a typed value, Enter; the service restarts with it', async () => {
    const { page } = b;
    // Installed from its directory by the CLI: installing by keys is walked above.
    await server.cli(['extensions', 'install', join(REPO_ROOT, 'examples', 'extensions', 'clock-sidebar')]);
    const clock = async () => {
      const s = JSON.parse(await server.cli(['extensions', 'status', '--format', 'json'])) as {
        extensions: { id: string; services: { state: string; pid?: number }[] }[];
      };
      return s.extensions.find((e) => e.id === 'clock-sidebar')?.services[0];
    };
    const before = await waitFor('the clock service running', async () => {
      const c = await clock();
      return c?.state === 'running' ? c.pid : undefined;
    });
    await page.goto(server.url);
    await waitForFocus(page, 'a terminal', inTerminal);
    await palette(b, 'sidebar tabs');
    await tabWalk(page, { max: 30, until: (s) => s.data.tab === 'clock-sidebar.clock' });
    await page.keyboard.press('Control+e');
    // The picker holds the focus on its list (the highlighted setting), not on a field.
    await waitForFocus(
      page,
      'the settings list',
      (f) => f.dialog === 'Tab settings' && f.name === 'Clock settings',
    );
    await page.keyboard.press('Enter');
    const field = await waitForFocus(
      page,
      'the value field',
      (f) => f.tag === 'input' && f.name === 'Seconds between updates value',
    );
    expect(field.value).toBe('2');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await page.getByText('services restarted').waitFor({ timeout: 20_000 });
    await waitForFocus(page, 'the settings list after the save', (f) => f.name === 'Clock settings');
    await screenshot(page, 'day-desktop-tab-settings');
    // Applied: saved to config.toml and the service restarted with it in its environment.
    const config = readFileSync(join(server.env.ROZI_CONFIG_DIR as string, 'config.toml'), 'utf8');
    expect(config).toContain('[extensions.clock-sidebar]\nevery = 7');
    const pid = await waitFor('the clock service restarted', async () => {
      const c = await clock();
      return c?.state === 'running' && c.pid !== before ? c.pid : undefined;
    });
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((l) => l.startsWith('ROZI_EXTENSION_CONFIG='));
    expect(JSON.parse(env?.slice('ROZI_EXTENSION_CONFIG='.length) ?? '{}')).toEqual({ every: 7 });
    // Esc leaves the settings for the list, Esc again the dialog for the terminal.
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the clock row again', (f) => f.tag === 'tr' && f.name === 'Clock');
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the terminal after Sidebar tabs', inTerminal);
  }, 90_000);

  it('the inbox: two questions answered with Enter, the focus going on to the next, then to ×, Esc back', async () => {
    const { page } = b;
    await page.goto(server.url);
    await waitForFocus(page, 'a terminal', inTerminal);
    // Two agents asking the same kind of question (codex's trust prompt): its captured screen is
    // read as blocked quickly even on a loaded machine.
    const first = await blockedAgent('codex');
    const second = await blockedAgent('codex');
    // Detection reads the captured screens; on a loaded machine that takes a while.
    await waitFor(
      'both agents blocked on the server',
      async () => {
        const rows = (await agentRowsOf(page)).filter(
          (r) => r.session === 'main' && [first, second].includes(r.pane),
        );
        if (rows.filter((r) => r.state === 'blocked').length === 2) return true;
        throw new Error(`the agents read ${JSON.stringify(rows.map((r) => [r.pane, r.state]))}`);
      },
      60_000,
    );
    await page.locator('[data-inbox-panel] [data-inbox-item]').nth(1).waitFor({ timeout: 20_000 });
    // What a screen reader hears of the session's rollup: counts apart, not "1 working1 needs input".
    const heard = await page.locator('[data-session="main"] [data-rollup]').first().textContent();
    expect(heard).toMatch(/2 needs input/);
    expect(heard).not.toMatch(/[a-z]\d/);
    await palette(b, 'agents waiting for you');
    await waitForFocus(page, 'the inbox', (f) => f.name === 'Close the inbox');
    await tabWalk(page, { max: 6, until: (s) => s.data.choice !== undefined });
    await page.keyboard.press('Enter');
    const next = await waitForFocus(
      page,
      'the next question’s first answer',
      (f) => f.tag === 'button' && f.name.startsWith('1.'),
    );
    await waitFor(
      'one question left',
      async () => (await page.locator('[data-inbox-panel] [data-inbox-item]').count()) === 1,
    );
    expect(next.tag).toBe('button');
    await screenshot(page, 'day-desktop-inbox-next');
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'the close button', (f) => f.name === 'Close the inbox');
    await waitFor(
      'no question left',
      async () => (await page.locator('[data-inbox-panel] [data-inbox-item]').count()) === 0,
    );
    await page.keyboard.press('Escape');
    await waitForFocus(page, 'the terminal after the inbox', inTerminal);
    // After the inbox (focusing a pane changed its order and focus): the status line names the
    // agent in the focused pane, not the interpreter it runs on (node).
    await server.cli(['focus', String(first)]);
    await waitForFocus(page, 'the agent’s terminal', (f) => f.terminalPane === first);
    const named = await waitFor('the status line on the agent’s pane', async () => {
      const text = await page.locator('[data-status-line]').innerText();
      return text.includes(`pane ${first} ·`) ? text : null;
    });
    expect(named).toContain(`pane ${first} · Codex`);
    expect(named).not.toMatch(/\bnode\b/);
  }, 90_000);
});
