// Placements in a real server (real processes): each-session services run one instance per
// session with ROZI_SESSION_NAME, start with a new session, restart on a rename and stop with the
// session; an active-session service runs beside the session on screen; a `placement = "session"`
// service deployed twice with the same files and settings reports `unchanged` and keeps running,
// while a changed deploy restarts it; a deployment follows its session's rename under a new
// credential and ends when the session does.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

interface ServiceStatus {
  unit: string;
  state: string;
  pid?: number;
}

let server: TestServer;
let home: string;
let dir: string;

const cli = (args: string[]) => runCli({ ...server.env }, args);
const servicesOf = async (): Promise<ServiceStatus[]> =>
  (
    await server.call<{ extensions: { id: string; services: ServiceStatus[] }[] }>('extensions.status', {})
  ).extensions.find((e) => e.id === 'placed')?.services ?? [];
/** The session a running instance says it works for (its environment, read from /proc). */
/** The session in a process's environment; none once it has exited (a zombie's reads empty). */
const sessionNow = (pid: number): string | undefined =>
  readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .find((l) => l.startsWith('ROZI_SESSION_NAME='))
    ?.slice('ROZI_SESSION_NAME='.length);
/**
 * The session a running service was started for. The supervisor lists a stopped instance as
 * running until it has heard of its exit; CI once read such a pid's environment there, empty.
 */
const sessionOf = (pid: number): Promise<string> =>
  waitFor(`ROZI_SESSION_NAME in pid ${pid}'s environment`, () => sessionNow(pid));
