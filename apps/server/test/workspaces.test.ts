// Workspaces (issue 20.1): a session's tabs are its workspaces 1-9. switch-workspace,
// move-to-workspace and new-pane --workspace through the real CLI, the workspace-switched event,
// the raw socket's commands, bad numbers refused in one line, and numbers kept across a restart.
import { createConnection } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { subscribeServer } from '../src/cli/controlClient';
import type { ServerEvent } from '../src/events/types';
import type { PaneInfo, TabInfo, WorkspaceInfo } from '../src/session/model';
import { runCli, waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';

let s: TestServer;
startServerForFile((started) => (s = started));

const tabs = async (session = 'main'): Promise<TabInfo[]> =>
  (await s.call<WorkspaceInfo>('workspace.get')).sessions.find((x) => x.name === session)?.tabs ?? [];
const active = async (session = 'main') => {
  const ws = await s.call<WorkspaceInfo>('workspace.get');
  const info = ws.sessions.find((x) => x.name === session);
  return info?.tabs.find((t) => t.id === info.activeTabId)?.workspace;
};
const cli = async (...args: string[]) => {
  const r = await runCli(s.env, ['--format', 'json', ...args]);
  return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as { data: Record<string, unknown> }) : null };
};

const switched: Array<Extract<ServerEvent, { type: 'workspace-switched' }>> = [];
let watching: Promise<void> | null = null;
let stopWatching = false;

afterAll(async () => {
  stopWatching = true;
  await s.call('notify', { message: 'wake the watcher' }).catch(() => undefined);
  await watching?.catch(() => undefined);
});

