// The Files and Git tabs on a remote pane (issue 20 item 5) over a real sshd and a second account:
// the listing, the git state and opening a file are answered by the host from its own disk (the
// calls name the pane's key, remote/routing.ts sends them there). This server's HOME has none of
// the host's files, so a local answer could not pass.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';
import type { PaneInfo, WorkspaceInfo } from '../src/session/model';
import { TEST_GIT_ENV } from './testGit';

interface Entry {
  name: string;
  kind: string;
}
interface Listing {
  root: string;
  repo: string | null;
  entries: Entry[];
}
interface GitAnswer {
  repo: string | null;
  branch: string | null;
  changes: Array<{ path: string; marker: string }>;
}

let fx: RemoteFixture;
let project: string;

const git = (args: string[]) =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], {
    cwd: project,
    env: TEST_GIT_ENV,
  });

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  const account = fx.hosts[0]!.account;
  project = join(account.home, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'src', 'host-only.ts'), 'export const where = "host";\n');
  writeFileSync(join(project, 'README.md'), 'one\n');
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-qm', 'first']);
  writeFileSync(join(project, 'README.md'), 'one\ntwo\n');
  writeFileSync(join(project, 'fresh.txt'), 'fresh\n');
  // The host's own config: Enter on a file runs this (with the path as $ROZI_FILE) in a new pane.
  const conf = join(account.home, '.config', 'rozi');
  mkdirSync(conf, { recursive: true });
  writeFileSync(
    join(conf, 'config.toml'),
    '[sidebar]\ntabs = ["sessions", { name = "files", on_click = { run = \'echo "HOST-OPENED by $(id -un): $ROZI_FILE"; cat "$ROZI_FILE"; sleep 600\' } }, "git"]\n',
  );
  execFileSync('chown', ['-R', `${account.uid}:${account.uid}`, project, join(account.home, '.config')]);
  await fx.start();
}, 180_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

describe('Files and Git tabs on a pane of a host session', () => {
  it('list, show git state and open files from the host', async () => {
    const s = fx.server!;
    const created = await s.call<{ session: string; pane: PaneInfo }>('sessions.create', {
      name: 'dev',
      host: 'box',
      cwd: project,
    });
    const key = created.pane.key;
    expect(created.pane.host).toBe('box');

    const root = await waitFor(
      'the host pane rooted in the project',
      async () => {
        const l = await s.call<Listing>('files.list', { key });
        return l.root === project ? l : null;
      },
      60_000,
    );
    expect(root.repo).toBe(project);
    expect(root.entries.map((e) => `${e.name}:${e.kind}`).sort()).toEqual([
      '.git:dir',
      'README.md:file',
      'fresh.txt:file',
      'src:dir',
    ]);
    const src = await s.call<Listing>('files.list', { key, rel: 'src' });
    expect(src.entries.map((e) => e.name)).toEqual(['host-only.ts']);

    // A path out of the tree: the host refuses it in one line.
    await expect(s.call('files.list', { key, rel: '../..' })).rejects.toThrow(/\.\./);

    const g = await s.call<GitAnswer>('files.git', { key, view: 'git' });
    expect(g.repo).toBe(project);
    expect(g.branch).toBe('main');
    expect(g.changes.map((c) => `${c.marker} ${c.path}`).sort()).toEqual(['? fresh.txt', 'M README.md']);

    // The git state follows a checkout typed in the host pane.
    await s.call('panes.sendText', { key, text: 'git checkout -q -b feature-on-host\r' });
    await waitFor(
      'the branch typed on the host',
      async () => (await s.call<GitAnswer>('files.git', { key, view: 'git' })).branch === 'feature-on-host',
      60_000,
    );

    // Enter on a file: the host's on_click runs in a new pane there, with the host's path.
    const opened = await s.call<{ how: string; path: string }>('files.open', {
      key,
      rel: 'src/host-only.ts',
    });
    expect(opened).toMatchObject({ how: 'run', path: join(project, 'src', 'host-only.ts') });
    const editor = await waitFor(
      'the opened file in a new host pane',
      async () => {
        const w = await s.call<WorkspaceInfo>('workspace.get');
        const panes = w.panes.filter((p) => p.session === 'dev@box' && p.key !== key);
        for (const p of panes) {
          const c = await s.call<{ lines: string[] }>('panes.capture', { key: p.key });
          if (c.lines.some((l) => l.includes('export const where = "host"'))) return c;
        }
        return null;
      },
      60_000,
    );
    expect(editor.lines.join('')).toContain(
      `HOST-OPENED by ${fx.hosts[0]!.account.user}: ${join(project, 'src', 'host-only.ts')}`,
    );

    // Bad input is refused by the host in one line and changes nothing.
    await expect(s.call('files.open', { key, rel: 'src' })).rejects.toThrow(
      'src is a directory; only files open',
    );
  }, 300_000);
});
