// rozi's agent slots in the browser (its control.md "Agent slots"): a `rozi publish` process
// publishes two rows for a pane; the Activity view lists each under the pane; a person moves to
// one with the keyboard and presses Enter; the pane is focused and the publisher reads
// `{"activate":"<id>"}` on its stdout.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let publisher: ChildProcessWithoutNullStreams | undefined;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
});

afterAll(async () => {
  publisher?.kill('SIGTERM');
  await browser?.close();
  await server?.dispose();
});

describe('published rows', () => {
  it('lists each published row in Activity; Enter on one focuses its pane and writes {"activate"} back', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.getByRole('button', { name: 'Split right', exact: true }).click();
    await pane(page, 2).waitFor();
    await waitFor(
      'pane 2 focused',
      async () => (await workspaceOf(page)).sessions[0]!.tabs[0]!.focusedPaneId === 2,
    );
    const bin = join(REPO_ROOT, 'apps', 'server', 'bin', 'rozi.mjs');
    publisher = spawn(process.execPath, [bin, 'publish', '--name', 'slots', '--target', '1'], {
      env: server.env,
      stdio: 'pipe',
    });
    let out = '';
    publisher.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    publisher.stdin.write(
      JSON.stringify({
        rows: [
          { id: 'ses_a', title: 'audit the widget layer', status: 'working', active: true },
          { id: 'ses_b', title: 'fix the flaky test', status: 'blocked', reason: 'permission required' },
        ],
      }) + '\n',
    );
    await page.getByRole('button', { name: 'Activity' }).click();
    const row = page.locator('[data-published-row="ses_b"]');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain('fix the flaky test');
    expect(await page.locator('[data-published-row="ses_a"]').innerText()).toContain(
      'audit the widget layer',
    );
    await screenshot(page, 'activity-published-rows');
    // Keyboard only: Tab through the dialog to the row; Enter activates.
    for (let i = 0; i < 8; i++) {
      if (await row.locator('button').evaluate((b) => b === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await row.locator('button').evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await waitFor('the activate line', async () => out.includes('\n'), 20_000);
    expect(out.split('\n')[0]).toBe('{"activate":"ses_b"}');
    await waitFor(
      'pane 1 focused',
      async () => (await workspaceOf(page)).sessions[0]!.tabs[0]!.focusedPaneId === 1,
    );
  }, 120_000);
});
