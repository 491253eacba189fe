// examples/extensions/ssh-hosts in the browser, keyboard only (issue 15, "a host picker opening
// new-pane --focus --argv"): the palette runs "SSH to host…", the picker opens with the focus in
// its filter, typing filters the hosts of ~/.ssh/config, Enter picks one, and the stand-in ssh on
// PATH starts in a new pane that has the keyboard focus.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { waitForFocus } from '../lib/focusProbe';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
const bin = mkdtempSync(join(tmpdir(), 'rozi-e2e-ssh-'));

beforeAll(async () => {
  // The stand-in ssh: says where it was sent and stays, as a session would.
  writeFileSync(join(bin, 'ssh'), '#!/bin/sh\necho "stand-in ssh to $*"\nexec sleep 600\n');
  chmodSync(join(bin, 'ssh'), 0o755);
  server = await startRozi({ env: { PATH: `${bin}:${process.env.PATH ?? ''}` } });
  mkdirSync(join(server.home, '.ssh'), { recursive: true });
  writeFileSync(
    join(server.home, '.ssh', 'config'),
    'Host box\n  HostName 10.0.0.5\n  User dev\nHost build\n  HostName build.example\n  Port 2222\nHost lab\n',
  );
  await server.cli(['extensions', 'install', join(REPO_ROOT, 'examples', 'extensions', 'ssh-hosts')]);
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  rmSync(bin, { recursive: true, force: true });
});

describe('ssh-hosts example', () => {
  it('palette → picker with focus in its filter → type to filter → Enter opens ssh in a new focused pane', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await waitForFocus(page, 'the terminal', (f) => f.terminalPane === 1);
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette', (f) => f.dialog === 'Command palette');
    await page.keyboard.type('SSH to host');
    const command = page.getByRole('dialog', { name: 'Command palette' }).getByText('SSH to host…');
    await command.first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'SSH to host' });
    await dialog.waitFor({ timeout: 60_000 });
    await waitForFocus(page, 'the picker filter', (f) => f.tag === 'input' && f.dialog === 'SSH to host');
    await dialog.getByText('dev@10.0.0.5').waitFor();
    await dialog.getByText('build.example:2222').waitFor();
    await screenshot(page, 'ssh-hosts-picker');

    await page.keyboard.type('buil');
    await waitFor('only build left', async () => !(await dialog.getByText('dev@10.0.0.5').isVisible()));
    expect(await dialog.getByText('build.example:2222').isVisible()).toBe(true);
    await screenshot(page, 'ssh-hosts-filtered');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

    const sshPane = await waitFor(
      'the ssh pane',
      async () => (await workspaceOf(page)).panes.find((p) => p.argv?.[0] === 'ssh'),
      60_000,
    );
    expect(sshPane.argv).toEqual(['ssh', 'build']);
    await waitForText(page, { paneId: sshPane.id, includes: 'stand-in ssh to build', timeoutMs: 60_000 });
    await waitFor(
      'the ssh pane focused',
      async () => {
        const session = (await workspaceOf(page)).sessions[0]!;
        const active = session.tabs.find((t) => t.id === session.activeTabId);
        return active?.focusedPaneId === sshPane.id;
      },
      30_000,
    );
    await waitForFocus(page, "the ssh pane's terminal", (f) => f.terminalPane === sshPane.id);
    await screenshot(page, 'ssh-hosts-pane');
  }, 300_000);
});
