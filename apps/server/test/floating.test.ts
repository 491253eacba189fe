// Floating panes, popups and the scratchpad (session/floating.ts) in a real server with real PTYs:
// toggle-float lifts a tile out of the layout and back, a float moves and resizes within the
// area, only one popup at a time, a keep_open=false popup closes with its program, the
// scratchpad keeps its process across toggles and reads [scratchpad] from config.toml.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LayoutNode, PaneInfo, TabInfo, WorkspaceInfo } from '../src/session/model';
import { runCli, waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';

let s: TestServer;
startServerForFile((started) => (s = started));

type Started = { pane: PaneInfo; pty_ready: boolean };
const panes = () => s.call<PaneInfo[]>('panes.list');
const mainTab = async (): Promise<TabInfo> => {
  const session = (await s.call<WorkspaceInfo>('workspace.get')).sessions.find((x) => x.name === 'main');
  return session?.tabs.find((t) => t.id === session.activeTabId) as TabInfo;
};
/** One request of rozi's raw socket protocol (control/roziWire.ts), its one reply line. */
function raw(request: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const c = createConnection(s.env.ROZI_SOCKET as string);
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (d: string) => {
      buf += d;
      if (!buf.includes('\n')) return;
      c.destroy();
      resolve(JSON.parse(buf.slice(0, buf.indexOf('\n'))) as Record<string, unknown>);
    });
    c.on('error', reject);
    c.on('connect', () => c.write(JSON.stringify(request) + '\n'));
  });
}
const ids = (n: LayoutNode): number[] => (n.type === 'pane' ? [n.paneId] : n.children.flatMap(ids));

describe('floating panes', () => {
  it('toggle-float lifts a tile out of the layout and back; the last tile refuses', async () => {
    await expect(s.call('floating.toggle', { target: 1 })).rejects.toThrow(/only tile of workspace 1/);
    const two = (await s.call<Started>('panes.split', { target: 1, command: 'sleep 600' })).pane.id;
    expect(await s.call('floating.toggle', { target: two })).toEqual({ floating: true, pane: two });
    let tab = await mainTab();
    expect(ids(tab.layout)).toEqual([1]);
    expect(tab.floating).toEqual([{ paneId: two, x: 0.2, y: 0.15, width: 0.6, height: 0.7, kind: 'float' }]);
    expect(tab.focusedPaneId).toBe(two);
    // Still a pane of the session (list-panes), drawn over the tiles.
    expect((await panes()).map((p) => p.id)).toContain(two);

    const moved = await s.call('floating.setRect', { target: two, x: 1.5, y: -0.4, width: 0.05, height: 2 });
    expect(moved).toMatchObject({ x: 0.95, y: 0, width: 0.1, height: 1 });
    await expect(
      s.call('floating.setRect', { target: 1, x: 0, y: 0, width: 0.5, height: 0.5 }),
    ).rejects.toThrow(/pane 1 is tiled, not floating/);
    // Move keys slide a float one step instead of trading slots.
    await s.call('floating.setRect', { target: two, x: 0.2, y: 0.2, width: 0.5, height: 0.5 });
    const slid = await runCli(s.env, ['run-action', 'move-right', '--target', String(two)]);
    expect(slid.stderr).toBe('');
    expect((await mainTab()).floating?.[0]?.x).toBeCloseTo(0.24);

    expect(await s.call('floating.toggle', { target: two })).toEqual({ floating: false, pane: two });
    tab = await mainTab();
    expect(ids(tab.layout).sort()).toEqual([1, two]);
    expect(tab.floating).toEqual([]);

    // A float closed hands focus back to the tile focused before it.
    await s.call('panes.focus', { target: 1 });
    const three = (await s.call<Started>('floating.spawn', { target: 1, command: 'sleep 600' })).pane.id;
    expect((await mainTab()).focusedPaneId).toBe(three);
    await s.call('panes.kill', { target: three });
    tab = await mainTab();
    expect(tab.focusedPaneId).toBe(1);
    expect(tab.floating).toEqual([]);
    await s.call('panes.kill', { target: two });
  });

  it('one popup at a time; keep_open=false closes it with its program; the raw socket opens one', async () => {
    const popup = await s.call<Started>('floating.spawn', {
      target: 1,
      kind: 'popup',
      command: 'sleep 600',
      keepOpen: false,
    });
    expect((await mainTab()).floating).toEqual([
      { paneId: popup.pane.id, x: 0.1, y: 0.1, width: 0.8, height: 0.8, kind: 'popup' },
    ]);
    await expect(s.call('floating.spawn', { target: 1, kind: 'popup', command: 'true' })).rejects.toThrow(
      /a popup is already open \(pane \d+\)/,
    );
    await s.call('panes.sendKeys', { target: popup.pane.id, keys: ['C-c'] });
    await waitFor('the popup closed with its program', async () => (await mainTab()).floating?.length === 0);
    expect((await panes()).some((p) => p.id === popup.pane.id)).toBe(false);

    const r = await raw({ cmd: 'popup', command: 'sleep 600', width: 0.99, height: 0.5, title: 'files' });
    expect(r).toMatchObject({ ok: true, data: { accepted: true, title: 'files' } });
    const id = (r.data as { id: number }).id;
    const shown = (await mainTab()).floating?.find((f) => f.paneId === id);
    expect(shown).toMatchObject({ kind: 'popup', width: 0.95, height: 0.5, y: 0.25 });
    expect(shown?.x).toBeCloseTo(0.025);
    await s.call('panes.kill', { target: id });
  });

  it('the scratchpad keeps its process across toggles and reads [scratchpad]', async () => {
    const work = join(s.home, 'scratch-here');
    mkdirSync(work, { recursive: true });
    writeFileSync(
      join(s.home, '.config', 'rozi', 'config.toml'),
      `[scratchpad]\ncommand = "sleep 900"\ncwd = "~/scratch-here"\nheight = 0.95\n`,
    );
    const first = await s.call<{ shown: boolean; pane: number }>('floating.scratchpad');
    expect(first.shown).toBe(true);
    const row = async () => (await panes()).find((p) => p.id === first.pane);
    await waitFor('the scratchpad runs', async () => (await row())?.pid != null);
    const pid = (await row())?.pid;
    expect((await row())?.cwd).toBe(work);
    expect((await mainTab()).floating).toEqual([
      { paneId: first.pane, x: 0, y: expect.closeTo(0.1, 5), width: 1, height: 0.9, kind: 'scratchpad' },
    ]);
    expect(await s.call('floating.scratchpad')).toEqual({ shown: false, pane: first.pane });
    expect((await mainTab()).floating?.[0]?.hidden).toBe(true);
    expect((await mainTab()).focusedPaneId).toBe(1);
    const again = await runCli(s.env, ['run-action', 'scratchpad']);
    expect(again.code).toBe(0);
    expect((await mainTab()).floating?.[0]).toMatchObject({ paneId: first.pane, hidden: false });
    expect((await row())?.pid).toBe(pid);
    await s.call('panes.kill', { target: first.pane });
    expect((await mainTab()).floating).toEqual([]);
  });
});

