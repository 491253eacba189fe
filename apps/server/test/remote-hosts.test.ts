// Remote hosts against a real sshd and a real second account (issue 19): sessions created on the
// host over ssh, typed into, split and captured from here; the host's rozi owns the PTYs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';
import type { HostInfo, PaneInfo, WorkspaceInfo } from '../src/session/model';

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  await fx.start();
}, 60_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

describe('a session on a remote host', () => {
  it('is created there, typed into, split and captured from here', async () => {
    const s = fx.server!;
    const created = await s.call<{ session: string; pane: PaneInfo }>('sessions.create', {
      name: 'dev',
      host: 'box',
    });
    expect(created.session).toBe('dev@box');
    expect(created.pane.host).toBe('box');
    const key = created.pane.key;
    await s.call('panes.sendText', { key, text: 'echo "$USER:$HOME" > /dev/null; echo remote-$((6*7))\r' });
    const cap = await waitFor(
      'the echo on the host',
      async () => {
        const c = await s.call<{ lines: string[] }>('panes.capture', { key });
        return c.lines.some((l) => l === 'remote-42') ? c : null;
      },
      20_000,
    );
    expect(cap.lines.join('\n')).toContain('remote-42');
    const split = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 'dev@box:1',
      direction: 'column',
    });
    expect(split.pane.session).toBe('dev@box');
    const ws = await waitFor('both panes in the workspace', async () => {
      const w = await s.call<WorkspaceInfo>('workspace.get');
      return w.panes.filter((p) => p.session === 'dev@box').length === 2 ? w : null;
    });
    const session = ws.sessions.find((x) => x.name === 'dev@box');
    expect(session?.host).toBe('box');
    expect(ws.panes.filter((p) => p.session === 'dev@box')).toHaveLength(2);
    expect(session?.hostState).toBe('connected');
    const hosts = await s.call<HostInfo[]>('hosts.list');
    expect(hosts.find((h) => h.alias === 'box')).toMatchObject({
      state: 'connected',
      source: 'config',
      sessions: 1,
    });
    const list = await runCli(s.env, ['list-panes', '--format', 'json']);
    const rows = JSON.parse(list.stdout) as PaneInfo[];
    expect(rows.filter((r) => r.host === 'box').map((r) => r.session)).toEqual(['dev@box', 'dev@box']);
    const who = fx.hosts[0]!.account;
    await s.call('panes.sendText', { key: split.pane.key, text: 'echo "who=$(id -un) home=$HOME"\r' });
    await waitFor(
      'the account on the host',
      async () => {
        const c = await s.call<{ lines: string[] }>('panes.capture', { key: split.pane.key });
        return c.lines.includes(`who=${who.user} home=${who.home}`);
      },
      20_000,
    );
  }, 90_000);
});
