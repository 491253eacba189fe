// Sessions, tabs and panes against a real server with real PTYs: spawn, split, capture,
// send-keys, resize, titles, bell, exit codes, keep-open, the pane environment and the CLI.
import { describe, expect, it } from 'vitest';
import type { PaneInfo, WorkspaceInfo } from '../src/session/model';
import type { PaneCapture } from '../src/session/capture';
import { BIN, runCli, waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';
import { Viewer } from './viewer';

let s: TestServer;
startServerForFile((started) => (s = started));

const capture = (target: number, extra: object = {}) =>
  s.call<PaneCapture>('panes.capture', { target, ...extra });
const screen = async (target: number) => (await capture(target)).lines.join('\n');
const panes = () => s.call<PaneInfo[]>('panes.list');

describe('panes', () => {
  it('starts a main session with one shell pane and lists every JSON field', async () => {
    const rows = await panes();
    expect(rows).toHaveLength(1);
    const p = rows[0] as PaneInfo;
    for (const field of [
      'id',
      'session',
      'tab',
      'title',
      'cwd',
      'command',
      'argv',
      'foreground_program',
      'foreground_arguments',
      'pid',
      'cols',
      'rows',
      'focused',
      'exited',
      'exit_code',
      'agent',
      'agent_state',
    ]) {
      expect(p).toHaveProperty(field);
    }
    expect(p).toMatchObject({
      id: 1,
      session: 'main',
      focused: true,
      exited: false,
      command: null,
      argv: null,
      agent: null,
      agent_state: null,
      cwd: s.home,
    });
    await waitFor('bash in the foreground', async () => (await panes())[0]?.foreground_program === 'bash');
  });

  it('runs send-keys and captures the echo; the pane has the rozi environment', async () => {
    await s.call('panes.sendKeys', {
      target: 1,
      keys: [
        'echo "R=$ROZI P=$ROZI_PANE S=$ROZI_SESSION_NAME T=$TERM C=$COLORTERM B=${ROZI_BIN##*/} K=${ROZI_SOCKET##*/}"',
        'Enter',
      ],
    });
    await waitFor('the echo', async () =>
      (await screen(1)).includes('R=1 P=1 S=main T=xterm-256color C=truecolor B=rozi.mjs K=rozi.sock'),
    );
  });

  it('splits with a command line and with --argv, answering pty_ready', async () => {
    const a = await s.call<{ pane: PaneInfo; pty_ready: boolean }>('panes.split', {
      target: 1,
      direction: 'row',
      command: 'echo from-command; sleep 60',
    });
    expect(a.pty_ready).toBe(true);
    expect(a.pane).toMatchObject({ id: 2, command: 'echo from-command; sleep 60', argv: null });
    const b = await s.call<{ pane: PaneInfo; pty_ready: boolean }>('panes.split', {
      target: 2,
      direction: 'column',
      argv: ['sh', '-c', 'echo "from argv $0"; exec sleep 60'],
      title: 'worker',
    });
    expect(b.pty_ready).toBe(true);
    expect(b.pane).toMatchObject({
      id: 3,
      command: null,
      argv: ['sh', '-c', 'echo "from argv $0"; exec sleep 60'],
      title: 'worker',
    });
    await waitFor(
      'both outputs',
      async () => (await screen(2)).includes('from-command') && (await screen(3)).includes('from argv sh'),
    );
    await waitFor(
      'sleep in the foreground of pane 3',
      async () => (await panes()).find((p) => p.id === 3)?.foreground_program === 'sleep',
    );
    const ws = await s.call<WorkspaceInfo>('workspace.get');
    expect(ws.sessions[0]?.tabs[0]?.layout).toEqual({
      type: 'split',
      direction: 'row',
      ratios: [0.5, 0.5],
      children: [
        { type: 'pane', paneId: 1 },
        {
          type: 'split',
          direction: 'column',
          ratios: [0.5, 0.5],
          children: [
            { type: 'pane', paneId: 2 },
            { type: 'pane', paneId: 3 },
          ],
        },
      ],
    });
  });

  it('tracks OSC titles and bells', async () => {
    const v = new Viewer(s);
    await v.opened;
    await s.call('panes.sendKeys', { target: 1, keys: ["printf '\\033]0;my title\\007\\a'", 'Enter'] });
    await waitFor('the title', async () => (await panes()).find((p) => p.id === 1)?.title === 'my title');
    await waitFor('bell event', () => v.messages.some((m) => m.t === 'event' && m.event.type === 'bell'));
    expect((await panes()).find((p) => p.id === 1)?.bell).toBeGreaterThan(0);
    await v.close();
  });

  it('resizes the PTY through the WebSocket and the program sees it', async () => {
    const key = (await panes()).find((p) => p.id === 1)?.key as number;
    const v = new Viewer(s);
    await v.opened;
    v.attach(key, { cols: 100, rows: 30 });
    await waitFor('resize', async () => (await panes()).find((p) => p.id === 1)?.cols === 100);
    await s.call('panes.sendKeys', { target: 1, keys: ['clear; stty size', 'Enter'] });
    await waitFor('stty size', async () => (await screen(1)).includes('30 100'));
    expect((await capture(1)).size).toEqual({ cols: 100, rows: 30 });
    await v.close();
  });

  it('reports exit codes; --keep-open panes stay with the status, others disappear', async () => {
    const v = new Viewer(s);
    await v.opened;
    const kept = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      command: 'exit 7',
      keepOpen: true,
    });
    const gone = await s.call<{ pane: PaneInfo }>('panes.split', { target: 1, command: 'kill -TERM $$' });
    await waitFor(
      'exit of the kept pane',
      async () => (await panes()).find((p) => p.id === kept.pane.id)?.exited,
    );
    const row = (await panes()).find((p) => p.id === kept.pane.id) as PaneInfo;
    expect(row).toMatchObject({ exited: true, exit_code: 7, pid: null });
    await waitFor('exit notice', async () =>
      (await screen(kept.pane.id)).includes('[process exited with code 7]'),
    );
    await waitFor('the killed pane removed', async () => !(await panes()).some((p) => p.id === gone.pane.id));
    const exited = v.messages.find(
      (m) => m.t === 'event' && m.event.type === 'pane-exited' && m.event.paneId === gone.pane.id,
    );
    expect(exited && exited.t === 'event' && exited.event.type === 'pane-exited' && exited.event.code).toBe(
      128 + 15,
    );
    await s.call('panes.kill', { target: kept.pane.id });
    await v.close();
  });

  it('captures scrollback on request', async () => {
    await s.call('panes.sendKeys', { target: 1, keys: ['clear; seq 1 200', 'Enter'] });
    await waitFor('seq output', async () => (await capture(1)).lines.includes('200'));
    const c = await capture(1, { scrollback: 'full' });
    expect(c.scrollback).toBeGreaterThan(100);
    expect(c.lines).toContain('1');
    expect((await capture(1, { scrollback: 5 })).lines.length).toBe(c.size.rows + 5);
  });

  it('encodes tmux key names: C-c interrupts, Up recalls history', async () => {
    await s.call('panes.sendKeys', { target: 1, keys: ['clear; echo once-more', 'Enter'] });
    await waitFor('first run', async () => (await screen(1)).includes('once-more'));
    await s.call('panes.sendKeys', { target: 1, keys: ['sleep 100', 'Enter'] });
    await waitFor(
      'sleep running',
      async () => (await panes()).find((p) => p.id === 1)?.foreground_program === 'sleep',
    );
    await s.call('panes.sendKeys', { target: 1, keys: ['C-c'] });
    await waitFor(
      'sleep interrupted',
      async () => (await panes()).find((p) => p.id === 1)?.foreground_program === 'bash',
    );
    await s.call('panes.sendKeys', { target: 1, keys: ['clear', 'Enter'] });
    await s.call('panes.sendKeys', { target: 1, keys: ['Up', 'Up', 'Enter'] });
    await waitFor(
      'history recall ran sleep',
      async () => (await panes()).find((p) => p.id === 1)?.foreground_program === 'sleep',
    );
    await s.call('panes.sendKeys', { target: 1, keys: ['C-c'] });
    await expect(s.call('panes.sendKeys', { target: 1, keys: ['C-Bogus'] })).rejects.toThrow(
      /unknown key 'C-Bogus'/,
    );
  });

  it('manages sessions and tabs', async () => {
    const r = await s.call<{ session: string; pane: PaneInfo }>('sessions.create', {
      name: 'dev',
      command: 'sleep 60',
    });
    expect(r).toMatchObject({ session: 'dev', pane: { id: 1, session: 'dev' } });
    await expect(s.call('sessions.create', { name: 'dev' })).rejects.toThrow(/already exists/);
    const t = await s.call<{ tab: number; pane: PaneInfo }>('tabs.create', {
      session: 'dev',
      name: 'second',
      command: 'sleep 60',
    });
    expect(t.tab).toBe(2);
    await s.call('sessions.rename', { session: 'dev', to: 'dev2' });
    expect((await panes()).filter((p) => p.session === 'dev2')).toHaveLength(2);
    await s.call('tabs.close', { session: 'dev2', tab: 2 });
    await s.call('sessions.kill', { session: 'dev2' });
    expect((await s.call<WorkspaceInfo>('workspace.get')).sessions.map((x) => x.name)).toEqual(['main']);
  });
});

