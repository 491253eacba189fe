// Remote hosts against a real sshd and a real second account (issue 19): sessions created on the
// host over ssh, typed into, split and captured from here; the host's rozi owns the PTYs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { subscribeServer } from '../src/cli/controlClient';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startServer, waitFor } from './harness';
import { Viewer } from './viewer';
import { MARKS_REPLAY_OSC, parseMarksReplay } from '@rozi/detect/shellMarks';
import { remoteFixture, type RemoteFixture } from './remoteFixture';
import type { HostInfo, PaneInfo, SessionInfo, WorkspaceInfo } from '../src/session/model';

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  // An agent only this machine has: the launcher must ask the host about the host's PATH.
  const fakeBin = join(fx.base, 'local-bin');
  mkdirSync(fakeBin);
  writeFileSync(join(fakeBin, 'amp'), '#!/bin/sh\necho fake amp\n', { mode: 0o755 });
  await fx.start({ PATH: `${fakeBin}:${process.env.PATH}` });
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
    const rows = (JSON.parse(list.stdout) as { data: PaneInfo[] }).data;
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

describe('tools on a host pane', () => {
  it("the agent editor's capture and live preview read the host's screen", async () => {
    const s = fx.server!;
    const ws = await s.call<WorkspaceInfo>('workspace.get');
    const pane = ws.panes.find((p) => p.session === 'dev@box' && p.id === 1)!;
    const cap = await s.call<{ screen: string }>('definitions.capture', { key: pane.key });
    expect(cap.screen).toContain('remote-42');
    const preview = await s.call<{ capture: { screen: string } | null; screen: string }>(
      'definitions.preview',
      { draft: { id: 'probe', match: { names: ['bash'] } }, pane: { key: pane.key } },
    );
    expect(preview.screen).toContain('remote-42');
  }, 60_000);

  it("gives a viewer attaching late the host's command marks with its snapshot", async () => {
    const s = fx.server!;
    const ws = await s.call<WorkspaceInfo>('workspace.get');
    const pane = ws.panes.find((p) => p.session === 'dev@box' && p.id === 1)!;
    // The first test's commands ran with nobody viewing: the snapshot the host's mirror sends
    // over the link now ends with their marks (what a reloaded browser draws as gutter bars).
    const viewer = new Viewer(s);
    await viewer.opened;
    viewer.attach(pane.key);
    const sequence = new RegExp(`\x1b\\]${MARKS_REPLAY_OSC};([^\x1b]*)\x1b\\\\`);
    const replay = await waitFor(
      'a snapshot with the marks',
      () => {
        const m = sequence.exec(viewer.text(pane.key));
        return m ? parseMarksReplay(m[1]!) : null;
      },
      20_000,
    );
    expect(viewer.view(pane.key).resets).toBe(1);
    expect(replay.commands.length).toBeGreaterThanOrEqual(1);
    expect(replay.commands.at(-1)).toMatchObject({ exitCode: 0 });
    expect(replay.current?.prompt).not.toBeNull();
    await viewer.close();
  }, 60_000);

  it("the launcher lists agents on the host's PATH for a host session", async () => {
    type Row = { command: string; available: boolean };
    const here = await fx.server!.call<Row[]>('launchers.list');
    const there = await fx.server!.call<Row[]>('launchers.list', { host: 'box' });
    expect(here.find((r) => r.command === 'amp')?.available).toBe(true);
    expect(there.find((r) => r.command === 'amp')?.available).toBe(false);
    expect(there.map((r) => r.command)).toEqual(here.map((r) => r.command));
  }, 60_000);
});

