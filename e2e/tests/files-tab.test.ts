// The Files and Git sidebar tabs (issue 20 item 5) against a real server, a real shell and the
// real git: the Files tab follows the focused pane into a repository, shows git markers and a
// symlink loop as such, and opens a file from the keyboard (↓, → to expand, Enter) in $EDITOR in a
// new pane with the path as $ROZI_FILE; the Git tab shows the branch and changed files and follows
// a `git checkout` typed in the pane; the Panes tab lists the panes by workspace and focuses one.
// Screenshots: e2e/screenshots/files-tab-*.png.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';
import { TEST_GIT_ENV } from '../../apps/server/test/testGit';

let server: RoziServer;
let browser: Browser;
let repo: string;
let tools: string;

const gitEnv = TEST_GIT_ENV;

beforeAll(async () => {
  tools = mkdtempSync(join(tmpdir(), 'rozi-files-e2e-'));
  // A stand-in editor: says which file it got (argument and $ROZI_FILE), then waits like an editor.
  const editor = join(tools, 'fake-editor');
  writeFileSync(editor, '#!/bin/sh\necho "EDITING $1 ROZI_FILE=$ROZI_FILE"\ncat "$1"\nsleep 300\n');
  chmodSync(editor, 0o755);
  server = await startRozi({ env: { EDITOR: editor, VISUAL: '' } });
  repo = join(server.home, 'project');
  mkdirSync(join(repo, 'src'), { recursive: true });
  writeFileSync(join(repo, 'src', 'app.ts'), 'export const answer = 42;\n');
  writeFileSync(join(repo, 'README.md'), 'one\n');
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-qm', 'first'],
  ])
    execFileSync('git', args, { cwd: repo, env: gitEnv });
  writeFileSync(join(repo, 'README.md'), 'one\ntwo\n');
  writeFileSync(join(repo, 'new.txt'), 'new\n');
  symlinkSync('.', join(repo, 'loop'));
  browser = await openBrowser({ viewport: { width: 1280, height: 800 } });
  await openWorkspace(browser.page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  rmSync(tools, { recursive: true, force: true });
});

