// config.toml [[sidebar.tabs]] in a real server: a command tab run in the focused pane's cwd and an
// entries tab are listed with extension tabs, an edit to config.toml updates them without a reload,
// and a config tab with an extension tab's id replaces that tab.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';
import { Viewer } from './viewer';

const EXAMPLES = fileURLToPath(new URL('../../../examples/extensions', import.meta.url));

interface Tab {
  id: string;
  source: string;
  extension: string | null;
  kind: string;
  label: string;
  entries: { label: string }[] | null;
  rows: { label: string; header: boolean }[];
}

let server: TestServer;
let home: string;
let configFile: string;

const tabs = () => server.call<Tab[]>('extensions.sidebarTabs');

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  mkdirSync(join(home, '.config', 'rozi'), { recursive: true });
  configFile = join(home, '.config', 'rozi', 'config.toml');
  // The first pane runs in HOME, so `ls` lists this marker file.
  writeFileSync(join(home, 'marker-file'), '');
  writeFileSync(
    configFile,
    `[[sidebar.tabs]]
name = "listing"
label = "Listing"
command = "echo '## here'; ls"
group_prefix = "## "
interval = 5

[[sidebar.tabs]]
name = "launch"
label = "Launch"
entries = [{ label = "top", group = "tools", run = "top" }]
`,
  );
  server = await startServer({ home: h });
  const r = await runCli(h.env, ['extensions', 'install', join(EXAMPLES, 'clock-sidebar')]);
  expect(r.code).toBe(0);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

describe('config.toml sidebar tabs', () => {
  it('lists a command tab (run in the focused pane cwd) and an entries tab beside the extension tabs', async () => {
    const viewer = new Viewer(server); // command tabs run only while a browser is connected
    await viewer.opened;
    try {
      // (`files` is a built-in tab's name now: files/builtinTabs.ts reads a table naming it.)
      const files = await waitFor('the listing tab rows', async () => {
        const t = (await tabs()).find((x) => x.id === 'listing');
        return t && t.rows.some((r) => r.label === 'marker-file') ? t : undefined;
      });
      expect(files).toMatchObject({ source: 'config', extension: null, kind: 'command', label: 'Listing' });
      expect(files.rows[0]).toMatchObject({ label: 'here', header: true });
      const all = await tabs();
      expect(all.find((x) => x.id === 'launch')).toMatchObject({
        source: 'config',
        kind: 'entries',
        entries: [{ label: 'top', group: 'tools' }],
      });
      expect(all.find((x) => x.id === 'clock-sidebar.clock')).toMatchObject({
        source: 'extension',
        kind: 'stream',
      });
    } finally {
      await viewer.close();
    }
  });

  it('follows edits to config.toml: tabs change, a bad one is skipped, a same-id tab replaces the extension tab', async () => {
    const viewer = new Viewer(server);
    await viewer.opened;
    try {
      writeFileSync(
        configFile,
        `[[sidebar.tabs]]
name = "clock-sidebar.clock"
label = "My clock"
command = "echo mine"

[[sidebar.tabs]]
name = "broken"
label = "Broken"
`,
      );
      const clock = await waitFor(
        'the config clock tab',
        async () => {
          const t = (await tabs()).find((x) => x.id === 'clock-sidebar.clock');
          return t && t.source === 'config' && t.rows.some((r) => r.label === 'mine') ? t : undefined;
        },
        20_000,
      );
      expect(clock).toMatchObject({ label: 'My clock', extension: null, kind: 'command' });
      const all = await tabs();
      // One tab per id: the extension's stream tab is skipped; the old tabs and the broken one are gone.
      expect(all.filter((x) => x.id === 'clock-sidebar.clock')).toHaveLength(1);
      expect(all.map((x) => x.id).sort()).toEqual(['clock-sidebar.clock']);
      // Clicks go to the tab that won.
      expect(
        await server.call('extensions.sidebarClick', {
          tab: 'clock-sidebar.clock',
          row: { label: 'mine', id: null },
        }),
      ).toEqual({ ok: true, pane: null, reported: false });
    } finally {
      await viewer.close();
    }
  });
});
