// Viewing acknowledges done: a fake agent (real captured codex screens, a real PTY) goes working →
// idle in a background pane (another tab: every pane of the shown tab counts as seen), so its
// badge reads done and the title counts it; showing the pane in the browser (agents.setViewed)
// turns it idle and clears the count; so does showing it beside the focused pane in a split.
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

  it('acknowledges done for a pane seen in a visible split, though another pane of the tab has the focus', async () => {
    const { page } = browser;
    // Tab 1 split: pane 1 keeps the focus, the new pane beside it is only seen.
    const out = await server.cli(['--format', 'json', 'split', '--target', '1']);
    const seen = (JSON.parse(out) as { data: { id: number } }).data.id;
    await pane(page, seen).waitFor();
    // It works and finishes while tab 2 is shown (unviewed: it reads done).
    await workspaceTabs(page).nth(1).click();
    await pane(page, 2).waitFor();
    await server.cli([
      'send-text',
      '--target',
      String(seen),
      '--enter',
      `FAKE_FIXTURE=${agentCapture('codex')} FAKE_SEQUENCE=working,idle FAKE_STEP_MS=4000 node ${bin}/codex.mjs`,
    ]);
    // 4 s of working: the 15:34 CI run (load ~3) polled past a 1.5 s window and never saw it.
    await waitFor('the split pane working', async () => (await stateOf(seen)) === 'working', 20_000);
    await waitFor('the split pane done', async () => (await stateOf(seen)) === 'done', 20_000);
    // Back on tab 1: pane 1 has the focus, the done pane is seen beside it, and that acknowledges it.
    await workspaceTabs(page).first().click();
    await pane(page, seen).waitFor();
    const tab = (await workspaceOf(page)).sessions[0]!.tabs[0]!;
    expect(tab.focusedPaneId).toBe(1);
    await waitFor('done acknowledged in the split', async () => (await stateOf(seen)) === 'idle');
    await waitFor(
      'done badge gone',
      async () => (await pane(page, seen).locator('[data-state="done"]').count()) === 0,
    );
  });
});