describe('Files and Git sidebar tabs', () => {
  it('roots the Files tab at the pane’s directory and opens a file from the keyboard', async () => {
    const { page } = browser;
    const panel = page.locator('aside').first().locator('section[data-panel="2"]');
    await panel.getByRole('tab', { name: 'Files' }).waitFor({ timeout: 30_000 });
    const files = panel.locator('[data-builtin-tab="files"]');
    await files.waitFor({ timeout: 15_000 });

    // Once in a CI run the `cd` typed here never reached the shell (the tree stayed at HOME for
    // 20 s while the next test's typing worked): type only once the pane's terminal has the
    // focus, and see the command echoed before waiting on the tree.
    await page.locator('section[data-pane-id="1"] .xterm-screen').click();
    await waitFor('the terminal focused', () =>
      page.evaluate(() => document.activeElement?.closest('section[data-pane-id="1"]') != null),
    );
    await typeInTerminal(page, `cd ${repo}\n`);
    await waitForText(page, { paneId: 1, includes: `cd ${repo}` });
    await waitFor(
      'the tree rooted at the repository',
      async () => (await files.locator('[data-files-root]').getAttribute('data-files-root')) === repo,
      20_000,
    );
    const tree = files.getByRole('tree', { name: 'Files' });
    await tree
      .locator('button[data-rel="README.md"][data-kind="file"] [data-marker="M"]')
      .waitFor({ timeout: 15_000 });
    await tree.locator('button[data-rel="new.txt"] [data-marker="?"]').waitFor();
    expect(await tree.locator('button[data-rel="loop"]').innerText()).toContain('symlink loop');

    // Keyboard only from here: the first row takes focus, ↓ walks, → opens src, ↓ into it, Enter.
    const panesBefore = await page.locator('section[data-pane-id]').count();
    await tree.locator('button[data-rel]').first().focus();
    const focusedRel = () =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.rel ?? null);
    for (let i = 0; i < 5 && (await focusedRel()) !== 'src'; i++) await page.keyboard.press('ArrowDown');
    expect(await focusedRel()).toBe('src');
    await page.keyboard.press('ArrowRight');
    await tree.locator('button[data-rel="src/app.ts"]').waitFor({ timeout: 10_000 });
    expect(await tree.locator('button[data-rel="src"]').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowRight'); // an open directory: → steps to its first child
    expect(await focusedRel()).toBe('src/app.ts');
    await screenshot(page, 'files-tab-tree');
    await page.keyboard.press('Enter');
    await waitFor(
      'a new pane for the editor',
      async () => (await page.locator('section[data-pane-id]').count()) === panesBefore + 1,
      20_000,
    );
    const file = join(repo, 'src', 'app.ts');
    const shown = await waitForText(page, { includes: 'export const answer = 42;', timeoutMs: 20_000 });
    // The narrow new pane wraps the line: compare without the wraps.
    expect(shown.replace(/\n/g, '')).toContain(`EDITING ${file} ROZI_FILE=${file}`);
    await screenshot(page, 'files-tab-opened');

    // ← on a file steps to its directory; ← again closes it.
    await tree.locator('button[data-rel="src/app.ts"]').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focusedRel()).toBe('src');
    await page.keyboard.press('ArrowLeft');
    await waitFor(
      'src closed',
      async () => (await tree.locator('button[data-rel="src/app.ts"]').count()) === 0,
    );
  });

  it('shows the branch and changed files in the Git tab and follows a git checkout in the pane', async () => {
    const { page } = browser;
    const panel = page.locator('aside').first().locator('section[data-panel="2"]');
    // Back to the shell (pane 1), which sits in the repository.
    await page.locator('section[data-pane-id="1"] .xterm-screen').click();
    await panel.getByRole('tab', { name: 'Git' }).click();
    const git = panel.locator('[data-builtin-tab="git"]');
    await git.locator('[data-git-branch="main"]').waitFor({ timeout: 20_000 });
    await git.locator('button[data-path="README.md"][data-marker="M"]').waitFor();
    expect(await git.locator('button[data-path="README.md"]').innerText()).toContain('+1 -0');
    await git.locator('button[data-path="new.txt"][data-marker="?"]').waitFor();
    await screenshot(page, 'files-tab-git');

    await page.locator('section[data-pane-id="1"] .xterm-screen').click();
    await typeInTerminal(page, 'git checkout -q -b feature\n');
    const t0 = Date.now();
    await git.locator('[data-git-branch="feature"]').waitFor({ timeout: 15_000 });
    console.log(`git tab followed the checkout in ${Date.now() - t0} ms`);
    await typeInTerminal(page, 'git add -A && git -c user.name=t -c user.email=t@t commit -qm two\n');
    await git.getByText('No changes').waitFor({ timeout: 15_000 });
    await screenshot(page, 'files-tab-git-checkout');
  });

  it('lists the session’s panes by workspace in the Panes tab; Enter focuses one', async () => {
    const { page } = browser;
    const panel = page.locator('aside').first().locator('section[data-panel="2"]');
    await panel.getByRole('tab', { name: 'Panes' }).click();
    const panes = panel.locator('[data-builtin-tab="panes"]');
    const group = panes.getByRole('group', { name: 'Workspace 1' });
    await group.waitFor({ timeout: 15_000 });
    const rows = group.locator('button[data-pane]');
    await waitFor('two pane rows', async () => (await rows.count()) === 2);
    // The shell's row is named by its directory's leaf and shows the directory beneath.
    const shell = rows.first();
    expect(await shell.innerText()).toContain('project');
    expect(await rows.nth(1).innerText()).toContain('app.ts');
    // Focus the editor pane from the keyboard: ↓ to its row, Enter.
    await shell.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitFor(
      'pane 2 focused',
      async () => (await page.locator('section[data-pane-id="2"]').getAttribute('data-focused')) !== null,
    );
    await waitFor(
      'its row marked current',
      async () => (await rows.nth(1).getAttribute('aria-current')) === 'true',
    );
    await screenshot(page, 'files-tab-panes');
  });
});
