// session_scope = "attached" through a placed process's own socket (spec 003: such a service may
// "list the panes of every attached session within its placement"). A real server with two
// sessions and real services placed on this machine, each running the real CLI's
// `list-panes --scope attached` in a loop into its state directory: an each-session instance sees
// only its own session's panes (on screen or not), an each-host one every session here, and a
// service without the scope is refused with not-permitted.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

interface AttachedPane {
  id: number;
  session: string;
  on_screen: boolean;
  reference: { session_instance: string };
}

let server: TestServer;
let home: string;
let stateDir: string;

const listing = (who: string): string | undefined => {
  const file = join(stateDir, `attached-${who}.out`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
const panesOf = (who: string): AttachedPane[] | undefined => {
  const text = listing(who);
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as { data: AttachedPane[] }).data;
  } catch {
    return undefined;
  }
};
/** `who`'s next listing, written after this call (the loop writes one about every 300 ms). */
async function freshListing(who: string): Promise<string> {
  rmSync(join(stateDir, `attached-${who}.out`), { force: true });
  return waitFor(`a fresh listing from ${who}`, () => listing(who), 30_000);
}

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  server = await startServer({ home: h });
  await server.call('sessions.create', { name: 'other' });
  await server.call('panes.split', { target: 'other:1' });
  await server.call('panes.focus', { target: 'main:1' });
  const dir = join(home, 'watcher');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  // The service itself asks, again and again (sessions may come after it starts); each listing
  // lands whole (written beside, then renamed).
  writeFileSync(
    join(dir, 'bin', 'list.sh'),
    [
      'out="$ROZI_EXTENSION_STATE_DIR/attached-$1-${ROZI_SESSION_NAME:-host}.out"',
      'while :; do',
      '  "$ROZI_BIN" list-panes --scope attached --format json > "$out.tmp" 2>&1',
      '  mv "$out.tmp" "$out"',
      '  sleep 0.3',
      'done',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]\nid = "watcher"\napi = 1\n',
      '[[services]]\nname = "per"\nexec = ["sh", "./bin/list.sh", "per"]\nplacement = "each-session"\nsession_scope = "attached"\n',
      '[[services]]\nname = "host"\nexec = ["sh", "./bin/list.sh", "host"]\nplacement = "each-host"\nsession_scope = "attached"\n',
      '[[services]]\nname = "plain"\nexec = ["sh", "./bin/list.sh", "plain"]\nplacement = "each-session"\n',
    ].join('\n'),
  );
  const r = await runCli(server.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
  const status = await waitFor(
    'the services running',
    async () => {
      const s = await server.call<{
        extensions: { id: string; services: { unit: string; pid?: number }[] }[];
      }>('extensions.status', {});
      const units = s.extensions.find((e) => e.id === 'watcher')?.services ?? [];
      return units.length >= 5 ? units : undefined;
    },
    60_000,
  );
  const pid = status.find((u) => u.unit === 'service.host')?.pid;
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  stateDir = (environ.find((l) => l.startsWith('ROZI_EXTENSION_STATE_DIR=')) ?? '').split('=')[1] ?? '';
  // Every session exists for every listing from here on.
  await waitFor(
    'the each-host service to list both sessions',
    () => new Set(panesOf('host-host')?.map((p) => p.session)).size === 2,
    60_000,
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

describe('a placed service with session_scope = "attached"', () => {
  it('each-session: lists only its own session, on screen or not', async () => {
    const sessions = await server.call<{ name: string; instanceId: string }[]>('sessions.list');
    const instance = (name: string) => sessions.find((s) => s.name === name)?.instanceId;
    await freshListing('per-other');
    const other = panesOf('per-other');
    expect(other?.map((p) => p.session)).toEqual(['other', 'other']);
    expect(other?.every((p) => !p.on_screen && p.reference.session_instance === instance('other'))).toBe(
      true,
    );
    await freshListing('per-main');
    const main = panesOf('per-main');
    expect(main?.map((p) => `${p.session}:${p.on_screen}`)).toEqual(['main:true']);
    expect(main?.[0]?.reference.session_instance).toBe(instance('main'));
  }, 60_000);

  it('each-host: every session here; a service without the scope is not-permitted', async () => {
    await freshListing('host-host');
    const all = panesOf('host-host') ?? [];
    expect(all.map((p) => `${p.session}:${p.on_screen}`).sort()).toEqual([
      'main:true',
      'other:false',
      'other:false',
    ]);
    const refused = await freshListing('plain-other');
    expect(refused).toMatch(/"code":\s*"not-permitted"/);
    expect(refused).toContain('--scope attached needs session_scope = "attached" on this service');
  }, 60_000);
});
