// Settings → config.toml edits what was file-only (issue 18): shell, cwd, scrollback, [pane]
// hold_on_exit, [environment] forward, [scratchpad], [logging] and [[hooks]], in a real browser
// and a real server. Each save goes through the same locked, comment-keeping edit as
// `rozi config set` (the user's comments kept), a bad value is refused in one line under its
// field with the file unchanged, the Undo toast puts the file back byte for byte, and an edit made
// with the CLI reaches the open page.
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../lib/browser';
import { configServer } from '../lib/configServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

const START =
  '# my rozi config: hand-written, keep this comment\nshell = "/bin/sh" # mine\n\n[theme]\nname = "dracula"\n';
const env = configServer({ text: START });

const field = (page: Page, key: string) => page.locator(`[data-config-key="${key}"]`);

async function save(page: Page, key: string, text: string): Promise<void> {
  await field(page, key).fill(text);
  await field(page, key).press('Enter');
}

/** The one-line refusal under a field (the Field's alert). */
const refusal = (page: Page, key: string) =>
  page.locator(`form:has([data-config-key="${key}"]) + p[role="alert"]`);

describe('Settings edits config.toml keys that were file-only', () => {
  it('saves, refuses, undoes and follows the CLI', async () => {
    const { page } = env.browser;
    await openWorkspace(page, env.server.url);
    await page.goto(new URL('/settings#panes', env.server.url).toString());
    await waitFor(
      'shell read from the file',
      async () => (await field(page, 'shell').inputValue()) === '/bin/sh',
    );

    // A bad value: one line under the field, nothing written.
    await save(page, 'scrollback', '0');
    await refusal(page, 'scrollback').waitFor();
    expect(await refusal(page, 'scrollback').innerText()).toBe(
      'scrollback must be a whole number from 1 to 1000000, got 0',
    );
    expect(env.file()).toBe(START);
    await save(page, 'cwd', '/no/such/dir');
    await refusal(page, 'cwd').waitFor();
    expect(await refusal(page, 'cwd').innerText()).toMatch(/^cwd must be a directory on this machine/);
    expect(env.file()).toBe(START);

    // A good one: written after the top-level keys, comments kept; the Undo toast puts it back.
    await save(page, 'scrollback', '8000');
    const toast = page.locator('[data-undo-toast]');
    await waitFor('toast', async () => (await toast.getAttribute('data-undo-toast')) === 'Set scrollback');
    expect(env.file()).toBe(START.replace('# mine\n', '# mine\nscrollback = 8000\n'));
    await screenshot(page, 'settings-keys-saved');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await waitFor('undone', async () => env.file() === START);
    await waitFor(
      'field follows the undo',
      async () => (await field(page, 'scrollback').inputValue()) === '',
    );

    await page.locator('select[data-setting="pane.hold_on_exit"]').selectOption('on');
    await save(page, 'environment.forward', 'GITHUB_TOKEN, AWS_PROFILE');
    await waitFor('forward written', async () => env.file().includes('forward'));
    await save(page, 'scratchpad.height', '0.5');
    await waitFor('height written', async () => env.file().includes('height = 0.5'));
    await save(page, 'logging.max_bytes', '1000000');
    await waitFor('max_bytes written', async () => env.file().includes('max_bytes = 1000000'));
    const text = env.file();
    expect(
      text.startsWith('# my rozi config: hand-written, keep this comment\nshell = "/bin/sh" # mine\n'),
    ).toBe(true);
    expect(text).toContain('[pane]\nhold_on_exit = true\n');
    expect(text).toMatch(/\[environment\]\nforward = \[\s*"GITHUB_TOKEN", "AWS_PROFILE"\s*\]/);
    expect(text).toContain('[scratchpad]\nheight = 0.5\n');
    expect(text).toContain('[logging]\nmax_bytes = 1000000\n');
    // The cwd refusal stays until the field is typed in again; then a directory that exists saves.
    expect(await refusal(page, 'cwd').count()).toBe(1);
    await save(page, 'cwd', '~');
    await waitFor('cwd written', async () => env.file().includes('cwd = "~"'));
    expect(await refusal(page, 'cwd').count()).toBe(0);
    // (Next's route announcer is an empty alert: only words count.)
    expect((await page.locator('[role="alert"]').allInnerTexts()).filter((t) => t.trim())).toEqual([]);

    // The CLI's edit reaches the open page (config-reloaded), and so does its unset.
    await env.server.cli(['config', 'set', 'scrollback', '12345']);
    await waitFor('CLI edit shown', async () => (await field(page, 'scrollback').inputValue()) === '12345');
    await page.locator('#panes').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-panes-keys');
    await page.locator('#scratchpad').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-scratchpad-logging');
  }, 240_000);

  it('adds a hook, refuses a bad one, and lists rules once with where they send a pane', async () => {
    const { page } = env.browser;
    writeFileSync(
      env.configFile,
      `${env.file()}\n# rules\n[[rules]]\nmatch = "htop"\nfloat = true\nwidth = 0.7\n`,
    );
    await page.goto(new URL('/settings#hooks', env.server.url).toString());
    const hooks = page.locator('[data-entry-editor="hooks"]');
    await hooks.locator('[data-entries-empty]').waitFor();

    await hooks.getByRole('button', { name: 'Add hook' }).click();
    const form = page.locator('[data-entry-form="hooks"]');
    await form.getByLabel('run (a shell command)', { exact: true }).fill('echo ding');
    await form.getByRole('button', { name: 'Add hook' }).click();
    const error = form.locator('[data-entry-error]');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/^"event" must be one of agent-state-changed, /);
    const before = env.file();
    expect(before).not.toContain('[[hooks]]');

    await form.getByLabel('event', { exact: true }).selectOption('bell');
    await form.getByLabel('filter state (optional)', { exact: true }).fill('blocked, done');
    await form.getByRole('button', { name: 'Add hook' }).click();
    await waitFor('hook written', async () => env.file().includes('[[hooks]]'));
    expect(env.file()).toBe(
      `${before}\n[[hooks]]\nevent = "bell"\nrun = "echo ding"\nfilter = { state = ["blocked", "done"] }\n`,
    );
    const row = hooks.locator('li[data-entry="bell"]');
    await row.waitFor();
    expect(await row.locator('[data-entry-detail]').innerText()).toBe('run echo ding · state blocked, done');
    await hooks.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-hooks-editor');

    // [[rules]]: one list, the editor's, saying where the server sends the pane.
    const rules = page.locator('[aria-label="[[rules]] entries"] li');
    await rules.first().waitFor();
    expect(await rules.locator('[data-entry-detail]').allInnerTexts()).toEqual([
      '→ floating 70% × 60% at center, in the current workspace',
    ]);
    await page.locator('#rules').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-rules-once');
  }, 240_000);
});