describe('workspaces', () => {
  it('numbers tabs 1-9; switch-workspace shows one and opens an empty one with a shell', async () => {
    watching = subscribeServer(
      s.env,
      { path: 'workspace.events', input: { types: ['workspace-switched', 'notification'] } },
      (item) => {
        if (item.type === 'workspace-switched') switched.push(item);
        return !stopWatching;
      },
    );
    await waitFor('watcher ready', async () => {
      await s.call('notify', { message: 'ready?' });
      return s.call<WorkspaceInfo>('workspace.get').then(() => true);
    });
    expect((await tabs()).map((t) => t.workspace)).toEqual([1]);
    const opened = await cli('switch-workspace', '3');
    expect(opened.code).toBe(0);
    expect(opened.json?.data).toMatchObject({ workspace: 3, opened: true });
    expect((await tabs()).map((t) => t.workspace)).toEqual([1, 3]);
    expect(await active()).toBe(3);
    const back = await s.call('tabs.switchWorkspace', { workspace: 1 });
    expect(back).toMatchObject({ workspace: 1, opened: false });
    expect(await active()).toBe(1);
    await waitFor('two workspace-switched events', () => switched.length >= 2);
    expect(switched.slice(0, 2)).toMatchObject([
      { session: 'main', workspace: 3, previous: 1 },
      { session: 'main', workspace: 1, previous: 3 },
    ]);
  }, 120_000);

  it('a new tab takes the lowest free workspace; list-panes says which', async () => {
    const r = await cli('new-pane', '--argv', 'sleep', '600');
    expect(r.code).toBe(0);
    const row = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.id === (r.json?.data.id as number));
    expect(row?.workspace).toBe(2);
    expect((await tabs()).map((t) => t.workspace)).toEqual([1, 2, 3]);
  }, 120_000);

  it('new-pane --workspace N joins workspace N beside its panes, or opens it', async () => {
    const into = await cli('new-pane', '--workspace', '2', '--argv', 'sleep', '600');
    expect(into.code).toBe(0);
    const rows = await s.call<PaneInfo[]>('panes.list');
    expect(rows.filter((p) => p.workspace === 2)).toHaveLength(2);
    await s.call('tabs.create', { workspace: 7, argv: ['sleep', '600'], select: false });
    expect((await tabs()).map((t) => t.workspace)).toEqual([1, 2, 3, 7]);
    // Focus stays where it was (no --focus).
    expect(await active()).toBe(1);
  }, 120_000);

  it('move-to-workspace moves the pane, empties its old workspace and shows the new one', async () => {
    const pane = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.workspace === 7) as PaneInfo;
    const r = await cli('move-to-workspace', '5', '--target', String(pane.id));
    expect(r.code).toBe(0);
    expect(r.json?.data).toMatchObject({ id: pane.id, workspace: 5, focused: true });
    expect((await tabs()).map((t) => t.workspace)).toEqual([1, 2, 3, 5]);
    expect(await active()).toBe(5);
    const join = await s.call('panes.moveToWorkspace', { target: pane.id, workspace: 2 });
    expect(join).toMatchObject({ workspace: 2 });
    expect((await s.call<PaneInfo[]>('panes.list')).filter((p) => p.workspace === 2)).toHaveLength(3);
    expect(await active()).toBe(2);
    await waitFor(
      'switched to 5 then 2',
      () =>
        switched.some((e) => e.workspace === 5) &&
        switched.some((e) => e.workspace === 2 && e.previous === 5),
    );
  }, 120_000);

  it('refuses 0, 10, -1 and words in one line, changing nothing', async () => {
    const before = await tabs();
    const cases = [
      ['switch-workspace', '0'],
      ['switch-workspace', '10'],
      ['switch-workspace', '-1'],
      ['switch-workspace', 'two'],
      ['move-to-workspace', '10'],
      ['move-to-workspace', '2.5'],
    ];
    const runs = await Promise.all(cases.map((args) => runCli(s.env, args)));
    runs.forEach((r, i) => {
      const what = (cases[i] as string[]).join(' ');
      expect(r.code, what).not.toBe(0);
      expect(r.stderr.trim().split('\n'), what).toHaveLength(1);
      expect(r.stderr, what).toMatch(/workspace/);
    });
    const r = await runCli(s.env, ['new-pane', '--workspace', '0']);
    expect(r.stderr).toContain('workspace must be a number from 1 to 9, got 0');
    expect(await tabs()).toEqual(before);
  }, 120_000);

  it('a tenth workspace is refused and the pane stays where it was', async () => {
    for (const n of [4, 5, 6, 7, 8, 9]) await s.call('tabs.switchWorkspace', { workspace: n });
    const full = await runCli(s.env, ['new-pane']);
    expect(full.code, full.stdout + JSON.stringify(await tabs())).not.toBe(0);
    expect(full.stderr).toContain('all 9 workspaces in use');
    const count = (await s.call<PaneInfo[]>('panes.list')).length;
    const pane = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.workspace === 2) as PaneInfo;
    await expect(s.call('panes.move', { target: pane.id, newTab: true })).rejects.toThrow(/all 9 workspaces/);
    expect((await s.call<PaneInfo[]>('panes.list')).length).toBe(count);
    expect((await s.call<PaneInfo[]>('panes.list')).find((p) => p.id === pane.id)?.workspace).toBe(2);
  }, 120_000);

  it('the raw socket refuses index 0 and moves the calling pane by number', async () => {
    expect(await rawLine({ cmd: 'switch-workspace', index: 0 })).toMatchObject({
      ok: false,
      error: 'workspace must be a number from 1 to 9, got 0',
    });
    const pane = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.workspace === 2) as PaneInfo;
    expect(await rawLine({ cmd: 'move-to-workspace', index: 4, source_pane: pane.id })).toMatchObject({
      ok: true,
      data: { id: pane.id, workspace: 4 },
    });
  });
});

function rawLine(request: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const c = createConnection(s.env.ROZI_SOCKET as string);
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (d: string) => {
      buf += d;
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      c.destroy();
      resolve(JSON.parse(buf.slice(0, nl)));
    });
    c.on('error', reject);
    c.write(JSON.stringify(request) + '\n');
  });
}
