// `placement = "session"` on a remote host (spec 003, "Run a service without a UI"; issue 19
// item 6), against real sshd and a real second account: `rozi extensions deploy <ID> --session
// dev@box` sends this client's snapshot to the host, which runs the session service there as the
// host account, from the read-only snapshot, with the host's own [extensions.<ID>] settings over
// the manifest's defaults and ROZI_SESSION_INSTANCE of its session; the same deploy again is
// `unchanged`; `extensions status --session dev@box` shows it; it returns after the host's own
// server restarts; the service keeps running after the local server (every UI) is gone; undeploy
// from a restarted client stops it.
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';

let fx: RemoteFixture;

interface ServiceRow {
  state: string;
  pid?: number | null;
  reason?: string | null;
}

/** Writes the host account's config.toml whole (a rename: the host's watcher never reads half). */
function writeHostConfig(text: string): void {
  const account = fx.hosts[0]!.account;
  const conf = join(account.home, '.config', 'rozi');
  mkdirSync(conf, { recursive: true });
  writeFileSync(join(conf, 'config.toml.tmp'), text);
  for (const p of ['.config', '.config/rozi', '.config/rozi/config.toml.tmp'])
    chownSync(join(account.home, p), account.uid, account.uid);
  renameSync(join(conf, 'config.toml.tmp'), join(conf, 'config.toml'));
}

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  // The host's own config gives the extension's setting (the client's says nothing of it).
  writeHostConfig('[extensions.keeper]\nlevel = 2\n');
  await fx.start();
  const dir = join(fx.home, 'keeper');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(
    join(dir, 'bin', 'keep.sh'),
    [
      '#!/bin/sh',
      '{',
      '  echo "user=$(id -un)"',
      '  echo "home=$HOME"',
      '  env | grep "^ROZI_" | sort',
      '} > "$HOME/keep.tmp"',
      'mv "$HOME/keep.tmp" "$HOME/keep.txt"',
      'exec sleep 100000',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]\nid = "keeper"\napi = 1\n',
      '[settings]\nlevel = 1\n',
      '[[services]]\nname = "keep"\nexec = ["./bin/keep.sh"]\nplacement = "session"\n',
    ].join('\n'),
  );
  const r = await runCli(fx.server!.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
}, 300_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

