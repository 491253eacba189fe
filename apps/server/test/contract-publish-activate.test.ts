// rozi's publish back channel (its control.md "Agent slots"): when a person activates a published
// row, the pane is focused and the publisher reads `{"activate":"<id>"}` — on its raw socket
// connection, and on `rozi publish`'s stdout. The browser's Activity view calls
// status.activateRow; this test calls it the same way.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneInfo } from '../src/session/model';
import { BIN, removeHome, startServer, waitFor, type TestServer } from './harness';

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
}, 120_000);

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

const focused = async () => (await s.call<PaneInfo[]>('panes.list')).find((p) => p.focused)?.id;
const activate = (target: number, row: string) => s.call('status.activateRow', { target, row });

describe('publish activation', () => {
  it('writes {"activate":"<id>"} to a raw-socket publisher and focuses its pane', async () => {
    const tab = await s.call<{ pane: PaneInfo }>('tabs.create', {});
    const pane = tab.pane.id;
    await s.call('panes.focus', { target: 1 });
    const c = createConnection(s.env.ROZI_SOCKET as string);
    const lines: unknown[] = [];
    let buf = '';
    c.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        lines.push(JSON.parse(buf.slice(0, nl)));
        buf = buf.slice(nl + 1);
      }
    });
    c.on('connect', () => {
      c.write(JSON.stringify({ cmd: 'publish', source_pane: pane, name: 'slots' }) + '\n');
      c.write(
        JSON.stringify({
          rows: [
            { id: 'ses_a', title: 'audit the widget layer', status: 'working', active: true },
            { id: 'ses_b', title: 'fix the flaky test', status: 'blocked', reason: 'permission required' },
          ],
        }) + '\n',
      );
    });
    await waitFor('the ack', () => lines.length >= 1);
    expect(lines[0]).toEqual({ ok: true });
    await waitFor('the rows', async () =>
      activate(pane, 'ses_b').then(
        () => true,
        () => false,
      ),
    );
    await waitFor('the activate line', () => lines.length >= 2);
    expect(lines[1]).toEqual({ activate: 'ses_b' });
    expect(await focused()).toBe(pane);
    // A row the publisher does not have is refused in one line.
    await expect(activate(pane, 'ses_zzz')).rejects.toThrow(/no publisher of pane \d+ has a row 'ses_zzz'/);
    c.destroy();
  });

  it('writes {"activate":"<id>"} on rozi publish stdout', async () => {
    const pub = spawn(process.execPath, [BIN, 'publish', '--name', 'cli-slots', '--target', '1'], {
      env: s.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    pub.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    pub.stdin.write(JSON.stringify({ rows: [{ id: 'run-1', title: 'build', status: 'working' }] }) + '\n');
    try {
      await waitFor(
        'the published row',
        async () =>
          activate(1, 'run-1').then(
            () => true,
            () => false,
          ),
        60_000,
      );
      await waitFor('the activate line', () => out.includes('\n'));
      expect(out.split('\n')[0]).toBe('{"activate":"run-1"}');
    } finally {
      pub.stdin.end();
      pub.kill('SIGTERM');
    }
  }, 90_000);
});
