// Settings → config.toml → Sessions in a real browser: one row per [session] key with the value
// the server applies at its next start (the file's, or rozi's default marked as such) and a bad
// value's warning; a hand edit of the file reaches the open page; each key is edited from the
// row through the same locked write as the theme (comments kept), a bad path is refused in one
// line with the file untouched, and "Default" removes the key. The [notifications] / [sounds]
// rows (Notices and sounds) edit the file the same way; config.toml → Rules lists [[rules]] once
// (the editor's rows say where the server sends each pane).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../lib/browser';
import { configServer } from '../lib/configServer';
import { waitFor } from '../lib/terminalText';

const env = configServer({
  text: '[session]\nautosave = true\npath = "~/layouts/web.toml"\nstartup = "sometimes"\n',
});

const rows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-session-key]')].map(
      (li) => `${li.dataset.sessionKey} ${li.dataset.sessionValue} ${li.dataset.sessionSource}`,
    ),
  );

describe('Settings [session] rows', () => {
  it('shows each [session] key with its value, where it comes from, and a bad value in one line', async () => {
    const { page } = env.browser;
    await page.goto(env.server.url); // the token URL sets the session cookie
    await page.goto(new URL('/settings#session', env.server.url).toString());
    await page.locator('[data-session-key="startup"]').waitFor({ timeout: 60_000 });
    const shown = await rows(page);
    expect(shown[0]).toBe('resurrect true default');
    expect(shown[1]).toBe('autosave true config.toml');
    expect(shown[2]).toBe(`path ${join(env.server.home, 'layouts', 'web.toml')} config.toml`);
    // "sometimes" is not a startup mode: rozi's default is in force, with the warning.
    expect(shown[3]).toBe('startup picker config.toml');
    const problems = page.locator('[aria-label="[session] problems"] li');
    expect(await problems.count()).toBe(1);
    expect(await problems.innerText()).toContain(
      '[session] startup must be one of picker, ephemeral, last, profile',
    );
    await page.locator('#session').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-session');

    writeFileSync(env.configFile, '[session]\nresurrect = false\nstartup = "profile"\n');
    await waitFor(
      'the edit reaches the page',
      async () => {
        const r = await rows(page);
        return (
          r[0]?.startsWith('resurrect false config.toml') && r[3]?.startsWith('startup profile config.toml')
        );
      },
      60_000,
    );
    expect(await problems.count()).toBe(0);
    expect((await rows(page))[1]).toBe('autosave false default');
  }, 240_000);

  it('edits each key from its row: kept comments, a bad path refused in one line, Default removes', async () => {
    const { page } = env.browser;
    writeFileSync(env.configFile, '# my session habits\n[session]\nresurrect = false # keep it quiet\n');
    await page.goto(new URL('/settings#session', env.server.url).toString());
    const row = (key: string) => page.locator(`[data-session-key="${key}"]`);
    const rowIs = (key: string, want: string) =>
      waitFor(`${key} reads ${want}`, async () => (await rows(page)).includes(`${key} ${want}`), 60_000);
    await rowIs('resurrect', 'false config.toml');

    await row('autosave').locator('select').selectOption('true');
    await rowIs('autosave', 'true config.toml');
    await row('startup').locator('select').selectOption('profile');
    await rowIs('startup', 'profile config.toml');
    await row('resurrect').locator('select').selectOption('');
    await rowIs('resurrect', 'true default');
    let text = readFileSync(env.configFile, 'utf8');
    expect(text.startsWith('# my session habits\n[session]\n')).toBe(true);
    expect(text).toContain('autosave = true');
    expect(text).toContain('startup = "profile"');
    expect(text).not.toContain('resurrect');

    // A relative path: one line under the rows, nothing written, the typed text kept.
    const path = row('path').locator('input');
    await path.fill('layouts/web.toml');
    await row('path').locator('[data-session-save]').click();
    const error = page.locator('[data-session-error]');
    await error.waitFor({ timeout: 60_000 });
    expect((await error.innerText()).split('\n')).toHaveLength(1);
    expect(await error.innerText()).toContain('[session] path must be an absolute path or start with ~/');
    expect(readFileSync(env.configFile, 'utf8')).toBe(text);
    expect(await path.inputValue()).toBe('layouts/web.toml');

    await path.fill('~/saved/layout.toml');
    await path.press('Enter');
    await rowIs('path', `${join(env.server.home, 'saved', 'layout.toml')} config.toml`);
    expect(await error.count()).toBe(0);
    text = readFileSync(env.configFile, 'utf8');
    expect(text).toContain('path = "~/saved/layout.toml"');
    await page.locator('#session').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-session-edit');

    await row('path').locator('[data-session-default]').click();
    await rowIs('path', `${join(env.server.home, '.local', 'state', 'rozi', 'session.toml')} default`);
    expect(readFileSync(env.configFile, 'utf8')).not.toContain('path =');
  }, 240_000);

  it('edits [notifications] and [sounds] from their rows: comments kept, Default removes, hand edits shown', async () => {
    const { page } = env.browser;
    writeFileSync(env.configFile, '# notices\n[notifications]\npane_done = false # quiet turns\n');
    await page.goto(new URL('/settings#notices-config', env.server.url).toString());
    const select = (key: string) => page.locator(`[data-setting="${key}"]`);
    const reads = (key: string, want: string) =>
      waitFor(`${key} reads '${want}'`, async () => (await select(key).inputValue()) === want, 60_000);
    const fileHas = (what: RegExp) =>
      waitFor(
        `config.toml matches ${what}`,
        async () => what.test(readFileSync(env.configFile, 'utf8')),
        60_000,
      );
    await reads('notifications.pane_done', 'off');
    expect(await select('notifications.pane_exit').inputValue()).toBe('');
    expect(await select('sounds.throttle_ms').inputValue()).toBe('2000');

    await select('notifications.pane_exit').selectOption('on');
    await fileHas(/\[notifications\]\npane_done = false # quiet turns\npane_exit = true\n/);
    await reads('notifications.pane_exit', 'on');
    await select('sounds.done').selectOption('off');
    await fileHas(/\[sounds\]\ndone = false/);
    await reads('sounds.done', 'off');
    await select('sounds.throttle_ms').selectOption('5000');
    await fileHas(/throttle_ms = 5000/);
    await reads('sounds.throttle_ms', '5000');
    await select('notifications.pane_done').selectOption('');
    await fileHas(/^(?![\s\S]*pane_done)/);
    await reads('notifications.pane_done', '');
    const text = readFileSync(env.configFile, 'utf8');
    expect(text.startsWith('# notices\n[notifications]\n')).toBe(true);
    expect(await page.locator('[data-behaviour-error]').count()).toBe(0);
    await page.locator('#notices-config').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-notices-sounds');

    // A hand edit reaches the open page; a throttle Settings does not offer is listed as written.
    writeFileSync(
      env.configFile,
      [
        '[sounds]\nenabled = true\nthrottle_ms = 777\n',
        '[[rules]]\nmatch = "btop"\nfloat = true\nwidth = 0.7\nheight = 0.5\nposition = "cursor"\n',
        '[[rules]]\nmatch_regex = "^cargo\\\\s"\nworkspace = 9\nfocus = false\n',
        '[[rules]]\nmatch = "htop"\nfloat = "yes"\n',
      ].join('\n'),
    );
    await reads('sounds.enabled', 'on');
    await reads('sounds.throttle_ms', '777');
    expect(await select('notifications.pane_exit').inputValue()).toBe('');
    // [[rules]] under config.toml → Rules, listed once: each entry as written, in order, with where
    // the server sends its pane, and a skipped one's reason on its own row.
    const rules = page.locator('[aria-label="[[rules]] entries"] li');
    await waitFor('three rules listed', async () => (await rules.count()) === 3, 60_000);
    expect(await rules.locator('[data-entry-detail]').allInnerTexts()).toEqual([
      '→ floating 70% × 50% at cursor, in the current workspace',
      '→ tiled, in workspace 9, without taking the focus',
      'tiled',
    ]);
    expect(await rules.evaluateAll((li) => li.map((l) => (l as HTMLElement).dataset.entry))).toEqual([
      'btop',
      '/^cargo\\s/',
      'htop',
    ]);
    const ruleProblems = await page
      .locator('[data-entry-editor="rules"] [data-entry-problem]')
      .allInnerTexts();
    expect(ruleProblems).toEqual(['Skipped by the server: float must be true or false']);
    expect(await page.locator('[aria-label="[[rules]]"]').count()).toBe(0);
    await page.locator('#rules').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-rules');
  }, 240_000);
});
