// The example extension examples/extensions/hook-blocked-notify in a real server: a fake agent
// started under the name `claude` in a real pane draws the captured claude screens (working, then
// blocked, then working again); process and screen detection raise agent-state-changed, the
// sandboxed hook publishes a row to the extension's own sidebar tab and notifies, and the row goes
// when the agent works again. Everything is read back as a browser or the CLI would.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';
import { agentCapture } from './agentCaptures';

const EXAMPLE = fileURLToPath(new URL('../../../examples/extensions/hook-blocked-notify', import.meta.url));
const FAKE_AGENT = fileURLToPath(new URL('./fake-agents/fake-agent.mjs', import.meta.url));
const FIXTURE = agentCapture('claude');

interface Tab {
  id: string;
  rows: { id: string | null; label: string; badge: string | null }[];
}
interface Notification {
  title: string | null;
  message: string;
  level: string;
  session: string | null;
  paneId: number | null;
}

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ home: makeHome() });
  const r = await runCli(server.env, ['extensions', 'install', EXAMPLE]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  await waitFor(
    'the example hook loaded',
    () => /hooks: loaded 1 hook\(s\) of hook-blocked-notify/.test(server.stderr()),
    20_000,
  );
}, 60_000);

afterAll(async () => {
  expect(await server.stop()).toBe(0);
  removeHome(server.home);
});

describe('hook-blocked-notify', () => {
  it('publishes a sidebar row and notifies when a real agent in a real pane turns blocked', async () => {
    // `claude` is node under another name, as people install it; detection looks through it.
    const bin = join(server.home, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(process.execPath, join(bin, 'claude'));
    const { pane } = await server.call<{ pane: { id: number; key: number } }>('panes.split', {
      target: 1,
      cwd: server.home,
      argv: [
        'sh',
        '-c',
        `FAKE_FIXTURE=${FIXTURE} FAKE_SEQUENCE=working,blocked,working FAKE_STEP_MS=2500 exec ${bin}/claude ${FAKE_AGENT}`,
      ],
    });

    const tab = async () =>
      (await server.call<Tab[]>('extensions.sidebarTabs')).find(
        (t) => t.id === 'hook-blocked-notify.blocked',
      );
    const row = await waitFor(
      'the blocked row',
      async () => (await tab())?.rows.find((r) => r.id === `main:${pane.id}`),
      { timeoutMs: 20_000, everyMs: 50 },
    );
    expect(row).toMatchObject({ label: `claude — main pane ${pane.id}`, badge: 'blocked' });

    const notice = await waitFor('the notification', async () =>
      (await server.call<Notification[]>('workspace.notifications')).find(
        (n) => n.title === 'claude needs input',
      ),
    );
    expect(notice).toMatchObject({ level: 'warn', session: 'main', paneId: pane.id });

    // The agent works again: the hook takes its row out.
    await waitFor('the row gone', async () => (await tab())?.rows.length === 0, {
      timeoutMs: 20_000,
      everyMs: 50,
    });

    const status = await runCli(server.env, ['extensions', 'status', '--format', 'json']);
    const hook = (
      JSON.parse(status.stdout) as { hooks: { extensionId: string; calls: number; failures: number }[] }
    ).hooks.find((h) => h.extensionId === 'hook-blocked-notify');
    expect(hook?.calls).toBeGreaterThanOrEqual(2);
    expect(hook?.failures).toBe(0);
  }, 60_000);
});
