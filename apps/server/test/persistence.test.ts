// Persistence: the layout snapshot brings sessions back after a clean restart and after
// `kill -9` (losing at most about a second of changes); a corrupt snapshot is moved aside.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SnapshotData } from '../src/persist/snapshot';
import type { PaneInfo, WorkspaceInfo } from '../src/session/model';
import { MARKS_REPLAY_OSC, parseMarksReplay } from '@rozi/detect/shellMarks';
import { makeHome, removeHome, startServer, waitFor, type TestServer } from './harness';
import { Viewer } from './viewer';

const home = makeHome();
let s: TestServer;

afterAll(async () => {
  if (s.proc.exitCode === null) await s.stop();
  removeHome(home.home);
});

const layoutOf = (w: WorkspaceInfo) =>
  w.sessions.map((x) => ({ name: x.name, folder: x.folder, activeTabId: x.activeTabId, tabs: x.tabs }));
const panesOf = (w: WorkspaceInfo) =>
  w.panes.map((p) => ({
    session: p.session,
    id: p.id,
    tab: p.tab,
    title: p.title,
    cwd: p.cwd,
    command: p.command,
    argv: p.argv,
  }));

describe('resurrection', () => {
  it('brings sessions, tabs, splits, titles, commands and live cwds back after a restart', async () => {
    s = await startServer({ home });
    const proj = join(home.home, 'projects', 'a b');
    mkdirSync(proj, { recursive: true });
    await s.call('panes.sendKeys', { target: 1, keys: [`cd '${proj}'`, 'Enter'] });
    await waitFor('cd', async () => (await s.call<PaneInfo[]>('panes.list'))[0]?.cwd === proj);
    await s.call('panes.sendKeys', { target: 1, keys: ['echo remember-$((6*7))', 'Enter'] });
    await waitFor('echo', async () =>
      (await s.call<{ lines: string[] }>('panes.capture', { target: 1 })).lines.includes('remember-42'),
    );
    await s.call('panes.split', { target: 1, direction: 'column', argv: ['sleep', '600'], title: 'sleeper' });
    await s.call('sessions.create', { name: 'dev', command: 'sleep 600', cwd: proj });
    await s.call('tabs.create', { session: 'dev', name: 'logs' });
    await s.call('panes.rename', { session: 'dev', target: 1, name: 'watcher' });
    const before = await s.call<WorkspaceInfo>('workspace.get');
    expect(await s.stop()).toBe(0);

    s = await startServer({ home });
    expect(s.stderr()).toMatch(/restored 2 session\(s\), 4 pane\(s\)/);
    const after = await s.call<WorkspaceInfo>('workspace.get');
    expect(layoutOf(after)).toEqual(layoutOf(before));
    expect(panesOf(after)).toEqual(panesOf(before));
    await waitFor('respawned processes', async () => {
      const rows = await s.call<PaneInfo[]>('panes.list');
      return (
        rows.find((p) => p.session === 'main' && p.id === 2)?.foreground_program === 'sleep' &&
        rows.find((p) => p.session === 'dev' && p.id === 1)?.foreground_program === 'sleep'
      );
    });
    // The screen history came back above the new shell's prompt.
    await waitFor('restored history', async () => {
      const lines = (await s.call<{ lines: string[] }>('panes.capture', { target: 1, scrollback: 'full' }))
        .lines;
      return lines.includes('remember-42') && lines.includes('[restored after a server restart]');
    });
    // The restored history carried the shell's marks: a page opening the pane now is told the
    // commands that ran before the restart (their gutter bars, prompt jumps, last output).
    const viewer = new Viewer(s);
    await viewer.opened;
    const key = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.session === 'main' && p.id === 1)!.key;
    viewer.attach(key);
    const sequence = new RegExp(`\x1b\\]${MARKS_REPLAY_OSC};([^\x1b]*)\x1b\\\\`);
    const replay = await waitFor('a snapshot with the marks', async () => {
      const m = sequence.exec(viewer.text(key));
      return m ? parseMarksReplay(m[1]!) : null;
    });
    // `cd` and `echo remember-42`, both exit 0, before the restored line and the new prompt.
    expect(replay.commands.slice(-2).map((c) => c.exitCode)).toEqual([0, 0]);
    await viewer.close();
    // New panes keep counting after the restored ids.
    const r = await s.call<{ pane: PaneInfo }>('panes.split', { target: 1 });
    expect(r.pane.id).toBe(3);
    await s.call('panes.kill', { target: 3 });
  }, 240_000);

  it('after kill -9 keeps layout changes made a second before', async () => {
    await s.call('panes.split', {
      session: 'dev',
      target: 1,
      direction: 'row',
      argv: ['sleep', '600'],
      title: 'late',
    });
    await s.call('tabs.rename', { session: 'dev', tab: 2, name: 'renamed-late' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await s.call<WorkspaceInfo>('workspace.get');
    await s.kill9();
    s = await startServer({ home });
    const after = await s.call<WorkspaceInfo>('workspace.get');
    expect(layoutOf(after)).toEqual(layoutOf(before));
    expect(after.panes.find((p) => p.session === 'dev' && p.title === 'late')).toBeTruthy();
  }, 240_000);

  it('a cd (no layout event) reaches the snapshot through the cwd poll', async () => {
    const moved = join(home.home, 'moved-here');
    mkdirSync(moved, { recursive: true });
    const file = join(home.home, '.local/state/rozi/snapshot.json');
    const cwdInSnapshot = () =>
      (JSON.parse(readFileSync(file, 'utf8')) as SnapshotData).sessions
        .find((x) => x.name === 'main')
        ?.panes.find((p) => p.id === 1)?.cwd;
    expect(cwdInSnapshot()).not.toBe(moved);
    await s.call('panes.sendKeys', { target: 1, keys: [`cd '${moved}'`, 'Enter'] });
    // SNAPSHOT_POLL_MS (3 s) plus the time the shell takes to run cd.
    await waitFor('the new cwd in the snapshot', () => cwdInSnapshot() === moved, {
      timeoutMs: 8000,
      everyMs: 100,
    });
    // And it survives a kill -9 (the poll wrote it; nothing else did).
    await s.kill9();
    s = await startServer({ home });
    // The restored shell starts there; its first prompt's OSC 7 and /proc agree on it.
    const server = s;
    await waitFor(
      'the restored pane in the new cwd',
      async () =>
        (await server.call<PaneInfo[]>('panes.list')).find((p) => p.session === 'main' && p.id === 1)?.cwd ===
        moved,
      { timeoutMs: 8000, everyMs: 200 },
    );
  }, 240_000);

  it('moves a corrupt snapshot aside with a warning and starts fresh', async () => {
    expect(await s.stop()).toBe(0);
    const stateDir = join(home.home, '.local/state/rozi');
    writeFileSync(join(stateDir, 'snapshot.json'), '{"version":1,"sessions":[{"name":');
    s = await startServer({ home });
    expect(s.stderr()).toMatch(
      /warning: the session snapshot was unreadable and was moved to .*snapshot\.json\.corrupt-/,
    );
    expect(readdirSync(stateDir).some((f) => f.startsWith('snapshot.json.corrupt-'))).toBe(true);
    const w = await s.call<WorkspaceInfo>('workspace.get');
    expect(w.sessions.map((x) => x.name)).toEqual(['main']);
    await waitFor('a fresh snapshot', () => existsSync(join(stateDir, 'snapshot.json')));
  }, 240_000);
});
