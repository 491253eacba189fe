// Disk full, cases D01–D02, against a real server whose state and config directories live on a
// 1 MiB tmpfs (mounted for the test; tests run as root). With every byte taken: the snapshot
// write fails but snapshot.json stays the last whole one, keys.save answers an error instead of
// 200, config.toml keeps every byte, the server keeps serving; once space is back the next
// change is saved.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeHome, removeHome, startServer, waitFor, type TestServer } from '../harness';
import { mountSmallDisk } from '../smallDisk';

const disk = mountSmallDisk(1024);
const home = makeHome();
let s: TestServer | undefined;
afterAll(async () => {
  if (s && s.proc.exitCode === null) await s.kill9();
  disk.unmount();
  removeHome(home.home);
});

const snapshotNames = (file: string): string[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as { sessions: { name: string }[] }).sessions.map((x) => x.name);

it('D01–D02 a full disk loses nothing: snapshot and config.toml stay whole, keys.save says it failed', async () => {
  const stateDir = join(disk.dir, 'state');
  const configDir = join(disk.dir, 'config');
  s = await startServer({ home, env: { ROZI_STATE_DIR: stateDir, ROZI_CONFIG_DIR: configDir } });
  const config = `# my keys, by hand\n[keys]\n"pane.split-right" = "<prefix> v"\n`;
  writeFileSync(join(configDir, 'config.toml'), config);
  const snapshot = join(stateDir, 'snapshot.json');
  await s.call('sessions.create', { name: 'before' });
  await waitFor('the snapshot with it', () => snapshotNames(snapshot).includes('before'));

  disk.fill(0);
  // A long title makes the next snapshot larger than anything left.
  await s.call('sessions.create', { name: 'during' });
  await s.call('panes.rename', { session: 'during', target: 1, name: 'x'.repeat(4000) });
  await new Promise((r) => setTimeout(r, 1500)); // past the snapshot debounce (≤ 800 ms)
  expect(snapshotNames(snapshot)).toEqual(expect.arrayContaining(['before']));
  expect(snapshotNames(snapshot)).not.toContain('during');
  await expect(s.call('keys.save', { action: 'pane.split-down', keys: ['<prefix> s'] })).rejects.toThrow(
    /ENOSPC|no space/i,
  );
  expect(readFileSync(join(configDir, 'config.toml'), 'utf8')).toBe(config);
  expect(s.proc.exitCode).toBe(null);
  expect(await s.call('workspace.get')).toBeTruthy();

  disk.free();
  await s.call('sessions.create', { name: 'after' });
  await waitFor('the next snapshot', () => snapshotNames(snapshot).includes('after'), 5000);
  expect(snapshotNames(snapshot)).toEqual(expect.arrayContaining(['before', 'during', 'after']));
  expect(await s.stop()).toBe(0);
}, 90_000);
