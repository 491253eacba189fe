// examples/extensions/activity-slots, installed and used as a rozi user would: its service follows
// `rozi subscribe`, publishes one row per pane that reports a status, and focuses that pane when a
// person activates the row (status.activateRow, what the Activity view calls). And
// examples/extensions/ssh-hosts: its command offers ~/.ssh/config's hosts in `rozi pick --json`
// and opens the chosen one with `rozi new-pane --focus --argv ssh HOST` (a fake ssh on PATH).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneInfo } from '../src/session/model';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';
import { Viewer } from './viewer';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples', 'extensions');
let s: TestServer;

beforeAll(async () => {
  const home = makeHome();
  // ssh-hosts: two hosts, a wildcard block (left out) and an Include; `ssh` is a stand-in that
  // stays running so the pane it opens can be looked at.
  mkdirSync(join(home.home, '.ssh', 'conf.d'), { recursive: true });
  writeFileSync(
    join(home.home, '.ssh', 'config'),
    'Include conf.d/*\nHost box build\n  HostName 10.0.0.5\n  User dev\nHost *.internal\n  User ops\n',
  );
  writeFileSync(join(home.home, '.ssh', 'conf.d', 'lab'), 'Host lab\n  HostName lab.example\n  Port 2222\n');
  mkdirSync(join(home.home, 'bin'));
  writeFileSync(join(home.home, 'bin', 'ssh'), '#!/bin/sh\necho "fake ssh to $*"\nexec sleep 600\n');
  chmodSync(join(home.home, 'bin', 'ssh'), 0o755);
  s = await startServer({ home, env: { PATH: `${join(home.home, 'bin')}:${process.env.PATH ?? ''}` } });
  for (const example of ['activity-slots', 'ssh-hosts']) {
    const r = await runCli(s.env, ['extensions', 'install', join(EXAMPLES, example)]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }
}, 180_000);

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

describe('ssh-hosts example', () => {
  it("offers ~/.ssh/config's hosts in the picker and opens the chosen one with new-pane --focus --argv ssh", async () => {
    const viewer = new Viewer(s);
    await viewer.opened;
    try {
      const r = await runCli(s.env, ['run-action', 'ssh-hosts.connect']);
      expect(r.code).toBe(0);
      const open = await waitFor(
        'picker-open',
        () =>
          viewer.messages.find(
            (m) => m.t === 'event' && (m.event as { type: string }).type === 'picker-open',
          ),
        60_000,
      );
      const picker = (
        open as {
          event: {
            picker: {
              id: string;
              title: string;
              rows: { id: string; label: string; description?: string }[];
            };
          };
        }
      ).event.picker;
      expect(picker.title).toBe('SSH to host');
      expect(picker.rows).toEqual([
        { id: 'lab', label: 'lab', description: 'lab.example:2222' },
        { id: 'box', label: 'box', description: 'dev@10.0.0.5' },
        { id: 'build', label: 'build', description: 'dev@10.0.0.5' },
      ]);
      await s.call('extensions.pickerAnswer', {
        id: picker.id,
        result: { kind: 'selected', row: { id: 'box', label: 'box' } },
      });
      const pane = await waitFor(
        'the ssh pane',
        async () => (await s.call<PaneInfo[]>('panes.list')).find((p) => p.argv?.[0] === 'ssh'),
        60_000,
      );
      expect(pane).toMatchObject({ argv: ['ssh', 'box'], focused: true });
      await waitFor(
        'the stand-in ssh ran',
        async () =>
          (await s.call<{ lines: string[] }>('panes.capture', { target: pane.id })).lines
            .join('\n')
            .includes('fake ssh to box'),
        30_000,
      );
    } finally {
      await viewer.close();
    }
  }, 180_000);
});
