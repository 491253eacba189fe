// session_scope = "attached" (spec: Services, "What a placed process may do"): in this single-server
// edition every live session counts as attached. A real server with two sessions; the real CLI as
// the extension's process lists every session's panes with `list-panes --scope attached`, and
// `rozi publish` with ROZI_PANE + ROZI_SESSION_INSTANCE lands in a session that is not on screen.
// An extension without such a service is refused.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

interface AttachedPane {
  id: number;
  session: string;
  on_screen: boolean;
  reference: { session_instance: string };
  agent_state: string | null;
}

let server: TestServer;
let home: string;

const MANIFESTS: Record<string, string[]> = {
  watcher: [
    '[[services]]',
    'name = "watch"',
    'exec = ["python3", "-c", "import sys; sys.stdin.read()"]',
    'placement = "each-host"',
    'session_scope = "attached"',
  ],
  plain: [
    '[[services]]',
    'name = "watch"',
    'exec = ["python3", "-c", "import sys; sys.stdin.read()"]',
    'placement = "each-host"',
  ],
};

async function identity(id: string): Promise<NodeJS.ProcessEnv> {
  const s = await server.call<{ extensions: { id: string; generation: string }[] }>('extensions.status', {});
  const generation = s.extensions.find((e) => e.id === id)?.generation;
  if (!generation) throw new Error(`${id} is not loaded`);
  return { ...server.env, ROZI_EXTENSION: id, ROZI_EXTENSION_GENERATION: generation };
}

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  server = await startServer({ home: h });
  expect((await runCli(server.env, ['new-session', '--name', 'other'])).code).toBe(0);
  for (const [id, lines] of Object.entries(MANIFESTS)) {
    const dir = join(home, id);
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'extension.toml'),
      [
        '[extension]',
        `id = "${id}"`,
        `title = "${id}"`,
        'version = "0.1.0"',
        'api = 1',
        '',
        ...lines,
        '',
      ].join('\n'),
    );
    const r = await runCli(server.env, ['extensions', 'install', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }
  await waitFor(
    'both extensions loaded',
    async () => (await identity('watcher')) && (await identity('plain')),
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

describe('session_scope = "attached"', () => {
  it('list-panes --scope attached lists every session with on_screen and its instance; others are refused', async () => {
    const sessions = await server.call<{ name: string; instanceId: string }[]>('sessions.list');
    const r = await runCli(await identity('watcher'), [
      'list-panes',
      '--scope',
      'attached',
      '--format',
      'json',
    ]);
    expect(r.stderr).toBe('');
    const panes = (JSON.parse(r.stdout) as { data: AttachedPane[] }).data;
    expect(panes.map((p) => p.session).sort()).toEqual(['main', 'other']);
    for (const p of panes)
      expect(p.reference.session_instance).toBe(sessions.find((s) => s.name === p.session)?.instanceId);
    expect(panes.filter((p) => p.on_screen).map((p) => p.session)).toEqual(['main']);

    const refused = await runCli(await identity('plain'), [
      'list-panes',
      '--scope',
      'attached',
      '--format',
      'json',
    ]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).code).toBe('not-permitted');
    const anonymous = await runCli(server.env, ['list-panes', '--scope', 'attached', '--format', 'json']);
    expect(JSON.parse(anonymous.stdout).code).toBe('not-permitted');
    expect((await runCli(server.env, ['list-panes', '--scope', 'everywhere'])).code).toBe(2);
  });

  it('publish with ROZI_PANE + ROZI_SESSION_INSTANCE lands in that session even when it is off screen', async () => {
    const env = await identity('watcher');
    const panes = (
      JSON.parse((await runCli(env, ['list-panes', '--scope', 'attached', '--format', 'json'])).stdout) as {
        data: AttachedPane[];
      }
    ).data;
    const target = panes.find((p) => !p.on_screen) as AttachedPane;
    // ROZI_SESSION_NAME names the other session on purpose: the instance decides.
    const pub = spawn(process.execPath, [BIN, 'publish', '--name', 'watcher'], {
      env: {
        ...env,
        ROZI_PANE: String(target.id),
        ROZI_SESSION_INSTANCE: target.reference.session_instance,
        ROZI_SESSION_NAME: 'main',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let err = '';
    pub.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    pub.stdin.write(JSON.stringify({ id: 'w', state: 'blocked', label: 'Watch' }) + '\n');
    try {
      const rows = async () =>
        (
          await server.call<{ session: string; pane: number; message: string | null; state: string }[]>(
            'agents.list',
            { all: true },
          )
        ).filter((r) => r.message === 'Watch');
      await waitFor('the row in the off-screen session', async () => (await rows()).length === 1);
      expect((await rows()).map((r) => `${r.session}:${r.pane}:${r.state}`)).toEqual([
        `other:${target.id}:blocked`,
      ]);
      expect(err).toBe('');
    } finally {
      pub.kill('SIGKILL');
    }
  }, 30_000);
});