describe('a durable host session', () => {
  it('survives a killed ssh mid-stream: reconnecting, back, every byte once', async () => {
    const s = fx.server!;
    const created = await s.call<{ session: string; pane: PaneInfo }>('sessions.create', {
      name: 'flood',
      host: 'box',
    });
    const key = created.pane.key;
    const states: string[] = [];
    const watching = subscribeServer(
      s.env,
      { path: 'workspace.events', input: { types: ['workspace-delta'] } },
      (item) => {
        const sessions = (item as { delta: { sessions?: SessionInfo[] } }).delta.sessions;
        const st = sessions?.find((x) => x.name === 'flood@box')?.hostState;
        if (st && states[states.length - 1] !== st) states.push(st);
        return !(states.includes('reconnecting') && st === 'connected');
      },
    );
    const viewer = new Viewer(s);
    await viewer.opened;
    viewer.attach(key);
    await waitFor('the prompt', () => viewer.view(key).bytes > 0, 20_000);
    const N = 200_000;
    await s.call('panes.sendText', { key, text: `seq 1 ${N}; echo flood-$((1+1))done\r` });
    await waitFor('the flood under way', () => viewer.view(key).bytes > 100_000, 20_000);
    const link = await s.call<{ pid: number }>('hosts.link', { alias: 'box' });
    process.kill(link.pid, 'SIGKILL');
    // Mid-stream: the flood had not ended when the link went.
    expect(viewer.text(key)).not.toContain('flood-2done');
    await waitFor(
      'the link back',
      async () => {
        const l = await s.call<{ state: string; pid: number | null }>('hosts.link', { alias: 'box' });
        return l.state === 'connected' && l.pid !== link.pid;
      },
      30_000,
    );
    await waitFor('the end of the flood', () => viewer.text(key).includes('flood-2done\r\n'), 30_000);
    await watching;
    expect(states).toContain('reconnecting');
    expect(viewer.view(key).resets).toBe(1);
    const text = viewer.text(key);
    const body = text.slice(text.indexOf('1\r\n2\r\n3\r\n'), text.lastIndexOf('flood-2done'));
    const expected = Array.from({ length: N }, (_, i) => `${i + 1}\r\n`).join('');
    expect(createHash('sha256').update(body).digest('hex')).toBe(
      createHash('sha256').update(expected).digest('hex'),
    );
    await viewer.close();
  }, 120_000);

  it('is still there after this server restarts', async () => {
    const s = fx.server!;
    expect(await s.stop()).toBe(0);
    const again = await fx.start();
    const ws = await waitFor(
      'the host session back',
      async () => {
        const w = await again.call<WorkspaceInfo>('workspace.get');
        return w.sessions.some((x) => x.name === 'flood@box' && x.hostState === 'connected') ? w : null;
      },
      60_000,
    );
    const pane = ws.panes.find((p) => p.session === 'flood@box')!;
    const cap = await again.call<{ lines: string[] }>('panes.capture', { key: pane.key });
    expect(cap.lines).toContain('flood-2done');
  }, 120_000);
});

describe('one host session, several clients', () => {
  it('shows it on a second local server, which sees what the first types', async () => {
    const s = fx.server!;
    const run2 = join(fx.home, 'run2');
    mkdirSync(run2, { mode: 0o700 });
    // Same user, same ssh setup and config.toml; its own socket and state (another laptop).
    const second = await startServer({
      home: { home: fx.home, env: fx.env },
      env: { ROZI_SOCKET: join(run2, 'rozi.sock'), ROZI_STATE_DIR: join(fx.home, 'state2') },
    });
    try {
      await second.call('hosts.connect', { alias: 'box' });
      const pane2 = await waitFor('dev@box on the second server', async () =>
        (await second.call<WorkspaceInfo>('workspace.get')).panes.find((p) => p.session === 'dev@box'),
      );
      const pane1 = (await s.call<WorkspaceInfo>('workspace.get')).panes.find(
        (p) => p.session === 'dev@box' && p.id === pane2.id,
      )!;
      await s.call('panes.sendText', { key: pane1.key, text: 'echo from-one-$((40+2))\r' });
      await waitFor(
        'the second server to see it',
        async () =>
          (await second.call<{ lines: string[] }>('panes.capture', { key: pane2.key })).lines.includes(
            'from-one-42',
          ),
        20_000,
      );
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('lists and kills host sessions from the CLI with --remote', async () => {
    const env = fx.server!.env;
    const listed = await runCli(env, ['list-sessions', '--remote', 'box', '--format', 'json']);
    expect(listed.code).toBe(0);
    const names = (JSON.parse(listed.stdout) as { data: Array<{ name: string }> }).data.map((r) => r.name);
    expect(names).toContain('dev@box');
    const killed = await runCli(env, ['kill-session', 'dev', '--remote', 'box', '--format', 'text']);
    expect(killed.stdout.trim()).toBe('killed session dev@box');
    const after = await runCli(env, ['list-sessions', '--remote', 'box', '--format', 'json']);
    expect(
      (JSON.parse(after.stdout) as { data: Array<{ name: string }> }).data.map((r) => r.name),
    ).not.toContain('dev@box');
  }, 60_000);
});
