// Agent worktrees on a remote host (issue 22 item 5) against real sshd and a second account: an
// agent started with --worktree from a pane of `dev@box` gets its worktree made by the host's git
// on the host's disk, runs there, shows its branch in this server's workspace, and its turns,
// review and finish go through the host. This server's HOME holds no repository at all, so a
// local answer could not pass.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneInfo } from '../src/session/model';
import { agentCapture } from './agentCaptures';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';

const FAKE = join(__dirname, 'fake-agents', 'fake-agent.mjs');

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  await fx.start();
}, 240_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

/** git as the host's account (its files must be its own: git refuses a repository owned by another). */
function hostGit(cwd: string, ...args: string[]): string {
  const a = fx.hosts[0]!.account;
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    uid: a.uid,
    gid: a.uid,
    env: { PATH: process.env.PATH, HOME: a.home },
  });
}

describe('an agent worktree on a remote host', { timeout: 600_000 }, () => {
  it('is made by the host, shows here, and its turns, review and finish go through the host', async () => {
    const s = fx.server!;
    const account = fx.hosts[0]!.account;
    writeFileSync(
      join(account.home, '.gitconfig'),
      '[user]\n\tname = Host Person\n\temail = host@example.test\n',
    );
    execFileSync('chown', [`${account.uid}:${account.uid}`, join(account.home, '.gitconfig')]);
    const repo = join(account.home, 'demo');
    mkdirSync(repo);
    execFileSync('chown', [`${account.uid}:${account.uid}`, repo]);
    hostGit(repo, 'init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'app.ts'), 'export const x = 1;\n');
    execFileSync('chown', [`${account.uid}:${account.uid}`, join(repo, 'app.ts')]);
    hostGit(repo, 'add', '-A');
    hostGit(repo, 'commit', '-q', '-m', 'first');

    const created = await s.call<{ pane: PaneInfo }>('sessions.create', { name: 'dev', host: 'box' });
    const source = created.pane;
    await s.call('panes.sendText', { key: source.key, text: `cd ${repo}\r` });
    await waitFor(
      'the host pane in the repository',
      async () => {
        const rows = await s.call<PaneInfo[]>('panes.list');
        return rows.find((r) => r.key === source.key)?.cwd === repo;
      },
      60_000,
    );

    const log = join(account.home, 'agent-input.log');
    writeFileSync(log, '');
    execFileSync('chmod', ['666', log]);
    const run = [
      'ROZI_AGENT=codex',
      `FAKE_FIXTURE=${agentCapture('codex')}`,
      'FAKE_SEQUENCE=idle',
      'FAKE_EDITS=1',
      'FAKE_WORK_MS=900',
      `FAKE_INPUT_LOG=${log}`,
      `node ${FAKE}`,
    ].join(' ');
    const r = await runCli(s.env, [
      '--format',
      'json',
      'agents',
      'new',
      '--worktree',
      '--branch',
      'feat/remote',
      '--target',
      `dev@box:${source.id}`,
      '--argv',
      '/bin/sh',
      '-c',
      `${run}; sleep 600`,
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const launched = (
      JSON.parse(r.stdout) as {
        data: { worktree: { id: string; path: string; branch: string }; pane: PaneInfo };
      }
    ).data;
    // The worktree is on the host's disk, made by the host's account.
    const wt = launched.worktree;
    expect(wt.path).toBe(join(account.home, 'demo-feat-remote'));
    expect(statSync(wt.path).uid).toBe(account.uid);
    expect(hostGit(wt.path, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('feat/remote');
    expect(existsSync(join(fx.home, 'demo-feat-remote'))).toBe(false);
    const pane = launched.pane;
    expect(pane.session).toBe('dev@box');

    const agentOf = async () => {
      const g = await s.call<{ ok: boolean; agent?: { state: string; ref: unknown } | null }>('agents.get', {
        key: pane.key,
      });
      return g.ok && g.agent?.ref && g.agent.state !== 'working' ? g.agent : null;
    };
    await waitFor('the agent idle on the host', agentOf, 120_000);
    // This server's workspace (what the page draws the chip from) carries the host pane's worktree.
    const view = await waitFor(
      'the worktree in the host pane’s row',
      async () => {
        const w = await s.call<{
          panes: Array<{ key: number; worktree?: { id: string; branch: string; host?: string } | null }>;
        }>('workspace.get');
        return w.panes.find((p) => p.key === pane.key)?.worktree ?? null;
      },
      60_000,
    );
    expect(view.branch).toBe('feat/remote');
    expect(view.host).toBe('box');

    // A turn, read through the host (by pane key as the page asks, and by the CLI's target).
    const diffOf = (input: Record<string, unknown>) =>
      s.call<{ turns: unknown[]; diff: { files: Array<{ path: string }> } }>('worktrees.diff', input);
    const prompted = await runCli(s.env, [
      '--format',
      'json',
      'agents',
      'prompt',
      '--target',
      `dev@box:${pane.id}`,
      'add the first thing',
    ]);
    expect(prompted.code, prompted.stderr).toBe(0);
    await waitFor(
      'turn 1 on the host',
      async () => (await diffOf({ key: pane.key })).turns.length === 1,
      120_000,
    );
    const t1 = await runCli(s.env, [
      '--format',
      'json',
      'agents',
      'diff',
      '--target',
      `dev@box:${pane.id}`,
      '--turn',
      '1',
    ]);
    expect(t1.code, t1.stderr).toBe(0);
    const t1Files = (JSON.parse(t1.stdout) as { data: { diff: { files: Array<{ path: string }> } } }).data
      .diff.files;
    expect(t1Files.map((f) => f.path).sort()).toEqual(['NOTES.md', 'turn-1.txt']);

    // A review through the host's fence, pinned to the occupant: it becomes turn 2.
    const agent = await waitFor('the agent idle again', agentOf, 120_000);
    const sent = await s.call<{ ok: boolean }>('agents.prompt', {
      ref: JSON.stringify(agent.ref),
      text: 'Review:\napp.ts:1 rename x to y',
    });
    expect(sent.ok).toBe(true);
    await waitFor(
      'turn 2 on the host',
      async () => (await diffOf({ key: pane.key })).turns.length === 2,
      120_000,
    );
    expect(readFileSync(join(wt.path, 'turn-2.txt'), 'utf8')).toContain('app.ts:1 rename x to y');

    // Finish through the host: commit (as the page does, the worktree by id plus its host), list, remove.
    await waitFor('the agent idle after the review', agentOf, 120_000);
    const committed = await s.call<{ commit: string }>('worktrees.finish', {
      worktree: view.id,
      host: 'box',
      action: 'commit',
      message: 'agent work',
    });
    expect(hostGit(wt.path, 'log', '-1', '--format=%H %s').trim()).toBe(`${committed.commit} agent work`);
    const listed =
      await s.call<Array<{ id: string; host?: string; status: { ahead: number } }>>('worktrees.list');
    const row = listed.find((w) => w.id === view.id && w.host === 'box');
    expect(row?.status.ahead).toBe(1);
    const merged = await runCli(s.env, [
      '--format',
      'json',
      'worktrees',
      'merge',
      '--target',
      `dev@box:${pane.id}`,
    ]);
    expect(merged.code, merged.stdout + merged.stderr).toBe(0);
    expect(readFileSync(join(repo, 'NOTES.md'), 'utf8')).toContain('add the first thing');
    // The host's worktree id alone names nothing here: a one-line not-found, the worktree kept.
    const missing = await runCli(s.env, ['--format', 'json', 'worktrees', 'remove', view.id]);
    expect(missing.code).not.toBe(0);
    const refusal = JSON.parse(missing.stdout || missing.stderr) as { code: string; error: string };
    expect(refusal.code).toBe('not-found');
    expect(refusal.error.split('\n')).toHaveLength(1);
    expect(existsSync(wt.path)).toBe(true);
    // With --remote the id is the host's: removed there, its branch kept.
    const removed = await runCli(s.env, [
      '--format',
      'json',
      'worktrees',
      'remove',
      view.id,
      '--remote',
      'box',
    ]);
    expect(removed.code, removed.stdout + removed.stderr).toBe(0);
    expect(existsSync(wt.path)).toBe(false);
    expect(hostGit(repo, 'branch', '--list', 'feat/remote').trim()).toBe('feat/remote');
  });
});