function record(home: string): Map<string, string> | null {
  const f = join(home, 'keep.txt');
  if (!existsSync(f)) return null;
  const rows = readFileSync(f, 'utf8').trim().split('\n');
  return new Map(rows.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

/** Processes of the host account whose command line contains `needle`. */
function accountProcesses(uid: number, needle: string): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const uidOk = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${n}/status`, 'utf8'))?.[1] === String(uid);
        return uidOk && readFileSync(`/proc/${n}/cmdline`, 'utf8').split('\0').join(' ').includes(needle);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

describe('session placement (deploy) on a remote host', () => {
  it('deploys this client’s files into the host session, which keeps them running without any UI', async () => {
    const s = fx.server!;
    const account = fx.hosts[0]!.account;
    await s.call('sessions.create', { name: 'dev', host: 'box' });
    const deploy = async () => {
      const r = await runCli(s.env, [
        'extensions',
        'deploy',
        'keeper',
        '--session',
        'dev@box',
        '--format',
        'json',
      ]);
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { session: string; status: string; services: ServiceRow[] };
    };
    const first = await deploy();
    expect(first.status).toBe('deployed');
    expect(first.session).toBe('dev@box');
    const rec = await waitFor('the service record on the host', () => record(account.home), 120_000);
    expect(rec.get('user')).toBe(account.user);
    expect(rec.get('home')).toBe(account.home);
    expect(rec.get('ROZI_SESSION_NAME')).toBe('dev');
    expect(rec.get('ROZI_SESSION_INSTANCE')).toBeTruthy();
    expect(rec.get('ROZI_EXTENSION_CREDENTIAL')).toBeTruthy();
    expect(rec.get('ROZI_EXTENSION_DIR')).toMatch(
      new RegExp(`^${account.home}/\\.local/share/rozi/placed/[0-9a-f]{64}$`),
    );
    // The host's settings over the manifest's default.
    expect(rec.get('ROZI_EXTENSION_CONFIG')).toBe('{"level":2}');
    // Its status, asked through the host's session name.
    const serviceRow = async () => {
      const r = await runCli(s.env, ['extensions', 'status', '--session', 'dev@box', '--format', 'json']);
      const st = JSON.parse(r.stdout) as { deployments: { extension: string; services: ServiceRow[] }[] };
      return st.deployments.find((d) => d.extension === 'keeper')?.services[0];
    };
    const pidOf = async () => {
      const svc = await serviceRow();
      return svc?.state === 'running' && svc.pid ? svc.pid : null;
    };
    const pid = await waitFor('the deployed service running', pidOf, { timeoutMs: 120_000, everyMs: 1000 });
    expect(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]).toBe(String(account.uid));
    // The same files and settings again: unchanged, the same process.
    expect((await deploy()).status).toBe('unchanged');
    expect(await pidOf()).toBe(pid);

    // The host's rozi server restarts (a clean stop, as a reboot's) while its config.toml does
    // not parse: the session is resurrected there and the deployment returns with it, stopped,
    // its status saying why; once the config can be read it starts, as the same account, under a
    // new process, with the settings of now.
    const hostServers = accountProcesses(account.uid, 'server --headless');
    expect(hostServers).toHaveLength(1);
    rmSync(join(account.home, 'keep.txt'));
    writeHostConfig('[extensions.keeper\nlevel = 3\n');
    process.kill(hostServers[0]!, 'SIGTERM');
    await waitFor('the service stopped with its server', () => !alive(pid), 60_000);
    const held = await waitFor(
      'the deployment back, held by the unreadable config',
      async () => {
        const svc = await serviceRow().catch(() => undefined);
        return svc?.state === 'stopped' && svc.reason ? svc.reason : null;
      },
      { timeoutMs: 180_000, everyMs: 1000 },
    );
    expect(held).toMatch(/^the host's config cannot be read \(.+\); starts once it can$/);
    expect(existsSync(join(account.home, 'keep.txt'))).toBe(false);
    writeHostConfig('[extensions.keeper]\nlevel = 3\n');
    const back = await waitFor(
      'the deployment back after the host server restarted',
      async () => {
        const p = await pidOf().catch(() => null);
        return p && p !== pid ? p : null;
      },
      { timeoutMs: 180_000, everyMs: 1000 },
    );
    expect(accountProcesses(account.uid, 'server --headless')).not.toContain(hostServers[0]);
    const again0 = await waitFor('the returned service record', () => record(account.home), 120_000);
    expect(again0.get('user')).toBe(account.user);
    expect(again0.get('ROZI_SESSION_NAME')).toBe('dev');
    expect(again0.get('ROZI_EXTENSION_CONFIG')).toBe('{"level":3}');
    expect(again0.get('ROZI_EXTENSION_CREDENTIAL')).not.toBe(rec.get('ROZI_EXTENSION_CREDENTIAL'));

    // Every UI gone: the local server stops, its link to box ends; the session service stays.
    await s.stop();
    fx.server = null;
    await waitFor(
      "the link's host endpoint gone",
      () => accountProcesses(account.uid, 'serve --stdio').length === 0,
      { timeoutMs: 120_000, everyMs: 500 },
    );
    expect(alive(back)).toBe(true);

    // A new client: undeploy through the routing stops it on the host.
    const again = await fx.start();
    await waitFor(
      'the host reachable again',
      async () => (await runCli(again.env, ['list-sessions', '--remote', 'box'])).stdout.includes('dev'),
      { timeoutMs: 180_000, everyMs: 2000 },
    );
    const un = await runCli(again.env, ['extensions', 'undeploy', 'keeper', '--session', 'dev@box']);
    expect(un.code).toBe(0);
    await waitFor('the session service stopped', () => !alive(back), 60_000);
  }, 480_000);

  it("follows its host session's rename under a new credential and stops when it is killed", async () => {
    const s = fx.server!;
    const account = fx.hosts[0]!.account;
    await s.call('sessions.create', { name: 'ren', host: 'box' });
    rmSync(join(account.home, 'keep.txt'), { force: true });
    const r = await runCli(s.env, ['extensions', 'deploy', 'keeper', '--session', 'ren@box']);
    expect(r.code).toBe(0);
    const first = await waitFor('the service in ren', () => record(account.home), 120_000);
    expect(first.get('ROZI_SESSION_NAME')).toBe('ren');
    const [pid] = await waitFor('its process', () => {
      const p = accountProcesses(account.uid, 'sleep 100000').filter(alive);
      return p.length === 1 ? p : null;
    });
    rmSync(join(account.home, 'keep.txt'));
    await s.call('sessions.rename', { session: 'ren@box', to: 'ren2@box' });
    const moved = await waitFor('the service restarted in ren2', () => record(account.home), 120_000);
    expect(moved.get('ROZI_SESSION_NAME')).toBe('ren2');
    expect(moved.get('ROZI_EXTENSION_CREDENTIAL')).not.toBe(first.get('ROZI_EXTENSION_CREDENTIAL'));
    await waitFor('the old process gone', () => !alive(pid!), 60_000);
    // keep.sh writes its record before it execs sleep: on a loaded box the record can be seen
    // (and the old process be gone) before the new sleep exists.
    const [newPid] = await waitFor('the new process', () => {
      const p = accountProcesses(account.uid, 'sleep 100000').filter(alive);
      return p.length === 1 ? p : null;
    });
    await s.call('sessions.kill', { session: 'ren2@box' });
    await waitFor('the service stopped with its session', () => !alive(newPid!), 60_000);
  }, 300_000);
});
