// Popups, floating panes and the scratchpad in a real browser (issue 18.3): a `[keys]` popup
// binding opens a lazygit-like full-screen program over the layout, keys go to it and it closes
// with its program (keep_open = false); a popup that holds after exit is dismissed with Enter;
// toggle-float lifts a pane over the tiles and the title bar drags it; the scratchpad keeps its
// process (same pid) across toggles.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TabInfo, WorkspaceInfo } from '@rozi/server/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

// A lazygit stand-in: takes the whole screen (alternate screen), draws panels, answers keys,
// quits on q.
const FAKE_LAZYGIT = `#!/bin/bash
printf '\\033[?1049h\\033[H\\033[2J'
printf '\\033[7m fake-lazygit \\033[0m  Status | Files | Branches | Commits\\r\\n\\r\\n'
printf ' [1] Files\\r\\n   M src/app.ts\\r\\n   A notes.md\\r\\n\\r\\n [2] Branches\\r\\n   * main\\r\\n'
stty -echo -icanon
while IFS= read -r -n1 k; do
  case "$k" in
    q) break ;;
    j) printf '\\r\\n moved down' ;;
  esac
done
printf '\\033[?1049l'
`;

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  const bin = join(server.home, 'fake-lazygit');
  writeFileSync(bin, FAKE_LAZYGIT);
  chmodSync(bin, 0o755);
  writeFileSync(
    join(dir, 'config.toml'),
    [
      '[keys]',
      `g = { popup = "${bin}", label = "Git UI", keep_open = false }`,
      'y = { popup = "echo short-and-done" }',
      '',
      '[scratchpad]',
      'command = "bash --norc --noprofile"',
      'height = 0.5',
      '',
    ].join('\n'),
  );
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const activeTab = async (): Promise<TabInfo> => {
  const w: WorkspaceInfo = await workspaceOf(browser.page);
  const s = w.sessions[0];
  return s?.tabs.find((t) => t.id === s.activeTabId) as TabInfo;
};
const floats = async (kind: string) => ((await activeTab()).floating ?? []).filter((f) => f.kind === kind);

describe('popups and the scratchpad from config.toml', () => {
  it('a [keys] popup binding runs a full-screen program over the layout and closes with it', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.locator('.xterm').first().click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('g');
    const popup = page.locator('[data-floating="popup"]');
    await popup.waitFor({ timeout: 15_000 });
    await waitFor('the popup drew the program', async () =>
      (await popup.locator('.xterm-accessibility-tree').innerText()).includes('fake-lazygit'),
    );
    const [entry] = await floats('popup');
    expect(entry).toMatchObject({ kind: 'popup', width: 0.8, height: 0.8 });
    // Not part of the tiled layout: the first pane is still the only tile.
    expect((await activeTab()).layout).toEqual({ type: 'pane', paneId: 1 });
    // Keys go to the program.
    await page.keyboard.press('j');
    await waitFor('the program read a key', async () =>
      (await popup.locator('.xterm-accessibility-tree').innerText()).includes('moved down'),
    );
    await screenshot(page, 'popup-fake-lazygit');
    await page.keyboard.press('q');
    await popup.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await floats('popup')).toEqual([]);

    // keep_open (the default): the popup holds its output; Enter dismisses it.
    await page.locator('.xterm').first().click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('y');
    await popup.locator('[data-popup-ended]').waitFor({ timeout: 15_000 });
    await waitFor('the ended popup keeps its output', async () =>
      (await popup.locator('.xterm-accessibility-tree').innerText()).includes('short-and-done'),
    );
    await screenshot(page, 'popup-ended');
    await page.keyboard.press('Enter');
    await popup.waitFor({ state: 'detached', timeout: 15_000 });
  }, 120_000);

  it('toggle-float lifts a pane over the tiles and its title bar drags it', async () => {
    const { page } = browser;
    await page.locator('.xterm').first().click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Shift+Digit5');
    await waitFor('two tiles', async () => (await activeTab()).layout.type === 'split');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('t');
    const float = page.locator('[data-floating="float"]');
    await float.waitFor({ timeout: 15_000 });
    expect((await activeTab()).layout.type).toBe('pane');
    const before = (await floats('float'))[0];
    const header = float.locator('header');
    const box = await header.boundingBox();
    if (!box) throw new Error('the float has no title bar');
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 60, box.y + 80, { steps: 6 });
    await page.mouse.up();
    await waitFor('the float moved', async () => {
      const now = (await floats('float'))[0];
      return now && before && now.x < before.x && now.y > before.y;
    });
    await float.locator('[data-pane-badge="floating"]').waitFor();
    await screenshot(page, 'floating-pane-dragged');
  }, 120_000);

  it('the scratchpad keeps its process across toggles', async () => {
    const { page } = browser;
    await page.locator('[data-floating="float"] .xterm').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backquote');
    const pad = page.locator('[data-floating="scratchpad"]');
    await pad.waitFor({ timeout: 15_000 });
    const [entry] = await floats('scratchpad');
    expect(entry).toMatchObject({ x: 0, width: 1, height: 0.5 });
    const pidOf = async () =>
      (await workspaceOf(page)).panes.find((p) => p.id === entry?.paneId)?.pid ?? null;
    const pid = await waitFor('the scratchpad runs', pidOf);
    await page.keyboard.type('echo scratch-$$\n', { delay: 5 });
    await waitFor('the shell answered', async () =>
      (await pad.locator('.xterm-accessibility-tree').innerText()).includes(`scratch-${pid}`),
    );
    await screenshot(page, 'scratchpad-open');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backquote');
    await pad.waitFor({ state: 'detached', timeout: 15_000 });
    expect((await floats('scratchpad'))[0]?.hidden).toBe(true);
    expect(await pidOf()).toBe(pid);
    // Hidden: the focus went back to the tile, which now opens it again.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backquote');
    await pad.waitFor({ timeout: 15_000 });
    expect(await pidOf()).toBe(pid);
    await waitFor('the scrollback came back', async () =>
      (await pad.locator('.xterm-accessibility-tree').innerText()).includes(`scratch-${pid}`),
    );
    // A click on the dimmed workspace above hides it again.
    await page.mouse.click(300, 120);
    await pad.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await pidOf()).toBe(pid);
  }, 120_000);
});
