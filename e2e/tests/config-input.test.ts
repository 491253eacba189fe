// config.toml [input] in a real browser: `prefix = "ctrl-b"` written by hand moves every leader
// binding of the open page (Ctrl+B % splits, Ctrl+A is typed into the shell); the which-key
// strip lists what can follow the prefix after the configured delay; Settings saves the prefix
// into the file and a bad chord is refused in one line with the file unchanged. The held-modifier
// layer (rozi's default: on, Alt): Alt+% splits in one press; Settings turns it off (Alt+% then
// reaches the shell) and moves it to Super (Meta+% splits).
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../lib/browser';
import { configServer } from '../lib/configServer';
import { waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

const env = configServer({ text: '# keys\n[input]\nprefix = "ctrl-b"\nwhich_key = "instant"\n' });

const panes = async () => (await workspaceOf(env.browser.page)).panes.length;

describe('[input] from config.toml', () => {
  it('the prefix and the which-key strip follow the file; Settings writes it back', async () => {
    const { page } = env.browser;
    await openWorkspace(page, env.server.url);
    await page.locator('.xterm').first().click();
    await page.keyboard.press('Control+b');
    const strip = page.locator('[data-which-key]');
    await strip.waitFor({ timeout: 5_000 });
    expect(await strip.innerText()).toContain('Split pane right');
    await screenshot(page, 'which-key-strip');
    await page.keyboard.press('Shift+Digit5');
    await strip.waitFor({ state: 'detached' });
    await waitFor('split by ctrl-b %', async () => (await panes()) === 2);

    // A hand edit back to ctrl-a: the open page follows without a reload.
    writeFileSync(env.configFile, '# keys\n[input]\nprefix = "ctrl-a"\nwhich_key = "off"\n');
    await waitFor('prefix ctrl-a in the status line', async () =>
      (await page.locator('footer').innerText()).includes('Ctrl+A'),
    );
    await page.locator('.xterm').first().click();
    await page.keyboard.press('Control+a');
    await page.waitForTimeout(400);
    expect(await strip.count()).toBe(0);
    await page.keyboard.press('Shift+Digit5');
    await waitFor('split by ctrl-a %', async () => (await panes()) === 3);
    // [input] modifier_shortcuts is on unless the file says otherwise: held Alt + % splits at once.
    await page.keyboard.press('Alt+Shift+Digit5');
    await waitFor('split by alt-%', async () => (await panes()) === 4);

    // Settings: a bad chord is refused before anything is written; a good one lands in the file.
    await page.goto(new URL('/settings#keyboard', env.server.url).toString());
    const field = page.getByRole('textbox', { name: 'Prefix key' });
    await field.fill('ctrl-b x');
    await page.getByText('is not a single key chord', { exact: false }).waitFor();
    await field.fill('ctrl-s');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('ctrl-s saved', async () =>
      readFileSync(env.configFile, 'utf8').includes('prefix = "ctrl-s"'),
    );
    expect(readFileSync(env.configFile, 'utf8')).toMatch(
      /^# keys\n\[input\]\nprefix = "ctrl-s"\nwhich_key = "off"\n$/,
    );
    await page.getByText('Now:', { exact: false }).locator('kbd', { hasText: 'Ctrl+S' }).waitFor();
    await screenshot(page, 'settings-prefix-config');

    // Settings: modifier shortcuts off → a held Alt chord is the shell's again.
    const file = () => readFileSync(env.configFile, 'utf8');
    await page.getByRole('combobox', { name: 'Modifier shortcuts' }).selectOption('off');
    await waitFor('shortcuts off saved', async () => file().includes('modifier_shortcuts = false'));
    await openWorkspace(page, env.server.url);
    await page.locator('.xterm').first().click();
    await page.keyboard.type('cat -v\n');
    await page.keyboard.press('Alt+Shift+Digit5');
    await page.keyboard.press('Enter');
    await waitForText(page, { includes: '^[%' });
    await page.keyboard.press('Control+c');
    expect(await panes()).toBe(4);

    // Back to rozi's default (on) with Super held: Meta+% splits.
    await page.goto(new URL('/settings#keyboard', env.server.url).toString());
    await page.getByRole('combobox', { name: 'Modifier shortcuts' }).selectOption('');
    await waitFor('shortcuts default', async () => !file().includes('modifier_shortcuts'));
    await page.getByRole('combobox', { name: 'Held modifier' }).selectOption('super');
    await waitFor('super saved', async () => file().includes('modifier = "super"'));
    expect(file()).toBe('# keys\n[input]\nprefix = "ctrl-s"\nwhich_key = "off"\nmodifier = "super"\n');
    await page.getByRole('combobox', { name: 'Held modifier' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-modifier-shortcuts');
    await openWorkspace(page, env.server.url);
    await page.locator('.xterm').first().click();
    await page.keyboard.press('Meta+Shift+Digit5');
    await waitFor('split by meta-%', async () => (await panes()) === 5);
  }, 150_000);
});