describe('the rozi CLI against the server', () => {
  it('list-panes prints JSON when piped', async () => {
    const r = await runCli(s.env, ['list-panes']);
    expect(r.code).toBe(0);
    const reply = JSON.parse(r.stdout) as { ok: true; data: PaneInfo[] };
    expect(reply.ok).toBe(true);
    expect(reply.data.some((p) => p.id === 1 && p.session === 'main')).toBe(true);
  });

  it('split --argv answers pty_ready; send-keys and capture-pane work; text mode prints the screen', async () => {
    const sp = await runCli(s.env, [
      'split',
      '--target',
      '1',
      '--direction',
      'down',
      '--title',
      'cli',
      '--argv',
      'bash',
      '--norc',
      '--noprofile',
    ]);
    expect(sp.code).toBe(0);
    const pane = (JSON.parse(sp.stdout) as { data: PaneInfo & { pty_ready: boolean } }).data;
    expect(pane.pty_ready).toBe(true);
    expect(pane.argv).toEqual(['bash', '--norc', '--noprofile']);
    expect(
      (await runCli(s.env, ['send-keys', '-t', String(pane.id), 'echo cli-$((6*7))', 'Enter'])).code,
    ).toBe(0);
    await waitFor('cli echo', async () => (await screen(pane.id)).includes('cli-42'));
    const cap = await runCli(s.env, ['capture-pane', '-t', String(pane.id), '--format', 'text']);
    expect(cap.stdout).toContain('cli-42');
    const json = (
      JSON.parse(
        (await runCli(s.env, ['capture-pane', '-t', String(pane.id), '--format', 'json'])).stdout,
      ) as {
        data: PaneCapture & { text: string };
      }
    ).data;
    expect(json.text).toContain('cli-42');
    expect(json).toMatchObject({
      title: 'cli',
      size: { cols: expect.any(Number), rows: expect.any(Number) },
      cursor: { x: expect.any(Number), y: expect.any(Number) },
    });
    expect((await runCli(s.env, ['kill-pane', '-t', String(pane.id)])).code).toBe(0);
  });

  it('resolves the calling pane from ROZI_PANE inside a pane', async () => {
    const { pane } = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      argv: ['bash', '--norc', '--noprofile'],
    });
    await s.call('panes.sendKeys', {
      target: pane.id,
      keys: [`${process.execPath} ${BIN} rename-pane inside-name`, 'Enter'],
    });
    await waitFor(
      'renamed from inside',
      async () => (await panes()).find((p) => p.id === pane.id)?.title === 'inside-name',
      15_000,
    );
    await s.call('panes.kill', { target: pane.id });
  });

  it('errors are one line with a stable code and documented exit codes', async () => {
    const nf = await runCli(s.env, ['capture-pane', '-t', '99', '--format', 'json']);
    expect(nf.code).toBe(1);
    expect(JSON.parse(nf.stdout)).toEqual({
      ok: false,
      error: expect.stringContaining('no pane 99'),
      code: 'not-found',
    });
    expect(nf.stderr.trim().split('\n')).toHaveLength(1);
    const usage = await runCli(s.env, ['split', '--direction', 'sideways']);
    expect(usage.code).toBe(2);
    const none = await runCli({ ...s.env, ROZI_SOCKET: `${s.home}/run/nothing.sock` }, ['list-panes']);
    expect(none.code).toBe(3);
    expect(JSON.parse(none.stdout)).toMatchObject({ ok: false, code: 'no-server' });
  });

  it('a taken port is one line naming the port and --port, exit 10', async () => {
    const r = await runCli({ ...s.env, ROZI_SOCKET: `${s.home}/run/other.sock` }, [
      'server',
      '--no-web',
      '--port',
      String(s.port),
    ]);
    expect(r.code).toBe(10);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`port ${s.port}`);
    expect(r.stderr).toContain('--port');
  });

  it('refuses a non-loopback host without --allow-remote', async () => {
    const r = await runCli({ ...s.env, ROZI_SOCKET: `${s.home}/run/other.sock` }, [
      'server',
      '--no-web',
      '--port',
      '0',
      '--host',
      '0.0.0.0',
    ]);
    expect(r.code).toBe(10);
    expect(r.stderr).toContain('--allow-remote');
  });
});
