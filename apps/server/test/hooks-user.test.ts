// The user's config.toml [[hooks]] in a real server: a `run =` hook is a detached shell command
// with ROZI_EVENT and ROZI_<FIELD> (rozi-compatible), and a `script =` hook runs sandboxed under
// the owner `config.toml`; the notification its effect raises does not call it again (no loops).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

interface HookRow {
  extensionId: string;
  hookId: string;
  calls: number;
}
interface Notification {
  title: string | null;
  message: string;
  session: string | null;
  paneId: number | null;
}

let server: TestServer;

beforeAll(async () => {
  const home = makeHome();
  const configDir = join(home.home, '.config', 'rozi');
  mkdirSync(join(configDir, 'hooks'), { recursive: true });
  writeFileSync(
    join(configDir, 'config.toml'),
    [
      '[[hooks]]',
      'event = "notification"',
      // Records its environment atomically (temp + rename) so the test never reads half a file.
      `run = "env | grep '^ROZI_' | sort > \\"$HOME/run-hook.env.tmp\\" && mv \\"$HOME/run-hook.env.tmp\\" \\"$HOME/run-hook.env\\""`,
      '',
      '[[hooks]]',
      'event = "notification"',
      'script = "./hooks/echo.js"',
      'permissions = ["notify"]',
      '',
      '[[hooks]]',
      'event = "bell"',
      'run = "true"',
      'permissions = ["notify"]',
      '',
      // rozi's events: each writes its environment to $HOME/<event>.env.
      ...['pane-status-changed', 'workspace-switched', 'profile-saved', 'profile-loaded'].flatMap((event) => [
        '[[hooks]]',
        `event = "${event}"`,
        `run = "env | grep '^ROZI_' | sort > \\"$HOME/$ROZI_EVENT.env.tmp\\" && mv \\"$HOME/$ROZI_EVENT.env.tmp\\" \\"$HOME/$ROZI_EVENT.env\\""`,
        '',
      ]),
    ].join('\n'),
  );
  // Answers every notification with one of its own: without the guard this would never stop.
  writeFileSync(
    join(configDir, 'hooks', 'echo.js'),
    "export default (e) => ({ type: 'notify', title: 'echo', message: `saw ${e.title}` });\n",
  );
  server = await startServer({ home });
}, 120_000);

afterAll(async () => {
  if (!server) return; // the start failed: beforeAll already said why.
  expect(await server.stop()).toBe(0);
  removeHome(server.home);
});

