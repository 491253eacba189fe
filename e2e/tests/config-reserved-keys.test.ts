// Browser-reserved chords (issue 18.4): a [keys] binding on Ctrl+W never reaches the page, so the
// keybinding editor says what the browser does with it and offers the nearest free chord, and
// `rozi config check` says the same with the line. One click on "Use …" binds the suggestion
// (config.toml rewritten, the row no longer reserved), and a recorded chord that another action
// holds offers the nearest free one, bound in one click as well.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../lib/browser';
import { configServer } from '../lib/configServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

const env = configServer({ text: '# my keys\n[keys]\nclose-pane = "ctrl-w"\n' });

describe('browser-reserved chords', () => {
  it('the keybinding editor marks Ctrl+W and offers a free chord', async () => {
    const { page } = env.browser;
    await openWorkspace(page, env.server.url);
    await page.goto(`${env.server.origin}/settings/keys`);
    const note = page.locator('[data-browser-reserved="ctrl-w"]').first();
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toMatch(/The browser keeps .*W \(it closes the tab\); try .*Alt.*W/);
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'keys-browser-reserved');
  }, 90_000);

  it('"Use …" binds the suggestion in one click, for a reserved chord and a conflicting one', async () => {
    const { page } = env.browser;
    const row = page.locator('tr[data-action="close-pane"]');
    const use = row.locator('[data-browser-reserved="ctrl-w"] [data-use-suggestion]');
    await use.waitFor({ timeout: 30_000 });
    const suggestion = (await use.getAttribute('data-use-suggestion')) as string;
    expect(suggestion).toBe('ctrl-alt-w');
    await use.click();
    await waitFor(
      'close-pane bound to the suggestion',
      async () => readFileSync(env.configFile, 'utf8').includes(`close-pane = "${suggestion}"`),
      30_000,
    );
    expect(readFileSync(env.configFile, 'utf8').startsWith('# my keys\n[keys]\n')).toBe(true);
    await waitFor(
      'the row no longer reserved',
      async () => (await row.locator('[data-browser-reserved]').count()) === 0,
      30_000,
    );

    // Record a chord another action holds (prefix %, split right): the editor names the conflict
    // and offers a free chord near it.
    await row.getByRole('button', { name: /^Change / }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('%');
    const alert = row.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.innerText()).toContain('Conflicts with');
    const way = row.locator('[data-use-suggestion]');
    await way.waitFor({ timeout: 10_000 });
    const free = (await way.getAttribute('data-use-suggestion')) as string;
    expect(free).toBe('ctrl-a alt-%');
    await way.scrollIntoViewIfNeeded();
    await screenshot(page, 'keys-use-suggestion');
    await way.click();
    await waitFor(
      'close-pane bound to the free chord',
      async () => readFileSync(env.configFile, 'utf8').includes(`close-pane = "${free}"`),
      30_000,
    );
    await waitFor(
      'the row shows it, active',
      async () => (await row.locator('[data-key-state]').allInnerTexts()).join() === 'active',
      30_000,
    );
  }, 120_000);
});
