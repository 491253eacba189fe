// Layout procedures (move, zoom, resizeSplit, equalize) and the CLI verbs panes.test.ts does not
// cover (rename-pane, focus, new-session, kill-session, notify, split --argv, --keep-open, list-panes
// on a real TTY), against a real server with real PTYs in a temp HOME.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn as ptySpawn } from 'node-pty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotData } from '../src/persist/snapshot';
import type { PaneCapture } from '../src/session/capture';
import type { LayoutNode, PaneInfo, TabInfo, WorkspaceInfo } from '../src/session/model';
import { BIN, runCli, waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';
import { Viewer } from './viewer';

let s: TestServer;
startServerForFile((started) => (s = started));

type Split = { pane: PaneInfo; pty_ready: boolean };
const panes = () => s.call<PaneInfo[]>('panes.list');
const pane = async (id: number, session = 'main') =>
  (await panes()).find((p) => p.id === id && p.session === session);
const tabs = async (session = 'main'): Promise<TabInfo[]> =>
  (await s.call<WorkspaceInfo>('workspace.get')).sessions.find((x) => x.name === session)?.tabs ?? [];
const tab = async (id: number, session = 'main') => (await tabs(session)).find((t) => t.id === id) as TabInfo;
const leaf = (paneId: number): LayoutNode => ({ type: 'pane', paneId });
const snapshotFile = () => join(s.home, '.local', 'state', 'rozi', 'snapshot.json');
const screen = async (id: number) =>
  (await s.call<PaneCapture>('panes.capture', { target: id })).lines.join('\n');

describe('layout procedures', () => {
  // Pane 1 is the start shell; these tests build 1 | (2 / 3) and rearrange it.
  let two: number;
  let three: number;

  beforeAll(async () => {
    two = (await s.call<Split>('panes.split', { target: 1, direction: 'row', command: 'sleep 600' })).pane.id;
    three = (await s.call<Split>('panes.split', { target: two, direction: 'column', command: 'sleep 600' }))
      .pane.id;
  });

  it('resizeSplit sets normalised ratios at a path and refuses bad paths and counts', async () => {
    const r = await s.call<{ layout: LayoutNode }>('panes.resizeSplit', { tab: 1, path: [], ratios: [3, 1] });
    expect(r.layout).toMatchObject({ type: 'split', direction: 'row', ratios: [0.75, 0.25] });
    const inner = await s.call<{ layout: LayoutNode }>('panes.resizeSplit', {
      tab: 1,
      path: [1],
      ratios: [1, 4],
    });
    expect(inner.layout.type === 'split' && inner.layout.children[1]).toMatchObject({
      direction: 'column',
      ratios: [0.2, 0.8],
    });
    expect((await tab(1)).layout).toEqual(inner.layout);
    await expect(s.call('panes.resizeSplit', { tab: 1, path: [0], ratios: [1, 1] })).rejects.toThrow(
      /no split at path \[0\]/,
    );
    await expect(s.call('panes.resizeSplit', { tab: 1, path: [], ratios: [1, 1, 1] })).rejects.toThrow(
      /has 2 children, got 3 ratios/,
    );
    await expect(s.call('panes.resizeSplit', { tab: 9, path: [], ratios: [1, 1] })).rejects.toThrow(/tab/);
    // A layout change reaches the snapshot within the debounce (kill -9 loses at most ~1 s).
    await waitFor(
      'the ratios in the snapshot',
      () => {
        const snap = JSON.parse(readFileSync(snapshotFile(), 'utf8')) as SnapshotData;
        const l = snap.sessions[0]?.tabs[0]?.layout;
        return (
          l?.type === 'split' &&
          l.ratios[0] === 0.75 &&
          l.children[1]?.type === 'split' &&
          l.children[1].ratios[0] === 0.2
        );
      },
      3000,
    );
  });

  it('equalize gives every split equal shares', async () => {
    const r = await s.call<{ layout: LayoutNode }>('panes.equalize', { tab: 1 });
    expect(r.layout).toEqual({
      type: 'split',
      direction: 'row',
      ratios: [0.5, 0.5],
      children: [
        leaf(1),
        { type: 'split', direction: 'column', ratios: [0.5, 0.5], children: [leaf(two), leaf(three)] },
      ],
    });
  });

  it('zoom toggles, focuses the zoomed pane, and focusing another pane unzooms', async () => {
    expect(await s.call('panes.zoom', { target: three })).toEqual({ id: three, zoomed: true });
    expect(await tab(1)).toMatchObject({ zoomedPaneId: three, focusedPaneId: three });
    expect((await pane(three))?.focused).toBe(true);
    expect(await s.call('panes.zoom', { target: three })).toEqual({ id: three, zoomed: false });
    expect((await tab(1)).zoomedPaneId).toBeNull();
    expect(await s.call('panes.zoom', { target: two, on: true })).toEqual({ id: two, zoomed: true });
    expect(await s.call('panes.zoom', { target: two, on: true })).toEqual({ id: two, zoomed: true });
    await s.call('panes.focus', { target: 1 });
    expect(await tab(1)).toMatchObject({ zoomedPaneId: null, focusedPaneId: 1 });
    // A split of a zoomed tab shows the new pane: the zoom ends.
    await s.call('panes.zoom', { target: 1, on: true });
    const extra = (await s.call<Split>('panes.split', { target: 1, command: 'sleep 600' })).pane.id;
    expect((await tab(1)).zoomedPaneId).toBeNull();
    await s.call('panes.kill', { target: extra });
  });

  it('move puts a pane beside another, or into a new tab, and keeps its process', async () => {
    // (The zoom test's extra pane left uneven shares behind.)
    await s.call('panes.equalize', { tab: 1 });
    const pidBefore = (await pane(three))?.pid;
    await s.call('panes.move', { target: three, to: 1, direction: 'column', before: true });
    expect((await tab(1)).layout).toEqual({
      type: 'split',
      direction: 'row',
      ratios: [0.5, 0.5],
      children: [
        { type: 'split', direction: 'column', ratios: [0.5, 0.5], children: [leaf(three), leaf(1)] },
        leaf(two),
      ],
    });
    expect(await pane(three)).toMatchObject({ pid: pidBefore, focused: true, exited: false });

    const moved = await s.call<PaneInfo>('panes.move', { target: two, newTab: true });
    expect(moved).toMatchObject({ id: two, pid: expect.any(Number), focused: true });
    const all = await tabs();
    expect(all).toHaveLength(2);
    const fresh = all[1] as TabInfo;
    expect(fresh).toMatchObject({ layout: leaf(two), focusedPaneId: two });
    expect((await pane(two))?.tab).toBe(fresh.id);
    expect((await tab(1)).layout).toEqual({
      type: 'split',
      direction: 'column',
      ratios: [0.5, 0.5],
      children: [leaf(three), leaf(1)],
    });

    // Back across tabs: the emptied tab goes away.
    await s.call('panes.move', { target: two, to: 1, direction: 'row' });
    expect(await tabs()).toHaveLength(1);
    expect((await pane(two))?.tab).toBe(1);

    await expect(s.call('panes.move', { target: two, to: two })).rejects.toThrow(/next to another pane/);
    await expect(s.call('panes.move', { target: two })).rejects.toThrow(/needs `to`/);
    await expect(s.call('panes.move', { target: two, to: 99 })).rejects.toThrow(/no pane 99/);
  });

  afterAll(async () => {
    await s.call('panes.kill', { target: two });
    await s.call('panes.kill', { target: three });
  });
});

describe('CLI verbs', () => {
  it('rename-pane sets and clears the name; focus moves focus and tells browsers', async () => {
    const v = new Viewer(s);
    await v.opened;
    const other = (await s.call<Split>('panes.split', { target: 1, command: 'sleep 600' })).pane.id;
    const r = await runCli(s.env, [
      'rename-pane',
      '--target',
      String(other),
      'build watcher',
      '--format',
      'text',
    ]);
    expect(r).toMatchObject({ code: 0, stdout: `pane ${other}: build watcher\n` });
    expect((await pane(other))?.title).toBe('build watcher');
    await waitFor('title-changed event', () =>
      v.messages.some(
        (m) =>
          m.t === 'event' &&
          m.event.type === 'title-changed' &&
          m.event.paneId === other &&
          m.event.title === 'build watcher',
      ),
    );
    expect((await runCli(s.env, ['rename-pane', '--target', String(other), ''])).code).toBe(0);
    expect((await pane(other))?.title).not.toBe('build watcher');

    const f = await runCli(s.env, ['focus', '-t', '1', '--format', 'text']);
    expect(f).toMatchObject({ code: 0, stdout: 'focused pane 1\n' });
    expect((await panes()).filter((p) => p.session === 'main' && p.focused).map((p) => p.id)).toEqual([1]);
    const g = await runCli(s.env, ['focus', '-t', String(other)]);
    expect(JSON.parse(g.stdout)).toMatchObject({ ok: true, data: { id: other, focused: true } });
    await waitFor('focus-changed event', () =>
      v.messages.some((m) => m.t === 'event' && m.event.type === 'focus-changed' && m.event.paneId === other),
    );
    expect((await runCli(s.env, ['focus', '-t', '99'])).code).toBe(1);
    await s.call('panes.kill', { target: other });
    await v.close();
  });

  it('new-session and kill-session', async () => {
    const made = await runCli(s.env, ['new-session', '--name', 'work', '--argv', 'sleep', '600']);
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout).data).toMatchObject({
      session: 'work',
      pane: { id: 1, session: 'work', argv: ['sleep', '600'] },
      pty_ready: true,
    });
    const dup = await runCli(s.env, ['new-session', '--name', 'work']);
    expect(dup.code).toBe(1);
    expect(JSON.parse(dup.stdout)).toMatchObject({ ok: false, code: 'conflict' });
    const list = (
      JSON.parse((await runCli(s.env, ['list-sessions'])).stdout) as {
        data: Array<{ name: string; panes: number }>;
      }
    ).data;
    expect(list.map((x) => x.name)).toEqual(['main', 'work']);
    const pid = (await pane(1, 'work'))?.pid as number;

    const killed = await runCli(s.env, ['kill-session', 'work', '--format', 'text']);
    expect(killed).toMatchObject({ code: 0, stdout: 'killed session work\n' });
    expect((await s.call<WorkspaceInfo>('workspace.get')).sessions.map((x) => x.name)).toEqual(['main']);
    await waitFor("the session's process ended", () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    const gone = await runCli(s.env, ['kill-session', 'work']);
    expect(gone.code).toBe(1);
    expect(JSON.parse(gone.stdout)).toMatchObject({
      ok: false,
      code: 'not-found',
      error: expect.stringContaining("no session named 'work'"),
    });
    expect((await runCli(s.env, ['kill-session'])).code).toBe(2);
  });

  it('notify reaches a connected browser as an event', async () => {
    const v = new Viewer(s);
    await v.opened;
    const r = await runCli(s.env, ['notify', '--title', 'Build', '--level', 'warn', 'tests', 'failed']);
    expect(r.code).toBe(0);
    const ev = await waitFor('the notification event', () =>
      v.messages.find((m) => m.t === 'event' && m.event.type === 'notification'),
    );
    expect(ev.t === 'event' && ev.event.type === 'notification' && ev.event.notification).toMatchObject({
      title: 'Build',
      message: 'tests failed',
      level: 'warn',
    });
    const bad = await runCli(s.env, ['notify', '--level', 'loud', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--level must be info, warn or error');
    await v.close();
  });

  it('split --argv runs the program directly and answers pty_ready', async () => {
    const r = await runCli(s.env, ['split', '--target', '1', '--title', 'direct', '--argv', 'sleep', '600']);
    expect(r.code).toBe(0);
    const p = (JSON.parse(r.stdout) as { data: PaneInfo & { pty_ready: boolean } }).data;
    expect(p).toMatchObject({
      accepted: true,
      pty_ready: true,
      argv: ['sleep', '600'],
      command: null,
      title: 'direct',
    });
    // No shell in between: the pane's own process is sleep.
    expect(readFileSync(`/proc/${p.pid}/comm`, 'utf8').trim()).toBe('sleep');
    expect((await pane(p.id))?.foreground_program).toBe('sleep');
    await s.call('panes.kill', { target: p.id });
  });

  it('--keep-open keeps an exited pane showing its exit status', async () => {
    const r = await runCli(s.env, [
      'split',
      '--target',
      '1',
      '--keep-open',
      '--argv',
      'sh',
      '-c',
      'echo finishing; exit 3',
    ]);
    expect(r.code).toBe(0);
    const id = (JSON.parse(r.stdout) as { data: PaneInfo }).data.id;
    await waitFor('the pane exited', async () => (await pane(id))?.exited);
    expect(await pane(id)).toMatchObject({ exited: true, exit_code: 3, pid: null });
    await waitFor('the exit notice', async () => (await screen(id)).includes('[process exited with code 3]'));
    const cap = await runCli(s.env, ['capture-pane', '-t', String(id), '--format', 'text']);
    expect(cap.stdout).toContain('finishing');
    expect(cap.stdout).toContain('[process exited with code 3]');
    const sent = await runCli(s.env, ['send-keys', '-t', String(id), 'Enter']);
    expect(sent.code).toBe(1);
    expect(sent.stderr).toContain('has exited');
    expect((await runCli(s.env, ['kill-pane', '-t', String(id)])).code).toBe(0);
  });

  it('list-panes prints a table on a terminal and JSON when piped', async () => {
    // A real TTY for the CLI's stdout, as when a person runs it.
    const term = ptySpawn(process.execPath, [BIN, 'list-panes'], {
      cols: 200,
      rows: 20,
      env: s.env as Record<string, string>,
    });
    let out = '';
    term.onData((d) => (out += d));
    const code = await new Promise<number>((resolve) => term.onExit((e) => resolve(e.exitCode)));
    expect(code).toBe(0);
    const lines = out.replace(/\r/g, '').trim().split('\n');
    expect(lines[0]).toMatch(/^SESSION\s+ID\s+TAB\s+TITLE\s+RUNNING\s+CWD\s+SIZE\s+STATE/);
    expect(lines.some((l) => /^main\s+1\*?\s+1\s/.test(l))).toBe(true);
    expect(() => JSON.parse(out)).toThrow();

    const piped = await runCli(s.env, ['list-panes']);
    expect(piped.code).toBe(0);
    const rows = (JSON.parse(piped.stdout) as { data: PaneInfo[] }).data;
    expect(rows.find((p) => p.id === 1)).toMatchObject({ session: 'main', command: null, argv: null });
    // --format json on a terminal forces JSON.
    const forced = ptySpawn(process.execPath, [BIN, 'list-panes', '--format', 'json'], {
      cols: 200,
      rows: 20,
      env: s.env as Record<string, string>,
    });
    let fout = '';
    forced.onData((d) => (fout += d));
    await new Promise<void>((resolve) => forced.onExit(() => resolve()));
    expect((JSON.parse(fout.replace(/\r/g, '')) as { data: PaneInfo[] }).data.some((p) => p.id === 1)).toBe(
      true,
    );
  });
});
