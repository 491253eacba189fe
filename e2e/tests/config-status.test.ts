// A broken config.toml saved while the workspace is open: a banner says the last good agent
// definitions stay in force and names the line; dismissing hides it until the next reload; the
// Settings section lists the warning with its line and the definitions in force.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../lib/browser';
import { configServer } from '../lib/configServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

const env = configServer();

interface ConfigStatusReply {
  state: 'ok' | 'broken';
  definitions: Array<{ id: string; source: string }>;
}

describe('config.toml warnings in the UI', () => {
  it('shows a dismissible banner for a broken file and the details in Settings', async () => {
    const { page } = env.browser;
    await openWorkspace(page, env.server.url);
    writeFileSync(env.configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n');
    // The good file must be in force before the broken one lands, or the "last good" definitions
    // are the ones from before it (a loaded box can take longer than any fixed pause).
    await waitFor('the server took mca from config.toml', async () => {
      const out = JSON.parse(await env.server.cli(['config', 'status', '--format', 'json'])) as
        ConfigStatusReply | { data: ConfigStatusReply };
      const status = 'data' in out ? out.data : out;
      return status.state === 'ok' && status.definitions.some((d) => d.id === 'mca' && d.source === 'config');
    });
    expect(await page.locator('[data-config-warning]').count()).toBe(0);

    writeFileSync(env.configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] \n');
    const banner = page.locator('[data-config-warning="broken"]');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.innerText()).toMatch(/last good agent definitions stay in force[\s\S]*line \d+/);
    await screenshot(page, 'config-warning-banner');
    await banner.getByRole('button', { name: 'Dismiss config warning' }).click();
    await waitFor(
      'banner dismissed',
      async () => (await page.locator('[data-config-warning]').count()) === 0,
    );

    // A new broken save shows it again.
    writeFileSync(env.configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] \n\n');
    await banner.waitFor({ timeout: 10_000 });

    await page.goto(new URL('/settings#config', env.server.url).toString());
    const section = page.locator('[data-config-status="broken"]');
    await section.waitFor({ timeout: 15_000 });
    const text = await section.innerText();
    expect(text).toContain('toml-syntax');
    expect(text).toMatch(/line \d+/);
    expect(text).toContain('mca (config)');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-config-status');

    // Fixed: the Settings section turns ok on its own (config-reloaded).
    writeFileSync(env.configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n');
    await page.locator('[data-config-status="ok"]').waitFor({ timeout: 10_000 });
  });
});
