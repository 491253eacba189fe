// Extensions UI against a real server in a real browser (issue 9): an index built from local git
// repositories of the example extensions; install from the gallery watching progress; run the
// command from the palette; change a tab setting and see the service restart with it; rebind a
// key in the editor and use it; see a suggested key's conflict; remove the extension (from the manager, and from the details page after installing there); a
// `rozi pick` from a pane answered in the browser modal. Every page is saved as a screenshot, the
// main ones in the light theme too.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForFocus } from '../lib/focusProbe';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';
import { TEST_GIT_ENV } from '../../apps/server/test/testGit';

let server: RoziServer;
let browser: Browser;
let indexDir: string;

const gitEnv = TEST_GIT_ENV;

function exampleRepo(root: string, name: string): string {
  const dir = join(root, name);
  cpSync(join(REPO_ROOT, 'examples', 'extensions', name), dir, { recursive: true });
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-qm', name],
  ])
    execFileSync('git', args, { cwd: dir, env: gitEnv });
  return pathToFileURL(dir).href;
}

beforeAll(async () => {
  server = await startRozi();
  const repos = join(server.home, 'repos');
  mkdirSync(repos, { recursive: true });
  const urls = ['hello-python', 'clock-sidebar', 'git-branches'].map((n) => exampleRepo(repos, n));
  writeFileSync(join(repos, 'repos.txt'), urls.join('\n') + '\n');
  indexDir = join(server.home, 'index');
  await server.cli([
    'extensions',
    'index',
    'build',
    '--repos',
    join(repos, 'repos.txt'),
    '--out',
    indexDir,
    '--format',
    'json',
  ]);
  // The server reads its index from config.toml's [discover] index (read on every list).
  mkdirSync(server.env.ROZI_CONFIG_DIR as string, { recursive: true });
  // The user's own binding on ctrl-a x h makes hello-python's suggestion of the same chord lose.
  writeFileSync(
    join(server.env.ROZI_CONFIG_DIR as string, 'config.toml'),
    `# my config\n[discover]\nindex = "${join(indexDir, 'index.json')}"\n\n[keys]\nequalize = "ctrl-a x h"\n`,
  );
  browser = await openBrowser({ viewport: { width: 1280, height: 860 } });
  await openWorkspace(browser.page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('extensions UI', () => {
  it('lists the index in the gallery and installs one with live progress', async () => {
    const { page } = browser;
    const index = JSON.parse(readFileSync(join(indexDir, 'index.json'), 'utf8')) as {
      extensions: { id: string }[];
    };
    expect(index.extensions.map((e) => e.id).sort()).toEqual([
      'clock-sidebar',
      'git-branches',
      'hello-python',
    ]);
    // Nothing installed yet: the manager opens on its way to Discover, which leads to the search field.
    await page.goto(`${server.origin}/extensions#installed`);
    await waitForFocus(page, 'Browse Discover', (f) => f.name === 'Browse Discover');
    await page.keyboard.press('Enter');
    await waitForFocus(page, 'the search field', (f) => f.name === 'Search extensions');
    await page.getByRole('button', { name: 'Hello (Python)' }).waitFor();
    // Each card carries what one chooses by: name, version, source, description, standing, kinds.
    const hello = page.locator('[data-extension-card="hello-python"]');
    expect(await hello.innerText()).toMatch(
      /Hello \(Python\)\s+v0\.1\.0\s+by repos · hello-python\s+One command that says hello[^]*Not installed\s+1 command\s+1 key/,
    );
    expect(await hello.getAttribute('aria-describedby')).toBeTruthy();
    // Keyboard: the search field has the focus; Tab past the three filters reaches the first card, ringed.
    const search = page.getByRole('textbox', { name: 'Search extensions' });
    await search.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const css = getComputedStyle(el);
      return { card: el.dataset.extensionCard, outline: css.outlineStyle, width: css.outlineWidth };
    });
    expect(ring).toEqual({ card: 'clock-sidebar', outline: 'solid', width: '2px' });
    await screenshot(page, 'extensions-gallery');
    // A search that matches nothing says so and offers the way back, from the keyboard.
    await search.fill('zzz-nothing');
    const empty = page.locator('[data-discover-empty]');
    await empty.getByText('No extension matches “zzz-nothing”.').waitFor();
    await page.getByLabel('Installed', { exact: true }).selectOption('yes');
    await empty.getByText('No extension matches “zzz-nothing”, installed.').waitFor();
    await screenshot(page, 'extensions-gallery-empty');
    await empty.getByRole('button', { name: 'Clear search and filters' }).focus();
    await page.keyboard.press('Enter');
    await hello.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Search extensions',
    );
    expect(await page.locator('[data-extension-card]').count()).toBe(3);
    await page.getByRole('button', { name: 'Hello (Python)' }).click();
    await page.getByRole('region', { name: 'Commands' }).waitFor();
    await page.getByText('exec: python3').first().waitFor();
    await screenshot(page, 'extensions-details');
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.locator('[data-phase="start"][data-state="done"]').waitFor({ timeout: 30_000 });
    await page.getByText('Installed and enabled.').waitFor();
    await screenshot(page, 'extensions-install-progress');
    const list = JSON.parse(await server.cli(['extensions', 'list', '--format', 'json'])) as {
      id: string;
      state: string;
    }[];
    expect(list.find((e) => e.id === 'hello-python')?.state).toBe('enabled');
  });

  it('runs its command from the palette', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.keyboard.press('Control+Shift+P');
    await page.getByRole('dialog').locator('input').fill('Hello from hello');
    await page.keyboard.press('Enter');
    // The command ran: its start and end are in the extension's commands log.
    await waitFor(
      'the command ran',
      async () =>
        /exit(ed)? (code )?0|end/i.test(
          await server
            .cli(['extensions', 'logs', 'hello-python', '--unit', 'commands', '--format', 'text'])
            .catch(() => ''),
        ),
      20_000,
    );
    await screenshot(page, 'extensions-palette-run');
  });

  it('changes a tab setting and the service restarts with the new value', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/extensions`);
    // The card of the extension installed in the first test says so.
    await page
      .locator('[data-extension-card="hello-python"] [data-card-standing]')
      .getByText('Installed · enabled')
      .waitFor();
    await page.getByRole('button', { name: 'Clock sidebar' }).click();
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByText('Installed and enabled.').waitFor({ timeout: 30_000 });
    const pidOf = async () => {
      const s = JSON.parse(await server.cli(['extensions', 'status', '--format', 'json'])) as {
        extensions: { id: string; services: { state: string; pid?: number }[] }[];
      };
      return s.extensions.find((e) => e.id === 'clock-sidebar')?.services[0];
    };
    await waitFor('clock service running', async () => (await pidOf())?.state === 'running');
    const before = (await pidOf())?.pid;
    await openWorkspace(page, server.url);
    await page.keyboard.press('Control+Shift+P');
    await page.getByRole('dialog').locator('input').fill('Sidebar tabs');
    await page.keyboard.press('Enter');
    const row = page.locator('tr[data-tab="clock-sidebar.clock"]');
    await row.waitFor();
    await screenshot(page, 'extensions-sidebar-tabs');
    await row.focus();
    await page.keyboard.press('Control+e');
    await page.getByRole('listbox', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Enter');
    const input = page.getByLabel('Seconds between updates value');
    await input.fill('99');
    await input.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'at most 60' }).waitFor();
    await input.fill('7');
    await input.press('Enter');
    await page.getByText('services restarted').waitFor({ timeout: 20_000 });
    await screenshot(page, 'extensions-tab-settings');
    const config = readFileSync(join(server.env.ROZI_CONFIG_DIR as string, 'config.toml'), 'utf8');
    expect(config.startsWith('# my config\n')).toBe(true);
    expect(config).toContain('[extensions.clock-sidebar]\nevery = 7');
    await waitFor('clock service restarted', async () => {
      const s = await pidOf();
      return s?.state === 'running' && s.pid !== before;
    });
    const pid = (await pidOf())?.pid as number;
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((l) => l.startsWith('ROZI_EXTENSION_CONFIG='));
    expect(JSON.parse(env?.slice('ROZI_EXTENSION_CONFIG='.length) ?? '{}')).toEqual({ every: 7 });
    await page.keyboard.press('Escape');
  });

  it('shows a suggested key conflict, rebinds a key in the editor and uses it', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/settings/keys`);
    const hello = page.locator('tr[data-action="hello-python.hello"]');
    await hello.waitFor();
    // ctrl-a x h is the user's binding for equalize (see beforeAll): the suggestion stays inactive.
    await hello.locator('[data-key-state="conflicting"]').waitFor();
    await screenshot(page, 'keybindings-conflict');
    const newTab = page.locator('tr[data-action="new-tab"]');
    await newTab.getByRole('button', { name: /^Change/ }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('p');
    await page.getByRole('alert').filter({ hasText: 'Conflicts with' }).waitFor();
    await screenshot(page, 'keybindings-recording-conflict');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Alt+t');
    await page.keyboard.press('Enter');
    await newTab.getByText('User').waitFor();
    await screenshot(page, 'keybindings-editor');
    const config = readFileSync(join(server.env.ROZI_CONFIG_DIR as string, 'config.toml'), 'utf8');
    expect(config).toMatch(/\[keys\]\nequalize = "ctrl-a x h"\nnew-tab = "ctrl-a alt-t"/);

    await openWorkspace(page, server.url);
    const tabs = async () => (await workspaceOf(page)).sessions[0]!.tabs.length;
    const before = await tabs();
    await pane(page, 1).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+t');
    await waitFor('a new tab from the rebound key', async () => (await tabs()) === before + 1);
  });

  it('answers a rozi pick from a pane in the browser modal', async () => {
    const { page } = browser;
    await pane(page, (await workspaceOf(page)).sessions[0]!.tabs.at(-1)!.focusedPaneId).click();
    await typeInTerminal(
      page,
      `printf 'main\\nfeature-x\\nfix-y\\n' | "$ROZI_BIN" pick --title "Pick a branch"; echo "picked:$?"\n`,
    );
    const dialog = page.getByRole('dialog', { name: 'Pick a branch' });
    await dialog.waitFor({ timeout: 20_000 });
    await page.keyboard.type('feat');
    await screenshot(page, 'extensions-pick-modal');
    await page.keyboard.press('Enter');
    await waitForText(page, {
      paneId: (await workspaceOf(page)).sessions[0]!.tabs.at(-1)!.focusedPaneId,
      includes: 'feature-x',
    });
  });

  it('manages and removes the extension', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/extensions#installed`);
    const section = page.getByRole('region', { name: 'Clock sidebar' });
    await section.locator('[data-service-state="running"]').waitFor();
    await section.getByRole('button', { name: 'Logs' }).click();
    await section.getByLabel('clock-sidebar log', { exact: true }).waitFor();
    await screenshot(page, 'extensions-manager');
    const hello = page.getByRole('region', { name: 'Hello (Python)' });
    await hello.getByRole('button', { name: 'Remove…' }).click();
    await hello.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await hello.waitFor({ state: 'detached' });
    const list = JSON.parse(await server.cli(['extensions', 'list', '--format', 'json'])) as { id: string }[];
    expect(list.map((e) => e.id)).toEqual(['clock-sidebar']);
    await screenshot(page, 'extensions-manager-removed');
  });

  it('looks right in the light theme too', async () => {
    const { page } = browser;
    await page.evaluate(() =>
      localStorage.setItem(
        'rozi.settings.v1',
        JSON.stringify({ ...JSON.parse(localStorage.getItem('rozi.settings.v1') ?? '{}'), theme: 'light' }),
      ),
    );
    await page.goto(`${server.origin}/extensions`);
    await page.getByRole('button', { name: 'Git branches' }).waitFor();
    await screenshot(page, 'extensions-light-gallery');
    await page.getByRole('button', { name: 'Git branches' }).click();
    await page.getByRole('region', { name: 'Commands' }).waitFor();
    await screenshot(page, 'extensions-light-details');
    // Only the hash differs from the page on screen: reload so the manager opens from its URL.
    await page.goto(`${server.origin}/extensions#installed`);
    await page.reload();
    await page
      .getByRole('region', { name: 'Clock sidebar' })
      .locator('[data-service-state="running"]')
      .waitFor();
    await screenshot(page, 'extensions-light-manager');
    await page.goto(`${server.origin}/settings/keys`);
    // Rows with two chords of two keys each: every chord stays on one line beside its source.
    const row = page.locator('tr[data-action="move-down"]');
    await row.scrollIntoViewIfNeeded();
    const chips = row.locator('kbd');
    expect(await chips.count()).toBe(2);
    for (const chip of await chips.all()) expect((await chip.boundingBox())!.height).toBeLessThanOrEqual(22);
    await screenshot(page, 'keybindings-light');

    // A tab the user placed stays listed, with its place, while its extension is disabled.
    await openWorkspace(page, server.url);
    await page.keyboard.press('Control+Shift+P');
    await page.getByRole('dialog').locator('input').fill('Sidebar tabs');
    await page.keyboard.press('Enter');
    const clock = page.locator('tr[data-tab="clock-sidebar.clock"]');
    await clock.getByLabel('Clock dock').selectOption('left');
    await server.cli(['extensions', 'disable', 'clock-sidebar']);
    await clock.locator('[data-tab-kind="unavailable"]').waitFor({ timeout: 15_000 });
    expect(await clock.getByLabel('clock dock').inputValue()).toBe('left');
    await screenshot(page, 'extensions-sidebar-tabs-unavailable');
  });
  it('the details page installs, then removes, then offers Install again without reopening', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/extensions`);
    await page.getByRole('button', { name: 'Git branches' }).click();
    await page.getByRole('region', { name: 'Commands' }).waitFor();
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByText('Installed and enabled.').waitFor({ timeout: 30_000 });
    await page.getByText(/^Installed · /).waitFor();
    await page.getByRole('button', { name: 'Remove…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove git-branches' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('button', { name: 'Install', exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('Installed and enabled.').count()).toBe(0);
    expect(await page.getByText(/^Installed · /).count()).toBe(0);
    const list = JSON.parse(await server.cli(['extensions', 'list', '--format', 'json'])) as { id: string }[];
    expect(list.map((e) => e.id)).not.toContain('git-branches');
    await screenshot(page, 'extensions-details-removed');
  });
});
