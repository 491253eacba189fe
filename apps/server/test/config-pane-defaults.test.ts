// config.toml's pane defaults in a real server: `cwd` (with ~), `shell` as an argv, and
// `[pane] hold_on_exit` apply to panes started after the server read them; a plain shell that
// exits stays in the layout with its exit code; a bad cwd leaves the default in force.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneInfo } from '../src/session/model';
import { makeHome, removeHome, startServer, waitFor, type TestServer } from './harness';

let server: TestServer;
let home: string;

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  mkdirSync(join(home, '.config', 'rozi'), { recursive: true });
  mkdirSync(join(home, 'work'));
  writeFileSync(
    join(home, '.config', 'rozi', 'config.toml'),
    '# panes\ncwd = "~/work"\nshell = ["/bin/bash", "--norc", "--noprofile"]\nscrollback = 50\n\n[pane]\nhold_on_exit = true\n',
  );
  server = await startServer({ home: h });
}, 90_000);

afterAll(async () => {
  expect(await server.stop()).toBe(0);
  removeHome(home);
});

const panes = () => server.call<PaneInfo[]>('panes.list');

describe('config.toml pane defaults', () => {
  it('starts the first pane in cwd with the configured shell, and holds it when the shell exits', async () => {
    const first = (await panes())[0] as PaneInfo;
    expect(first.cwd).toBe(join(home, 'work'));
    const cmdline = readFileSync(`/proc/${first.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline.slice(0, 3)).toEqual(['/bin/bash', '--norc', '--noprofile']);
    expect(first.keep_open).toBe(true);
    await server.call('panes.sendText', { target: first.id, text: 'exit 7\n' });
    const held = await waitFor('the shell exits and its pane stays', async () => {
      const p = (await panes()).find((x) => x.id === first.id);
      return p?.exited ? p : null;
    });
    expect(held.exit_code).toBe(7);
  });

  it('a cwd that is not a directory leaves the server default; a command pane is not held', async () => {
    writeFileSync(
      join(home, '.config', 'rozi', 'config.toml'),
      'cwd = "~/missing"\n[pane]\nhold_on_exit = true\n',
    );
    const r = await server.call<{ pane: PaneInfo }>('panes.newTab', { command: 'sleep 30' });
    expect(r.pane.cwd).toBe(home);
    expect(r.pane.keep_open).toBe(false);
  });
});
