// Viewing acknowledges done: a fake agent (real captured codex screens, a real PTY) goes working →
// idle in a background pane (another tab: every pane of the shown tab counts as seen), so its
// badge reads done and the title counts it; showing the pane in the browser (agents.setViewed)
// turns it idle and clears the count.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCapture } from '../../apps/server/test/agentCaptures';
import { openBrowser, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { agentRowsOf, openWorkspace, workspaceOf, workspaceTabs } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
const bin = mkdtempSync(join(tmpdir(), 'rozi-fake-agents-'));

beforeAll(async () => {
  symlinkSync(
    join(REPO_ROOT, 'apps', 'server', 'test', 'fake-agents', 'fake-agent.mjs'),
    join(bin, 'codex.mjs'),
  );
  server = await startRozi();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  rmSync(bin, { recursive: true, force: true });
});

const stateOf = async (id: number) =>
  (await agentRowsOf(browser.page)).find((r) => r.pane === id)?.state ?? null;

describe('viewing a pane', () => {
  it('turns a background agent that finished from done to idle', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.getByRole('button', { name: 'New tab' }).click();
    await waitFor('tab 2 shown', async () => (await workspaceOf(page)).panes.length === 2);
    await pane(page, 2).waitFor();

    // Pane 1 is in the background: the agent works, then rests at its prompt.
    await server.cli([
      'send-text',
      '--target',
      '1',
      '--enter',
      `FAKE_FIXTURE=${agentCapture('codex')} FAKE_SEQUENCE=working,idle FAKE_STEP_MS=1500 node ${bin}/codex.mjs`,
    ]);
    await waitFor('pane 1 working', async () => (await stateOf(1)) === 'working', 20_000);
    await page.locator('[role="tab"] [data-state="working"]').waitFor();
    await waitFor('pane 1 done', async () => (await stateOf(1)) === 'done', 20_000);
    await page.locator('[role="tab"] [data-state="done"]').waitFor();
    await waitFor('title count', async () => (await page.title()) === '(1) rozi');
    // Unviewed, done stays done.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await stateOf(1)).toBe('done');

    await workspaceTabs(page).first().click();
    await pane(page, 1).waitFor();
    await waitFor('done acknowledged', async () => (await stateOf(1)) === 'idle');
    await waitFor(
      'done badge gone',
      async () => (await pane(page, 1).locator('[data-state="done"]').count()) === 0,
    );
    await waitFor('title cleared', async () => (await page.title()) === 'rozi');
  });
});