const running = async (prefix: string) =>
  (await servicesOf()).filter((s) => s.unit.startsWith(prefix) && s.state === 'running' && s.pid);

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  server = await startServer({ home: h });
  dir = join(home, 'placed');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  // Blocks on stdin and so exits at EOF, as the spec asks of a service.
  writeFileSync(join(dir, 'bin', 'svc.sh'), 'exec cat\n');
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]\nid = "placed"\napi = 1\n',
      '[settings]\nlevel = 1\n',
      '[[services]]\nname = "per"\nexec = ["sh", "./bin/svc.sh"]\nplacement = "each-session"\n',
      '[[services]]\nname = "active"\nexec = ["sh", "./bin/svc.sh"]\nplacement = "active-session"\n',
      '[[services]]\nname = "owned"\nexec = ["sh", "./bin/svc.sh"]\nplacement = "session"\n',
    ].join('\n'),
  );
  const r = await cli(['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
}, 60_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

describe('session-bound placements', () => {
  it('each-session: one instance per session, following creation, rename and kill; active-session beside the session on screen', async () => {
    const [first] = await waitFor('one each-session instance', async () =>
      (await running('service.per@')).length === 1 ? running('service.per@') : undefined,
    );
    expect(first?.unit).toBe('service.per@main');
    expect(await sessionOf(first?.pid as number)).toBe('main');
    const [active] = await waitFor('the active-session instance', async () =>
      (await running('service.active')).length === 1 ? running('service.active') : undefined,
    );
    expect(await sessionOf(active?.pid as number)).toBe('main');

    await server.call('sessions.create', { name: 'other' });
    const two = await waitFor('a second instance', async () =>
      (await running('service.per@')).length === 2 ? running('service.per@') : undefined,
    );
    const other = two.find((s) => s.unit === 'service.per@other');
    expect(await sessionOf(other?.pid as number)).toBe('other');
    // The on-screen session is still main: the active-session instance did not move.
    expect((await running('service.active'))[0]?.pid).toBe(active?.pid);

    await server.call('sessions.rename', { session: 'other', to: 'third' });
    // The instance under the new name, once one runs that was started for it: a rename may stop
    // an instance that is still listed for a moment, whose environment then reads empty.
    const renamed = await waitFor('the instance restarted with the new name', async () =>
      (await running('service.per@third')).find((s) => sessionNow(s.pid as number) === 'third'),
    );
    expect(renamed.pid).not.toBe(other?.pid);
    expect(await sessionOf(renamed.pid as number)).toBe('third');
    expect((await running('service.per@main'))[0]?.pid).toBe(first?.pid);

    await server.call('sessions.kill', { session: 'third' });
    await waitFor(
      'its instance stopped with the session',
      async () =>
        (await running('service.per@')).length === 1 &&
        (await servicesOf()).every((s) => !s.unit.endsWith('@third')),
    );
  });

  it('deploy: the same files and settings report unchanged and keep the session service running; a settings change restarts it', async () => {
    const deploy = async () =>
      JSON.parse(
        (await cli(['extensions', 'deploy', 'placed', '--session', 'main', '--format', 'json'])).stdout,
      ) as { status: string; services: ServiceStatus[] };
    const first = await deploy();
    expect(first.status).not.toBe('unchanged');
    const pidOf = async () => {
      const r = await server.call<{ deployments: { extension: string; services: ServiceStatus[] }[] }>(
        'extensions.status',
        { session: 'main' },
      );
      const s = r.deployments.find((d) => d.extension === 'placed')?.services[0];
      return s?.state === 'running' ? s.pid : undefined;
    };
    const pid = await waitFor('the session service running', pidOf);
    const again = await deploy();
    expect(again.status).toBe('unchanged');
    expect(await pidOf()).toBe(pid);
    mkdirSync(join(home, '.config/rozi'), { recursive: true });
    writeFileSync(join(home, '.config/rozi/config.toml'), '[extensions.placed]\nlevel = 2\n');
    await cli(['run-action', 'reload-extensions']);
    const changed = await deploy();
    expect(changed.status).not.toBe('unchanged');
    const newPid = await waitFor('restarted with the new settings', async () => {
      const p = await pidOf();
      return p !== undefined && p !== pid ? p : undefined;
    });
    expect(readFileSync(`/proc/${newPid}/environ`, 'utf8')).toContain('ROZI_EXTENSION_CONFIG={"level":2}');
    expect((await cli(['extensions', 'undeploy', 'placed', '--session', 'main'])).code).toBe(0);
  });

  it('deploy: follows its session renamed (a new credential, the new name) and ends with it', async () => {
    await server.call('sessions.create', { name: 'dep' });
    const r = await cli(['extensions', 'deploy', 'placed', '--session', 'dep', '--format', 'json']);
    expect(r.code).toBe(0);
    const deployedIn = async (session: string) => {
      const st = await server.call<{ deployments: { extension: string; services: ServiceStatus[] }[] }>(
        'extensions.status',
        { session },
      );
      const svc = st.deployments.find((d) => d.extension === 'placed')?.services[0];
      return svc?.state === 'running' ? svc.pid : undefined;
    };
    const envOf = (pid: number, name: string) =>
      readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .find((l) => l.startsWith(`${name}=`))
        ?.slice(name.length + 1);
    const records = () => readFileSync(join(home, '.local/state/rozi/deployments.json'), 'utf8');
    const pid = await waitFor('the deployment running in dep', () => deployedIn('dep'));
    const credential = envOf(pid, 'ROZI_EXTENSION_CREDENTIAL');
    expect(credential).toBeTruthy();

    await server.call('sessions.rename', { session: 'dep', to: 'dep2' });
    const moved = await waitFor('the deployment running in dep2', () => deployedIn('dep2'));
    expect(moved).not.toBe(pid);
    expect(envOf(moved, 'ROZI_SESSION_NAME')).toBe('dep2');
    const renewed = envOf(moved, 'ROZI_EXTENSION_CREDENTIAL');
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(credential);
    expect(await deployedIn('dep')).toBeUndefined();
    await waitFor('the record renamed', () => records().includes('"dep2"') && !records().includes('"dep"'));

    await server.call('sessions.kill', { session: 'dep2' });
    await waitFor('the deployment gone with its session', async () => {
      const st = await server.call<{ deployments: { extension: string }[] }>('extensions.status', {});
      return !st.deployments.some((d) => d.extension === 'placed');
    });
    await waitFor('its service process ended', () => {
      try {
        process.kill(moved, 0);
        return false;
      } catch {
        return true;
      }
    });
    expect(records()).not.toContain('dep2');
  });
});
