// Processes placed on this machine are held to the placement rules as on a remote host (spec
// 003, "What a placed process may do": "These rules apply to placed processes on the client's own
// machine too"). A real server, real each-session services running the real CLI: each has its own
// credential and its own gated socket; its `rozi subscribe` receives only the events that happen
// while its session is on screen (a client service's receives all); pane commands for a session
// off screen are out-of-scope (list-panes answers nothing), and extensions status is not-permitted.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { BIN, makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

interface ServiceStatus {
  unit: string;
  state: string;
  pid?: number;
}

let server: TestServer;
let home: string;
let stateDir: string;

const environ = (pid: number): Record<string, string> =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
const pidOf = async (unit: string): Promise<number | undefined> => {
  const r = await server.call<{ extensions: { id: string; services: ServiceStatus[] }[] }>(
    'extensions.status',
    {},
  );
  const s = r.extensions.find((e) => e.id === 'watcher')?.services.find((x) => x.unit === unit);
  return s?.state === 'running' ? s.pid : undefined;
};
const log = (name: string): string[] => {
  const file = join(stateDir, `sub-${name}.log`);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
};
const titles = (name: string): string[] =>
  log(name).map((l) => String((JSON.parse(l) as { data: { title?: string } }).data.title));
let n = 0;
/** Raises notifications named `prefix-N` until `who`'s subscriber has one (it may still be connecting). */
async function notifyUntil(prefix: string, who: string): Promise<string[]> {
  const sent: string[] = [];
  await waitFor(
    `${who} to receive a ${prefix} notification`,
    async () => {
      const title = `${prefix}-${n++}`;
      sent.push(title);
      await server.call('notify', { title, message: 'from the test' });
      await new Promise((r) => setTimeout(r, 150));
      return titles(who).some((t) => t.startsWith(`${prefix}-`));
    },
    30_000,
  );
  return sent;
}

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  server = await startServer({ home: h });
  const dir = join(home, 'watcher');
  mkdirSync(dir, { recursive: true });
  mkdirSync(join(dir, 'bin'));
  // The real CLI's subscribe, its lines into the extension's state directory, one file a session.
  writeFileSync(
    join(dir, 'bin', 'sub.sh'),
    'exec "$ROZI_BIN" subscribe notification > "$ROZI_EXTENSION_STATE_DIR/sub-${ROZI_SESSION_NAME:-client}.log"\n',
  );
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]\nid = "watcher"\napi = 1\n',
      '[[services]]\nname = "per"\nexec = ["sh", "./bin/sub.sh"]\nplacement = "each-session"\n',
      '[[services]]\nname = "all"\nexec = ["sh", "./bin/sub.sh"]\n',
    ].join('\n'),
  );
  const r = await runCli(server.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
  await server.call('sessions.create', { name: 'other' });
  await server.call('panes.focus', { target: 'main:1' });
  stateDir = await waitFor('the services running', async () => {
    const pid = await pidOf('service.per@other');
    return pid && (await pidOf('service.per@main')) && (await pidOf('service.all'))
      ? environ(pid).ROZI_EXTENSION_STATE_DIR
      : undefined;
  });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

describe('a process placed on this machine', () => {
  it('has its own credential and socket, not the extension generation and the server socket', async () => {
    const main = environ((await pidOf('service.per@main'))!);
    const other = environ((await pidOf('service.per@other'))!);
    const client = environ((await pidOf('service.all'))!);
    expect(main.ROZI_EXTENSION_CREDENTIAL).toBeTruthy();
    expect(main.ROZI_EXTENSION_GENERATION).toBe(main.ROZI_EXTENSION_CREDENTIAL);
    expect(main.ROZI_EXTENSION_CREDENTIAL).not.toBe(other.ROZI_EXTENSION_CREDENTIAL);
    expect(main.ROZI_EXTENSION_CREDENTIAL).not.toBe(client.ROZI_EXTENSION_GENERATION);
    expect(client.ROZI_EXTENSION_CREDENTIAL).toBeUndefined();
    expect(main.ROZI_SOCKET).toMatch(/\/placed\/[0-9a-f]+\.sock$/);
    expect(main.ROZI_SOCKET).not.toBe(other.ROZI_SOCKET);
    expect(client.ROZI_SOCKET).toBe(server.env.ROZI_SOCKET);
  });

  it('subscribe: only the events while its own session is on screen', async () => {
    // The client service's subscriber is connected first, so it must see every one after.
    await notifyUntil('warm', 'client');
    const whileMain = await notifyUntil('main', 'main');
    await server.call('panes.focus', { target: 'other:1' });
    const whileOther = await notifyUntil('other', 'other');
    await server.call('panes.focus', { target: 'main:1' });
    const again = await notifyUntil('again', 'main');
    // The client service saw every one; each placed one only those of its session's turn.
    await waitFor('the client service to have them all', () =>
      [...whileMain, ...whileOther, ...again].every((t) => titles('client').includes(t)),
    );
    expect(titles('main').some((t) => t.startsWith('other-'))).toBe(false);
    expect(titles('other').some((t) => t.startsWith('main-') || t.startsWith('again-'))).toBe(false);
    expect(titles('main').some((t) => t.startsWith('again-'))).toBe(true);
  }, 120_000);

  it('pane commands off screen: out-of-scope, list-panes empty; on screen they work', async () => {
    const other = environ((await pidOf('service.per@other'))!);
    const main = environ((await pidOf('service.per@main'))!);
    const asOther = (args: string[]) => runCli(other, args);
    const capture = await asOther(['capture-pane', '--target', 'other:1']);
    expect(capture.code).not.toBe(0);
    expect(capture.stderr).toMatch(/out-of-scope|not on screen/);
    const list = await asOther(['list-panes', '--format', 'json']);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { data: unknown[] }).data).toEqual([]);
    const mine = await runCli(main, ['list-panes', '--format', 'json']);
    expect((JSON.parse(mine.stdout) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  }, 60_000);

  it('what reads the whole client is not-permitted', async () => {
    const main = environ((await pidOf('service.per@main'))!);
    const r = await runCli(main, ['extensions', 'status']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/not permitted/);
  }, 60_000);

  it('its session ending retires it: a subscribe it left open is cut', async () => {
    const other = environ((await pidOf('service.per@other'))!);
    const helper = spawn(process.execPath, [BIN, 'subscribe', 'notification'], {
      env: other,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    helper.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    helper.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const exited = new Promise<number | null>((resolve) => helper.once('exit', (code) => resolve(code)));
    // Connected for sure once it has received an event (its session on screen): a node start can
    // take seconds here, and a helper still starting when the socket closes fails to connect,
    // which would end it without the cut this checks.
    await server.call('panes.focus', { target: 'other:1' });
    await waitFor(
      'the helper to receive a notification',
      async () => {
        await server.call('notify', { title: `helper-${n++}`, message: 'from the test' });
        await new Promise((r) => setTimeout(r, 150));
        return out.includes('"helper-');
      },
      30_000,
    );
    expect(helper.exitCode).toBeNull();
    await server.call('sessions.kill', { session: 'other' });
    const code = await Promise.race([
      exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 30_000)),
    ]);
    if (code === 'running') helper.kill();
    expect(code).not.toBe('running');
    expect(err).toBe('');
  }, 60_000);
});
