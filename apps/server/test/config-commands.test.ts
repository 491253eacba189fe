// config.toml user commands in a real server (issue 18.2): [[commands]] and [keys] inline
// commands are in the palette and the keymap (a bare key after the prefix), run through
// run-action and the palette's extensions.runAction: exec with ROZI=1 and no pane, run in a pane
// beside the focused one, send into the focused pane; an edit to config.toml shows at once.
// [environment] forward: a pane the CLI creates gets the CLI's value of each named variable.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneCapture } from '../src/session/capture';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

let server: TestServer;
let home: string;
let configFile: string;

const CONFIG = `# my commands
[[commands]]
id = "mark"
label = "Write a mark"
exec = "echo ROZI=$ROZI > mark.txt"

[[commands]]
id = "hello"
run = "echo hello-from-run; sleep 30"

[keys]
hello = "y"
g = { send = "echo typed-by-key\\n", label = "Type it" }

[environment]
forward = ["ROZI_FWD_TEST", "ROZI_FWD_UNSET"]
`;

const screen = async (target: number) =>
  (await server.call<PaneCapture>('panes.capture', { target })).lines.join('\n');

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  mkdirSync(join(home, '.config', 'rozi'), { recursive: true });
  configFile = join(home, '.config', 'rozi', 'config.toml');
  writeFileSync(configFile, CONFIG);
  server = await startServer({ home: h });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

describe('config.toml user commands', () => {
  it('lists them in the palette and binds a bare key after the prefix', async () => {
    const palette =
      await server.call<{ id: string; label: string; extension: string }[]>('extensions.palette');
    expect(palette.filter((p) => p.extension === 'config').map((p) => `${p.id}=${p.label}`)).toEqual([
      'hello=Run: echo hello-from-run; sleep 30',
      'keys:g=Type it',
      'mark=Write a mark',
    ]);
    const keys = await server.call<{ actions: { id: string; kind: string; keys: { key: string }[] }[] }>(
      'keys.list',
      { prefix: 'ctrl-a' },
    );
    const of = (id: string) => keys.actions.find((a) => a.id === id);
    expect(of('hello')).toMatchObject({ kind: 'extension-command', keys: [{ key: 'ctrl-a y' }] });
    expect(of('keys:g')).toMatchObject({ kind: 'extension-command', keys: [{ key: 'ctrl-a g' }] });
  });

  it('rozi run-action runs an exec command with ROZI=1 in the focused pane’s cwd, without a pane', async () => {
    const before = (await server.call<unknown[]>('panes.list')).length;
    const r = await runCli(server.env, ['run-action', 'mark']);
    expect(r.code).toBe(0);
    await waitFor('the mark', () => readFileSync(join(home, 'mark.txt'), 'utf8').trim() === 'ROZI=1');
    expect((await server.call<unknown[]>('panes.list')).length).toBe(before);
  });

  it('runs a run command in a new pane and a send command into the focused pane', async () => {
    const r = await server.call<{ pid: number | null }>('extensions.runAction', { id: 'hello' });
    expect(r).toMatchObject({ id: 'hello' });
    const panes = await server.call<{ id: number; title: string }[]>('panes.list');
    const pane = panes.find((p) => p.title.startsWith('Run: echo hello'));
    expect(pane).toBeDefined();
    await waitFor('the run output', async () => (await screen(pane!.id)).includes('hello-from-run'));
    await server.call('extensions.runAction', { id: 'keys:g' });
    await waitFor('the typed line', async () => (await screen(pane!.id)).includes('typed-by-key'));
  });

  it('[environment] forward gives a CLI-made pane the CLI’s value of each named variable, and only those', async () => {
    const r = await runCli({ ...server.env, ROZI_FWD_TEST: 'fwd-from-cli', ROZI_FWD_OTHER: 'not-listed' }, [
      'split',
      '--argv',
      'sh',
      '-c',
      'echo "v=$ROZI_FWD_TEST o=${ROZI_FWD_OTHER:-none} u=${ROZI_FWD_UNSET:-none}"; sleep 60',
    ]);
    expect(r.code).toBe(0);
    const id = (JSON.parse(r.stdout) as { data: { id: number } }).data.id;
    await waitFor('the forwarded value', async () =>
      (await screen(id)).includes('v=fwd-from-cli o=none u=none'),
    );
    await runCli(server.env, ['kill-pane', '--target', String(id)]);
  }, 60_000);

  it('an unknown id is refused in one line; a command added to config.toml shows at once', async () => {
    const r = await runCli(server.env, ['run-action', 'nosuch']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("no command 'nosuch'");
    writeFileSync(configFile, `${CONFIG}\n[[commands]]\nid = "later"\nexec = "true"\n`);
    await waitFor('the new command', async () =>
      (await server.call<{ id: string }[]>('extensions.palette')).some((p) => p.id === 'later'),
    );
  });
});
