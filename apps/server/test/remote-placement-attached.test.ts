// Placed processes on a real host (real sshd, a real second account), two rules of spec 003:
// - session_scope = "attached": `list-panes --scope attached` lists the panes of every session
//   within the placement, by the host's names and ids: an each-session service its own session's
//   only, an each-host one every session of that host, and never the client's own sessions;
// - a placed process that stops has its credential retired: what it left open on its socket (a
//   helper's `rozi subscribe`) is cut by the host.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';

interface AttachedPane {
  id: number;
  session: string;
  on_screen: boolean;
  reference: { session_instance: string };
}
interface PlacedRow {
  service: string;
  session: string | null;
  state: string;
  pid: number | null;
}

let fx: RemoteFixture;
let home: string;

const listing = (who: string): string | undefined => {
  const file = join(home, `attached-${who}.out`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
const panesOf = (who: string): AttachedPane[] | undefined => {
  try {
    return (JSON.parse(listing(who) ?? '') as { data: AttachedPane[] }).data;
  } catch {
    return undefined;
  }
};
/** `who`'s next listing, written after this call (its loop writes one about every 300 ms). */
async function freshPanes(who: string): Promise<AttachedPane[]> {
  rmSync(join(home, `attached-${who}.out`), { force: true });
  return waitFor(`a fresh listing from ${who}`, () => panesOf(who), 60_000);
}
const environ = (pid: number): NodeJS.ProcessEnv =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  home = fx.hosts[0]!.account.home;
  const dir = join(fx.home, 'watcher');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  // The service asks, again and again, into the host account's HOME (each listing whole).
  writeFileSync(
    join(dir, 'bin', 'list.sh'),
    [
      '#!/bin/sh',
      'out="$HOME/attached-$1-${ROZI_SESSION_NAME:-host}.out"',
      'while :; do',
      '  "$ROZI_BIN" list-panes --scope attached --format json > "$out.tmp" 2>&1',
      '  mv "$out.tmp" "$out"',
      '  sleep 0.3',
      'done',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]\nid = "watcher"\napi = 1\n',
      '[[services]]\nname = "per"\nexec = ["./bin/list.sh", "per"]\nplacement = "each-session"\nsession_scope = "attached"\n',
      '[[services]]\nname = "host"\nexec = ["./bin/list.sh", "host"]\nplacement = "each-host"\nsession_scope = "attached"\n',
    ].join('\n'),
  );
  const s = await fx.start();
  await s.call('sessions.create', { name: 'dev', host: 'box' });
  await s.call('sessions.create', { name: 'ops', host: 'box' });
  await s.call('panes.split', { target: 'ops@box:1' });
  await s.call('panes.focus', { target: 'main:1' });
  const r = await runCli(s.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
  // Every session exists for every listing from here on.
  await waitFor(
    'the each-host service to list both sessions of box',
    () => new Set(panesOf('host-host')?.map((p) => p.session)).size === 2,
    // A host's cold start plus snapshot and start calls on a loaded 2-core box.
    200_000,
  );
}, 300_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

describe('placed on a host', () => {
  it('list-panes --scope attached: its own session (each-session), the host sessions (each-host), none of the client', async () => {
    const dev = await freshPanes('per-dev');
    expect(dev.map((p) => `${p.session}:${p.id}:${p.on_screen}`)).toEqual(['dev:1:false']);
    const ops = await freshPanes('per-ops');
    expect(ops.map((p) => `${p.session}:${p.id}`)).toEqual(['ops:1', 'ops:2']);
    expect(new Set(ops.map((p) => p.reference.session_instance)).size).toBe(1);
    expect(ops[0]!.reference.session_instance).not.toBe(dev[0]!.reference.session_instance);
    const all = await freshPanes('host-host');
    expect(all.map((p) => `${p.session}:${p.id}`).sort()).toEqual(['dev:1', 'ops:1', 'ops:2']);
    // ops on screen in the client: the host's listing says so, by its own name.
    await fx.server!.call('panes.focus', { target: 'ops@box:1' });
    await waitFor('ops on screen in the listing', async () =>
      (await freshPanes('host-host')).every((p) => p.on_screen === (p.session === 'ops')),
    );
  }, 180_000);

  it('a placed process that stops: the subscribe it left open on its socket is cut', async () => {
    const s = fx.server!;
    const perOps = await waitFor('per@ops running', async () => {
      const st = await s.call<{ placed: PlacedRow[] }>('extensions.status', {});
      return st.placed.find((r) => r.service === 'per' && r.session === 'ops' && r.state === 'running')?.pid;
    });
    const env = environ(perOps);
    const { uid } = fx.hosts[0]!.account;
    const asPlaced = (args: string[]) =>
      spawn(process.execPath, [BIN, ...args], { env, uid, gid: uid, stdio: ['ignore', 'pipe', 'pipe'] });
    const helper = asPlaced(['subscribe', 'notification']);
    let out = '';
    let err = '';
    helper.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    helper.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const exited = new Promise<number | null>((resolve) => helper.once('exit', (code) => resolve(code)));
    // Connected for sure once it has received an event (ops on screen): a helper still starting
    // when the socket closes would fail to connect and end without the cut this checks.
    await s.call('panes.focus', { target: 'ops@box:1' });
    let n = 0;
    await waitFor(
      'the helper to receive a notification raised on the host',
      async () => {
        const note = asPlaced(['notify', '--title', `helper-${n++}`, 'from the test']);
        await new Promise((r) => note.once('exit', r));
        return out.includes('"helper-');
      },
      60_000,
    );
    expect(helper.exitCode).toBeNull();
    // The session goes: its each-session process stops on the host.
    await s.call('panes.focus', { target: 'main:1' });
    await s.call('sessions.kill', { session: 'ops@box' });
    const code = await Promise.race([
      exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 60_000)),
    ]);
    if (code === 'running') helper.kill();
    expect(code).not.toBe('running');
    expect(err).toBe('');
  }, 180_000);
});