describe('splits and moves aimed at a float', () => {
  it('a split of a floating pane opens beside the tile under it', async () => {
    const two = (await s.call<Started>('panes.split', { target: 1, command: 'sleep 600' })).pane.id;
    await s.call('floating.toggle', { target: two });
    const three = (await s.call<Started>('panes.split', { target: two, command: 'sleep 600' })).pane.id;
    const tab = await mainTab();
    expect(ids(tab.layout).sort()).toEqual([1, three]);
    expect(tab.floating?.map((f) => f.paneId)).toEqual([two]);
    for (const id of [two, three]) await s.call('panes.kill', { target: id });
    expect(ids((await mainTab()).layout)).toEqual([1]);
  });
});

describe('[[rules]] place command panes', () => {
  it('a matching rule floats the pane at its position; another sends it to a workspace without focus', async () => {
    writeFileSync(
      join(s.home, '.config', 'rozi', 'config.toml'),
      '[[rules]]\nmatch = "sleep 701"\nfloat = true\nwidth = 0.5\nheight = 0.4\nposition = "bottom-right"\n\n' +
        '[[rules]]\nmatch_regex = "^sleep 70[2-9]"\nworkspace = 3\nfocus = false\n',
    );
    const floated = await s.call<{ pane: PaneInfo }>('panes.newTab', { command: 'sleep 701' });
    let tab = await mainTab();
    expect(tab.floating?.find((f) => f.paneId === floated.pane.id)).toMatchObject({
      kind: 'float',
      x: 0.5,
      width: 0.5,
      height: 0.4,
    });
    expect(tab.focusedPaneId).toBe(floated.pane.id);
    const away = await s.call<{ pane: PaneInfo; workspace: number }>('panes.newTab', {
      command: 'sleep 702',
    });
    expect(away.workspace).toBe(3);
    tab = await mainTab();
    expect(tab.workspace).toBe(1);
    expect(tab.focusedPaneId).toBe(floated.pane.id);
    // No rule matches: a new tab as before.
    const plain = await s.call<{ workspace: number }>('panes.newTab', { command: 'sleep 600' });
    expect(plain.workspace).not.toBe(1);
    const check = await runCli(s.env, ['config', 'check']);
    expect(check.stdout + check.stderr).not.toContain('rules');
  });
});
