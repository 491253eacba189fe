// Extension sidebar tabs drawn in the browser's docks (issue 7 item 8), against a real server:
// clock-sidebar (a supervised service feeding a stream tab through `rozi sidebar publish`, suggested
// for the right dock) and git-status-tab (a command tab run in the focused pane's folder, re-listed
// when that folder changes, group_prefix headers, click → `send` into the pane), both installed
// with `rozi extensions install --link`. Keyboard reach, a placement change from Sidebar tabs…,
// and the light theme are checked too. Screenshots go to e2e/screenshots/sidebar-tabs-*.png.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';
import { TEST_GIT_ENV } from '../../apps/server/test/testGit';

let server: RoziServer;
let browser: Browser;
let repo: string;

const gitEnv = TEST_GIT_ENV;

beforeAll(async () => {
  server = await startRozi();
  repo = join(server.home, 'project');
  mkdirSync(repo, { recursive: true });
  writeFileSync(join(repo, 'notes.txt'), 'one\n');
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-qm', 'first'],
  ])
    execFileSync('git', args, { cwd: repo, env: gitEnv });
  writeFileSync(join(repo, 'notes.txt'), 'two\n');
  for (const name of ['clock-sidebar', 'git-status-tab'])
    await server.cli(['extensions', 'install', '--link', join(REPO_ROOT, 'examples', 'extensions', name)]);
  // An entries tab (suggested: left dock, panel 2) with a `run` entry, and a preset moving it right.
  const launcher = join(server.home, 'launcher');
  mkdirSync(launcher);
  writeFileSync(
    join(launcher, 'extension.toml'),
    [
      '[extension]\nid = "launcher"\napi = 1\n',
      '[[sidebar_tabs]]\nname = "go"\nlabel = "Launch"\nsuggested_location = { dock = "left", panel = 2 }\nentries = [\n  { label = "Say hello", group = "Demo", run = "echo hello-from-$ROZI_ROW; sleep 60" },\n  { label = "Plain entry", send = "true" },\n]\n',
      '[[sidebar_presets]]\nname = "review"\nlabel = "Review"\nlayout = { right = { panel_count = 2, panels = [{ weight = 1.0, tabs = ["go"] }, { weight = 1.0, tabs = [] }] } }\n',
    ].join('\n'),
  );
  await server.cli(['extensions', 'install', '--link', launcher]);
  // A link handler for https links, recording the link context it receives.
  const linker = join(server.home, 'linker');
  mkdirSync(linker);
  writeFileSync(
    join(linker, 'extension.toml'),
    '[extension]\nid = "linker"\napi = 1\n\n[[commands]]\nid = "open"\nlabel = "Open"\nexec = ["sh", "-c", "env | grep ^ROZI_ > \\"$ROZI_EXTENSION_STATE_DIR/link.env\\""]\n\n[[link_handlers]]\nschemes = ["https"]\ncommand = "open"\n',
  );
  await server.cli(['extensions', 'install', '--link', linker]);
  browser = await openBrowser({ viewport: { width: 1280, height: 800 } });
  await openWorkspace(browser.page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('extension sidebar tabs', () => {
  it('draws the stream tab in the right dock with the rows its service publishes', async () => {
    const { page } = browser;
    const right = page.locator('aside[aria-label="Right sidebar"]');
    await right.getByRole('tab', { name: 'Clock' }).waitFor({ timeout: 30_000 });
    const clock = right.locator('[data-extension-tab="clock-sidebar.clock"]');
    // The service publishes every 2 s; two different uptimes prove the rows are live.
    const uptime = async () =>
      (
        await clock
          .locator('[data-row="uptime"]')
          .innerText({ timeout: 1000 })
          .catch(() => '')
      ).trim();
    const first = await waitFor(
      'a published uptime row',
      async () => /^up \d+ s$/.test(await uptime()) && (await uptime()),
      30_000,
    );
    await waitFor(
      'a newer snapshot',
      async () => (await uptime()) !== first && /^up \d+ s$/.test(await uptime()),
      15_000,
    );
    await clock.getByRole('heading', { name: 'Service' }).waitFor();
    await clock.locator('[data-row="pid"]').waitFor();
    await screenshot(page, 'sidebar-tabs-stream');
  });

  it('lists a command tab in the focused pane’s folder, re-lists on cd, and a click sends the row into the pane', async () => {
    const { page } = browser;
    const left = page.locator('aside').first();
    const changesTab = left.getByRole('tab', { name: 'Changes' });
    await changesTab.waitFor({ timeout: 15_000 });
    // Keyboard: the Sessions tab is selected; ArrowRight moves to Changes.
    await left.getByRole('tab', { name: 'Sessions' }).focus();
    await page.keyboard.press('ArrowRight');
    await waitFor(
      'Changes selected',
      async () => (await changesTab.getAttribute('aria-selected')) === 'true',
    );
    const body = left.locator('[data-extension-tab="git-status-tab.changes"]');
    // The first pane starts in HOME, which is not a repository: a group_prefix status line.
    await body.getByRole('heading', { name: 'not a git repository' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'sidebar-tabs-command-empty');

    await page.locator('.xterm-helper-textarea').first().focus();
    await typeInTerminal(page, `cd ${repo}\n`);
    // The cwd change re-runs the tab at once (well inside its 10 s interval).
    await body.getByRole('heading', { name: 'main' }).waitFor({ timeout: 8_000 });
    const row = body.locator('[data-row="notes.txt"]');
    await row.waitFor();
    await screenshot(page, 'sidebar-tabs-command');

    await row.click();
    // on_click = { send = "git diff -- {line}" }: the row's line typed into the focused pane.
    await waitForText(page, { includes: 'git diff -- notes.txt' });
    await screenshot(page, 'sidebar-tabs-clicked');
  });

  it('moves a tab to another dock from Sidebar tabs…, and reads well in the light theme', async () => {
    const { page } = browser;
    await page
      .locator('aside[aria-label="Right sidebar"]')
      .getByRole('button', { name: 'Sidebar tabs…' })
      .click();
    await page.getByRole('dialog').getByLabel('Changes dock').selectOption('right');
    await page.getByRole('dialog').getByLabel('Changes panel').selectOption('2');
    await page.keyboard.press('Escape');
    const right = page.locator('aside[aria-label="Right sidebar"]');
    await right.locator('section[data-panel="2"]').getByRole('tab', { name: 'Changes' }).waitFor();
    expect(await page.locator('aside').first().getByRole('tab', { name: 'Changes' }).count()).toBe(0);
    await page.evaluate(() => {
      const key = 'rozi.settings.v1';
      const current = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...current, theme: 'light' }));
    });
    await openWorkspace(page, server.url);
    await right.locator('section[data-panel="2"] [data-row="notes.txt"]').waitFor({ timeout: 20_000 });
    await right.locator('[data-row="uptime"]').waitFor({ timeout: 20_000 });
    await screenshot(page, 'sidebar-tabs-light');
  });

  it('draws an entries tab with its groups; a run entry opens a pane; a preset moves the tab', async () => {
    const { page } = browser;
    const panel2 = page.locator('aside').first().locator('section[data-panel="2"]');
    await panel2.getByRole('tab', { name: 'Launch' }).waitFor({ timeout: 15_000 });
    // Panel 2 opens on the built-in Files tab (it comes first); the launcher is a click away.
    await panel2.getByRole('tab', { name: 'Launch' }).click();
    const body = panel2.locator('[data-extension-tab="launcher.go"]');
    await body.getByRole('heading', { name: 'Demo' }).waitFor();
    const panesBefore = await page.locator('section[data-pane-id]').count();
    await body.getByRole('button', { name: 'Say hello' }).click();
    await waitFor(
      'a pane opened beside the focused one',
      async () => (await page.locator('section[data-pane-id]').count()) === panesBefore + 1,
    );
    await page
      .locator('.xterm-accessibility-tree')
      .filter({ hasText: 'hello-from-Say hello' })
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'sidebar-tabs-entries');
    await page
      .locator('aside[aria-label="Right sidebar"]')
      .getByRole('button', { name: 'Sidebar tabs…' })
      .first()
      .click();
    await page.getByRole('dialog').getByLabel('Sidebar layout preset').selectOption('launcher.review');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await page.keyboard.press('Escape');
    await page
      .locator('aside[aria-label="Right sidebar"] section[data-panel="1"]')
      .getByRole('tab', { name: 'Launch' })
      .waitFor();
    expect(await page.locator('aside').first().getByRole('tab', { name: 'Launch' }).count()).toBe(0);
    await screenshot(page, 'sidebar-tabs-preset');
  });

  it('a link clicked in a terminal goes to the extension link handler with ROZI_URL and the source pane', async () => {
    const { page } = browser;
    // Pane 1 (its shell), not the run pane the previous test opened.
    const paneId = '1';
    const scope = page.locator('section[data-pane-id="1"]');
    await scope.locator('.xterm-screen').click();
    await waitFor('pane 1 focused', async () => (await scope.getAttribute('data-focused')) !== null);
    await page.keyboard.press('Control+c'); // drop what the earlier click typed on the line
    await typeInTerminal(page, 'clear; echo https://example.com/rozi-link-test\n');
    const row = scope
      .locator('.xterm-accessibility-tree > div')
      .filter({ hasText: /^https:\/\/example\.com\/rozi-link-test/ })
      .first();
    await row.waitFor({ timeout: 10_000 });
    const box = await scope.locator('.xterm-screen').boundingBox();
    const rowBox = await row.boundingBox();
    if (!box || !rowBox) throw new Error('no terminal geometry');
    const x = box.x + 40;
    const y = rowBox.y + rowBox.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.move(x + 2, y);
    await page.mouse.click(x + 2, y);
    const file = join(server.env.ROZI_STATE_DIR as string, 'extensions', 'linker', 'link.env');
    const env = await waitFor(
      'the link handler ran',
      async () => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
      15_000,
    );
    expect(env).toContain('ROZI_URL=https://example.com/rozi-link-test');
    expect(env).toContain(`ROZI_SOURCE_PANE=${paneId}`);
    expect(env).toMatch(/ROZI_SOURCE_SESSION=\S+/);
    await screenshot(page, 'sidebar-tabs-link-handler');
  });

  it('draws a config.toml [[sidebar.tabs]] command tab, picked up from an edit while the page is open', async () => {
    const { page } = browser;
    // Written after start: the config watcher (directory watch) must bring it in without a reload.
    writeFileSync(
      join(server.home, '.config', 'rozi', 'config.toml'),
      '[[sidebar.tabs]]\nname = "mine"\nlabel = "Mine"\ncommand = "echo \'## From config\'; echo config-row-one; echo config-row-two"\ngroup_prefix = "## "\n',
    );
    const left = page.locator('aside').first();
    const tab = left.getByRole('tab', { name: 'Mine' });
    await tab.waitFor({ timeout: 20_000 });
    await tab.click();
    const body = left.locator('[data-extension-tab="mine"]');
    await body.getByText('config-row-two').waitFor({ timeout: 20_000 });
    await body.getByRole('heading', { name: 'From config' }).waitFor();
    await screenshot(page, 'sidebar-tabs-config');
  });
});
