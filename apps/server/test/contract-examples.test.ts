// examples/extensions/activity-slots, installed and used as a rozi user would: its service follows
// `rozi subscribe`, publishes one row per pane that reports a status, and focuses that pane when a
// person activates the row (status.activateRow, what the Activity view calls).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneInfo } from '../src/session/model';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples', 'extensions');
let s: TestServer;

beforeAll(async () => {
  s = await startServer({ home: makeHome() });
  const r = await runCli(s.env, ['extensions', 'install', join(EXAMPLES, 'activity-slots')]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
}, 120_000);

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

const focused = async () => (await s.call<PaneInfo[]>('panes.list')).find((p) => p.focused)?.id;

describe('activity-slots example', () => {
  it('publishes a row for a pane that reports a status; activating it focuses that pane', async () => {
    const split = await s.call<{ pane: PaneInfo }>('panes.split', { target: 1 });
    const pane = split.pane.id;
    await s.call('panes.focus', { target: 1 });
    // The service subscribes once it runs: report (a change each time) until its row exists.
    let n = 0;
    await waitFor(
      'the published row',
      async () => {
        const status = n++ % 2 ? 'working' : 'blocked';
        await s.call('status.set', { target: pane, status, reason: `report ${n}` });
        return s.call('status.activateRow', { target: 1, row: String(pane) }).then(
          () => true,
          () => false,
        );
      },
      { timeoutMs: 90_000, everyMs: 2_000 },
    ).catch(async (err: unknown) => {
      const logs = await runCli(s.env, ['extensions', 'logs', 'activity-slots']);
      throw new Error(`${String(err)}\n${logs.stdout}${logs.stderr}`);
    });
    await waitFor('the service focused the pane', async () => (await focused()) === pane, 60_000);
  }, 180_000);
});
