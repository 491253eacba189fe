// Profiles (issue 20.3, rozi's profiles.md): save-profile captures a live session (workspaces,
// layouts, names, cwd, the running command with its arguments) and `rozi new NAME --profile P`
// recreates it; bad profiles (not TOML, a tree that reaches a pane twice, a missing cwd, a missing
// program) give one line each and launch what they can; [profile] default seeds `rozi new`.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { subscribeServer } from '../src/cli/controlClient';
import type { ServerEvent } from '../src/events/types';
import type { PaneInfo, WorkspaceInfo } from '../src/session/model';
import { runCli, waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';

let s: TestServer;
startServerForFile((started) => (s = started));

const cli = async (...args: string[]) => {
  const r = await runCli(s.env, ['--format', 'json', ...args]);
  let json: Record<string, unknown> | null = null;
  try {
    json = r.stdout ? (JSON.parse(r.stdout) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return { ...r, json };
};
const panesOf = async (session: string) =>
  (await s.call<PaneInfo[]>('panes.list')).filter((p) => p.session === session).sort((a, b) => a.id - b.id);
const tabsOf = async (session: string) =>
  (await s.call<WorkspaceInfo>('workspace.get')).sessions.find((x) => x.name === session)?.tabs ?? [];
const profileDir = () => join(s.home, '.config', 'rozi', 'profiles');
const writeProfile = (name: string, text: string) => {
  mkdirSync(profileDir(), { recursive: true });
  writeFileSync(join(profileDir(), `${name}.toml`), text);
};

const events: ServerEvent[] = [];
let stop = false;
let watching: Promise<void> | null = null;
afterAll(async () => {
  stop = true;
  await s.call('notify', { message: 'wake' }).catch(() => undefined);
  await watching?.catch(() => undefined);
});

describe('profiles', () => {
  it('a profile saved from a live session recreates its panes, cwd and commands in a new one', async () => {
    watching = subscribeServer(
      s.env,
      {
        path: 'workspace.events',
        input: { types: ['profile-saved', 'profile-loaded', 'profile-applied', 'notification'] },
      },
      (e) => {
        if (e.type !== 'notification') events.push(e);
        return !stop;
      },
    );
    const work = mkdtempSync(join(s.home, 'work-'));
    const logs = mkdtempSync(join(s.home, 'logs-'));
    const first = (await panesOf('main'))[0] as PaneInfo;
    await cli('send-text', '-t', `main:${first.id}`, `cd ${work}\r`);
    await waitFor('cd', async () => (await panesOf('main'))[0]?.cwd === work);
    await cli('rename-pane', '-t', `main:${first.id}`, 'editor');
    const split = await cli('split', '-t', `main:${first.id}`, '--cwd', logs);
    expect(split.code).toBe(0);
    const second = ((split.json?.data ?? split.json) as { id: number }).id;
    await cli('send-text', '-t', `main:${second}`, 'sleep 600 # logs\r');
    await waitFor('sleep running', async () =>
      (await panesOf('main')).some((p) => p.foreground_program === 'sleep'),
    );
    await s.call('tabs.create', { session: 'main', workspace: 3, cwd: work, select: false });
    await cli('set-layout', 'grid', '--workspace', '3');

    const saved = await cli('save-profile', 'dev', '--session', 'main');
    expect(saved.code, saved.stderr).toBe(0);
    const file = join(profileDir(), 'dev.toml');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('name = "editor"');
    expect(text).toContain('command = "sleep 600"');
    expect(text).toContain('layout = "grid"');
    expect(text).toContain(`cwd = "~/${work.slice(s.home.length + 1)}"`);

    const again = await cli('save-profile', 'dev', '--session', 'main');
    expect(again.code).not.toBe(0);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toContain('--force');
    expect((await cli('save-profile', 'dev', '--session', 'main', '--force')).code).toBe(0);
    const bad = await cli('save-profile', '../x', '--session', 'main');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('invalid profile name');

    const launched = await cli('new', 'review', '--profile', 'dev');
    expect(launched.code, launched.stderr).toBe(0);
    expect(launched.stderr).toBe('');
    const panes = await panesOf('review');
    expect(panes.map((p) => p.workspace)).toEqual([1, 1, 3]);
    expect(panes[0]).toMatchObject({ cwd: work, title: 'editor' });
    expect(panes[1]?.cwd).toBe(logs);
    await waitFor('the command runs again', async () =>
      (await panesOf('review')).some(
        (p) => p.foreground_program === 'sleep' && p.foreground_arguments?.join(' ') === '600',
      ),
    );
    expect((await tabsOf('review')).map((t) => t.layoutKind)).toEqual(['dwindle', 'grid']);
    const splitNode = (await tabsOf('review'))[0]?.layout;
    expect(splitNode).toMatchObject({ type: 'split', direction: 'row' });
    await waitFor('profile events', () => events.length >= 3);
    expect(events.filter((e) => e.type === 'profile-saved')).toHaveLength(2);
    expect(events.find((e) => e.type === 'profile-loaded')).toMatchObject({
      profile: 'dev',
      session: 'review',
    });
    const taken = await cli('new', 'review', '--profile', 'dev');
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toContain("'review' is already running");
  }, 180_000);

  it('rozi NAME attaches to the running session NAME, else launches the same-name profile, else says how to create it', async () => {
    // Profile 'dev' (saved from main) and no session named dev: `rozi dev` launches it.
    expect((await cli('save-profile', 'dev', '--session', 'main', '--force')).code).toBe(0);
    expect((await s.call<{ name: string }[]>('sessions.list')).some((x) => x.name === 'dev')).toBe(false);
    const launched = await cli('dev');
    expect(launched.code, launched.stderr).toBe(0);
    expect(launched.json).toMatchObject({ session: 'dev', profile: 'dev' });
    expect((await panesOf('dev')).map((p) => p.workspace)).toEqual(
      (await panesOf('main')).map((p) => p.workspace),
    );
    // Now it runs: `rozi dev` and `rozi --session dev` attach (the page address), creating nothing.
    const count = (await s.call<unknown[]>('panes.list')).length;
    for (const words of [['dev'], ['--session', 'dev']]) {
      const attached = await cli(...words);
      expect(attached.code, attached.stderr).toBe(0);
      expect(attached.json).toMatchObject({ ok: true, data: { session: 'dev', readOnly: false } });
    }
    expect((await s.call<unknown[]>('panes.list')).length).toBe(count);
    // Neither a session nor a profile: one line, nothing created; a near command is named.
    const none = await cli('nosuchthing');
    expect(none.code).not.toBe(0);
    expect(none.stderr.trim().split('\n')).toEqual([
      "rozi: no command, session or profile named 'nosuchthing': create the session with 'rozi new nosuchthing', or run 'rozi --help' for the commands",
    ]);
    expect((await cli('lsit-panes')).stderr).toContain("named 'lsit-panes' (did you mean 'list-panes'?)");
    expect((await s.call<{ name: string }[]>('sessions.list')).map((x) => x.name)).not.toContain(
      'nosuchthing',
    );
  }, 120_000);

  it('a bad profile is one line per problem and launches what it can', async () => {
    writeProfile('broken', 'version = 1\n[[workspaces]\n');
    const notToml = await cli('new', 'b1', '--profile', 'broken');
    expect(notToml.code).not.toBe(0);
    expect(notToml.stderr.trim().split('\n')).toHaveLength(1);
    expect(notToml.stderr).toContain('not valid TOML');
    expect((await s.call<WorkspaceInfo>('workspace.get')).sessions.some((x) => x.name === 'b1')).toBe(false);

    writeProfile(
      'partial',
      [
        'version = 1',
        '[[workspaces]]',
        'index = 0',
        'layout = "dwindle"',
        '[[workspaces.panes]]',
        'id = 0',
        'cwd = "~/no/such/dir"',
        '[[workspaces.panes]]',
        'id = 1',
        'argv = ["/no/such/program", "-x"]',
        '[workspaces.tree]',
        'split = "row"',
        'ratios = [0.5, 0.5]',
        'children = [{ pane = 0 }, { pane = 0 }]',
      ].join('\n'),
    );
    const partial = await cli('new', 'b2', '--profile', 'partial');
    expect(partial.code, partial.stderr).toBe(0);
    const lines = partial.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).toContain('a cycle');
    expect(lines.join('\n')).toContain('~/no/such/dir is not a directory');
    expect(lines.join('\n')).toContain('no such file /no/such/program; starting a shell instead');
    const panes = await panesOf('b2');
    expect(panes).toHaveLength(2);
    expect(panes.every((p) => !p.exited)).toBe(true);
    const unknown = await cli('new', 'b3', '--profile', 'nope');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("no profile named 'nope'");
  }, 180_000);

  it('[profile] default seeds rozi new without --profile; a missing default is a warning', async () => {
    writeProfile(
      'two',
      '[[workspaces]]\n[[workspaces.panes]]\nname = "top"\n[[workspaces.panes]]\nname = "bottom"\n',
    );
    const cfgDir = join(s.home, '.config', 'rozi');
    writeFileSync(join(cfgDir, 'config.toml'), '[profile]\ndefault = "two"\n');
    await waitFor('seeded', async () => {
      const name = `seed${Date.now() % 100000}`;
      const r = await cli('new', name);
      return r.code === 0 && (await panesOf(name)).length === 2;
    });
    writeFileSync(join(cfgDir, 'config.toml'), '[profile]\ndefault = "gone"\n');
    await waitFor('fallback', async () => {
      const name = `plain${Date.now() % 100000}`;
      const r = await cli('new', name);
      return (
        r.code === 0 &&
        r.stderr.includes("[profile] default 'gone' not used") &&
        (await panesOf(name)).length === 1
      );
    });
  }, 180_000);
});