describe('config.toml hooks', () => {
  it('reports a bad entry in the server log and loads the others', () => {
    expect(server.stderr()).toMatch(
      /config\.toml \[\[hooks\]\] #3: "permissions" applies to script hooks only/,
    );
  });

  it('runs a run = hook detached with ROZI_EVENT and ROZI_<FIELD>', async () => {
    await server.call('notify', {
      title: 'deploy done',
      message: 'all green',
      level: 'warn',
      pane: { target: 1 },
    });
    const file = join(server.home, 'run-hook.env');
    await waitFor('the run hook wrote its environment', () => existsSync(file));
    const env = Object.fromEntries(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(env).toMatchObject({
      ROZI_EVENT: 'notification',
      ROZI_SESSION: 'main',
      ROZI_PANE: '1',
      ROZI_TITLE: 'deploy done',
      ROZI_MESSAGE: 'all green',
      ROZI_LEVEL: 'warn',
    });
    // The same socket a pane's shell gets, so the hook can call rozi back.
    expect(env.ROZI_SOCKET).toBe(server.env.ROZI_SOCKET);
  });

  it('runs a script = hook sandboxed, and its own notification raises no hook', async () => {
    await server.call('notify', { title: 'ping', message: 'hello' });
    const echo = await waitFor('the script hook answered', async () =>
      (await server.call<Notification[]>('workspace.notifications')).find(
        (n) => n.title === 'echo' && n.message === 'saw ping',
      ),
    );
    expect(echo.message).toBe('saw ping');
    const row = async () =>
      (await server.call<{ hooks: HookRow[] }>('extensions.status', {})).hooks.find(
        (h) => h.extensionId === 'config.toml',
      );
    // Two notifications were raised by the test (deploy done, ping); the echoes raised none.
    await waitFor('both calls counted', async () => (await row())?.calls === 2);
    // Give a loop every chance to show: another notification round trip, then count again.
    await server.call('notify', { title: 'pong', message: 'x' });
    await waitFor('three calls', async () => (await row())?.calls === 3);
    const echoes = (await server.call<Notification[]>('workspace.notifications')).filter(
      (n) => n.title === 'echo',
    );
    expect(echoes.map((n) => n.message).sort()).toEqual(['saw deploy done', 'saw ping', 'saw pong']);
  });
  it("runs run = hooks for rozi's pane-status-changed and workspace-switched with its fields", async () => {
    const envOf = (event: string) =>
      Object.fromEntries(
        readFileSync(join(server.home, `${event}.env`), 'utf8')
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    await server.call('status.set', { target: 1, status: 'blocked', reason: 'needs approval' });
    await waitFor('the status hook', () => existsSync(join(server.home, 'pane-status-changed.env')));
    expect(envOf('pane-status-changed')).toMatchObject({
      ROZI_EVENT: 'pane-status-changed',
      ROZI_PANE: '1',
      ROZI_STATUS: 'blocked',
      ROZI_REASON: 'needs approval',
      ROZI_PREVIOUS_STATUS: '',
      ROZI_PREVIOUS_REASON: '',
      ROZI_FOCUSED: 'true',
    });
    await server.call('tabs.create', {});
    await waitFor('the workspace hook', () => existsSync(join(server.home, 'workspace-switched.env')));
    expect(envOf('workspace-switched')).toMatchObject({
      ROZI_EVENT: 'workspace-switched',
      ROZI_SESSION: 'main',
      ROZI_WORKSPACE: '2',
    });
  });

  it("delivers the workspaces helper's profile-saved / profile-loaded to run = hooks and to a raw subscriber", async () => {
    const envOf = (event: string) =>
      Object.fromEntries(
        readFileSync(join(server.home, `${event}.env`), 'utf8')
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    // A raw-socket subscriber, as a script without the CLI would read them (control.md).
    const lines: string[] = [];
    const sub = createConnection(server.env.ROZI_SOCKET as string);
    sub.setEncoding('utf8');
    let buf = '';
    sub.on('data', (d: string) => {
      buf += d;
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
    });
    await new Promise<void>((resolve) => sub.on('connect', () => resolve()));
    sub.write(JSON.stringify({ cmd: 'subscribe', events: ['profile-saved', 'profile-loaded'] }) + '\n');
    await waitFor('the subscribe ack', () => lines.length > 0, 60_000);
    expect(JSON.parse(lines[0] as string)).toEqual({ ok: true });
    try {
      const saved = await runCli(server.env, ['save-profile', 'hookprof']);
      expect(saved.code).toBe(0);
      const path = (JSON.parse(saved.stdout) as { data: { path: string } }).data.path;
      await waitFor(
        'the profile-saved hook',
        () => existsSync(join(server.home, 'profile-saved.env')),
        60_000,
      );
      expect(envOf('profile-saved')).toMatchObject({
        ROZI_EVENT: 'profile-saved',
        ROZI_PROFILE: 'hookprof',
        ROZI_PATH: path,
      });
      await server.call('profiles.launch', { profile: 'hookprof', name: 'fromprof' });
      await waitFor(
        'the profile-loaded hook',
        () => existsSync(join(server.home, 'profile-loaded.env')),
        60_000,
      );
      expect(envOf('profile-loaded')).toMatchObject({
        ROZI_EVENT: 'profile-loaded',
        ROZI_PROFILE: 'hookprof',
        ROZI_PATH: path,
        ROZI_SESSION: 'fromprof',
      });
      await waitFor('both events on the socket', () => lines.length >= 3, 60_000);
      const savedLine = { profile: 'hookprof', path };
      const loaded = { profile: 'hookprof', path, session: 'fromprof' };
      // The fields under `data` and beside `event` (rozi's recipes read them there).
      expect(lines.slice(1).map((l) => JSON.parse(l) as unknown)).toEqual([
        { event: 'profile-saved', data: savedLine, ...savedLine },
        { event: 'profile-loaded', data: loaded, ...loaded },
      ]);
    } finally {
      sub.destroy();
    }
  }, 180_000);
});
