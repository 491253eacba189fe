// [notifications] pane_exit / pane_exit_error in a real server: a program that exits on its own
// with a non-zero code raises one notification naming the pane and the code; a pane ended by
// kill-pane raises none; a clean exit notifies only with pane_exit = true (read live).
// The same exits run the user's [[hooks]] event = "pane-exited" with rozi's ROZI_* environment
// (ROZI_EVENT, ROZI_PANE, ROZI_CODE, ROZI_FOCUSED); a hook that fails costs one log line and
// nothing else (the other hook, the notice and the server carry on).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationInfo, PaneInfo } from '../src/session/model';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

let server: TestServer;
let home: string;
const configFile = () => join(home, '.config', 'rozi', 'config.toml');
// Hook 1 records its environment per pane (temp + rename: never read half written); hook 2 fails.
const HOOKS = [
  '[[hooks]]',
  'event = "pane-exited"',
  `run = "env | grep '^ROZI_' | sort > \\"$HOME/exit-$ROZI_PANE.env.tmp\\" && mv \\"$HOME/exit-$ROZI_PANE.env.tmp\\" \\"$HOME/exit-$ROZI_PANE.env\\""`,
  '',
  '[[hooks]]',
  'event = "pane-exited"',
  'run = "exit 7"',
  '',
].join('\n');
const hookEnv = (pane: number) =>
  waitFor(
    `the pane-exited hook of pane ${pane}`,
    () => {
      const file = join(home, `exit-${pane}.env`);
      if (!existsSync(file)) return null;
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      return Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    },
    60_000,
  );
const failedHookLines = () =>
  server
    .stderr()
    .split('\n')
    .filter((l) => l.includes('config.toml#2'));

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  mkdirSync(join(home, '.config', 'rozi'), { recursive: true });
  writeFileSync(configFile(), `[notifications]\npane_exit_error = true\n\n${HOOKS}`);
  server = await startServer({ home: h });
}, 120_000);

afterAll(async () => {
  expect(await server.stop()).toBe(0);
  removeHome(home);
});

const notes = () => server.call<NotificationInfo[]>('workspace.notifications');
const exitNotes = async (pane: number) =>
  (await notes()).filter((n) => n.paneId === pane && /^Pane exited/.test(n.title ?? ''));
const gone = async (id: number) => !(await server.call<PaneInfo[]>('panes.list')).some((p) => p.id === id);

describe('pane exit notices', () => {
  it("sh -c 'exit 3' gives one error notice naming the pane and the code; kill-pane gives none", async () => {
    const killed = await server.call<{ pane: PaneInfo }>('panes.newTab', { command: 'sleep 600' });
    const r = await runCli(server.env, ['kill-pane', '--target', String(killed.pane.id)]);
    expect(r.code, r.stderr).toBe(0);
    await waitFor('the killed pane is gone', () => gone(killed.pane.id), 60_000);

    const failing = await server.call<{ pane: PaneInfo }>('panes.newTab', {
      command: "sleep 1; sh -c 'exit 3'",
    });
    const id = failing.pane.id;
    const mine = await waitFor(
      'the exit notice',
      async () => {
        const list = await exitNotes(id);
        return list.length ? list : null;
      },
      60_000,
    );
    await waitFor('the exited pane is gone', () => gone(id), 60_000);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.level).toBe('error');
    expect(mine[0]!.session).toBe(failing.pane.session);
    expect(mine[0]!.message).toContain(`pane ${failing.pane.session}:${id}`);
    expect(mine[0]!.message).toContain('exited with code 3');
    // The kill came first; had it raised a notice, it would be in the list by now.
    expect(await exitNotes(killed.pane.id)).toEqual([]);

    const env = await hookEnv(id);
    expect(env).toMatchObject({
      ROZI_EVENT: 'pane-exited',
      ROZI_SESSION: failing.pane.session,
      ROZI_PANE: String(id),
      ROZI_CODE: '3',
    });
    expect(['true', 'false']).toContain(env.ROZI_FOCUSED);
    expect(env.ROZI_SOCKET).toBe(server.env.ROZI_SOCKET);
    // The failing hook: one line per run, naming the hook, the event and its code; nothing else.
    await waitFor('the failing hook logged', () => failedHookLines().length > 0, 60_000);
    for (const line of failedHookLines())
      expect(line).toMatch(/^rozi: hooks: config\.toml#2 \(pane-exited\) exited with 7$/);
  }, 180_000);

  it('a clean exit is quiet by default and notified with pane_exit = true', async () => {
    const quiet = await server.call<{ pane: PaneInfo }>('panes.newTab', { command: 'true' });
    await waitFor('the clean pane is gone', () => gone(quiet.pane.id), 60_000);
    writeFileSync(configFile(), `[notifications]\npane_exit = true\npane_exit_error = false\n\n${HOOKS}`);
    // The store stats the file at each read: the next exits see the new switches.
    const loud = await server.call<{ pane: PaneInfo }>('panes.newTab', { command: 'sleep 1; exit 0' });
    const n = await waitFor(
      'the clean exit notice',
      async () => {
        const list = await exitNotes(loud.pane.id);
        return list.length ? list : null;
      },
      60_000,
    );
    expect(n[0]!.level).toBe('info');
    expect(n[0]!.message).toContain('exited with code 0');
    expect(await hookEnv(loud.pane.id)).toMatchObject({
      ROZI_EVENT: 'pane-exited',
      ROZI_PANE: String(loud.pane.id),
      ROZI_CODE: '0',
    });
    const failing = await server.call<{ pane: PaneInfo }>('panes.newTab', { command: 'exit 4' });
    await waitFor('the failing pane is gone', () => gone(failing.pane.id), 60_000);
    expect(await exitNotes(failing.pane.id)).toEqual([]);
    expect(await exitNotes(quiet.pane.id)).toEqual([]);
    // The hooks still run where no notice is due, and the failing one never stopped them.
    expect((await hookEnv(failing.pane.id)).ROZI_CODE).toBe('4');
    expect((await hookEnv(quiet.pane.id)).ROZI_CODE).toBe('0');
  }, 180_000);

  it('Settings writes [notifications] pane_exit through config.setBehaviour; a bad key is one line', async () => {
    const before = readFileSync(configFile(), 'utf8');
    await expect(
      server.call('config.setBehaviour', { table: 'notifications', set: { pane_exit: 'yes' } }),
    ).rejects.toThrow();
    await expect(
      server.call('config.setBehaviour', { table: 'sounds', set: { player: true } }),
    ).rejects.toThrow(/^'player' is not a \[sounds\] setting Settings writes; use one of [a-z_, ]+$/);
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
    await server.call('config.setBehaviour', { table: 'notifications', set: { pane_exit: false } });
    expect(readFileSync(configFile(), 'utf8')).toContain('pane_exit = false');
    expect(readFileSync(configFile(), 'utf8')).toContain('[[hooks]]');
    const b = await server.call<{ notifications: { paneExit: boolean | null } }>('config.behaviour');
    expect(b.notifications.paneExit).toBe(false);
  }, 60_000);
});
