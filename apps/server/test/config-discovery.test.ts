// rozi's discovery and config-file rules in a real server (issue 15.6): `--config PATH` picks the
// file, an extension directory cloned into the extensions folder by hand loads (listed as
// unmanaged), `[extensions] disabled` keeps one from loading, and `rozi extensions enable` clears
// that entry in config.toml; extension processes get ROZI=1.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

interface Listed {
  id: string;
  state: string;
  managed: boolean;
  disabled_by: string | null;
  source: { kind: string; path?: string };
}

let server: TestServer;
let home: string;
let configFile: string;

function handMade(id: string): void {
  const dir = join(home, '.local', 'share', 'rozi', 'extensions', `rozi-${id}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'extension.toml'),
    `[extension]\nid = "${id}"\napi = 1\n\n[[commands]]\nid = "env"\nlabel = "Env"\nexec = ["sh", "-c", "echo ROZI=$ROZI > \\"$ROZI_EXTENSION_STATE_DIR/env.txt\\""]\n`,
  );
}

const list = () => server.call<Listed[]>('extensions.list');

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  // Not the default location: only --config can make the server read it.
  configFile = join(home, 'elsewhere', 'my-rozi.toml');
  mkdirSync(join(home, 'elsewhere'), { recursive: true });
  writeFileSync(configFile, '# mine\n[extensions]\ndisabled = ["offme"]\n');
  handMade('handmade');
  handMade('offme');
  server = await startServer({ home: h, args: ['--config', configFile] });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

describe('config file and extension discovery', () => {
  it('loads a hand-cloned extension as unmanaged and honours [extensions] disabled from --config', async () => {
    expect(server.stdout()).toContain(configFile);
    const rows = await list();
    const by = (id: string) => rows.find((r) => r.id === id);
    expect(by('handmade')).toMatchObject({ state: 'enabled', managed: false, disabled_by: null });
    expect(by('handmade')?.source.kind).toBe('unmanaged');
    expect(by('offme')).toMatchObject({ state: 'disabled', managed: false, disabled_by: 'config' });
    const text = await runCli(server.env, ['extensions', 'list', '--format', 'text']);
    expect(text.stdout).toMatch(/offme\s.*disabled \(config\.toml\)\s+unmanaged:/);
  });

  it('runs the unmanaged extension command with ROZI=1', async () => {
    await server.call('extensions.runAction', { id: 'handmade.env' });
    const out = join(home, '.local', 'state', 'rozi', 'extensions', 'handmade', 'env.txt');
    await waitFor('the command output', () => readFileSync(out, 'utf8').includes('ROZI=1'));
  });

  it('enable clears the config.toml entry (comments kept) and the extension loads', async () => {
    const r = await runCli({ ...server.env, ROZI_CONFIG: configFile }, ['extensions', 'enable', 'offme']);
    expect(r.code).toBe(0);
    expect(readFileSync(configFile, 'utf8')).toMatch(/^# mine\n\[extensions\]\n/);
    await waitFor(
      'offme enabled',
      async () => (await list()).find((x) => x.id === 'offme')?.state === 'enabled',
    );
  });
});
