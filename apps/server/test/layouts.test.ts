// Tiled layouts (issue 20.2): set-layout through the CLI, every kind re-tiling on open and close,
// dwindle's axis from the pane's shape, manual splits kept in dwindle, swap and promote, [layout]
// default from config.toml, and a bad kind refused in one line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LayoutNode, PaneInfo, TabInfo, WorkspaceInfo } from '../src/session/model';
import { runCli, type TestServer } from './harness';
import { startServerForFile } from './fileServer';

let s: TestServer;
startServerForFile((started) => (s = started));

type Split = { pane: PaneInfo };
const tabOf = async (workspace: number, session = 'main'): Promise<TabInfo> =>
  (await s.call<WorkspaceInfo>('workspace.get')).sessions
    .find((x) => x.name === session)
    ?.tabs.find((t) => t.workspace === workspace) as TabInfo;
const split = (o: { target: number; direction?: string }) =>
  s.call<Split>('panes.split', { ...o, argv: ['sleep', '600'] }).then((r) => r.pane.id);
/** The tree's shape without ratios. */
const shape = (n: LayoutNode): unknown =>
  n.type === 'pane' ? n.paneId : { [n.direction]: n.children.map(shape) };

describe('tiled layouts', () => {
  it('dwindle splits a wide pane side by side and a tall one stacked; manual splits stay', async () => {
    await s.call('panes.resize', { target: 1, cols: 200, rows: 50 });
    const two = await split({ target: 1, direction: 'auto' });
    expect(shape((await tabOf(1)).layout)).toEqual({ row: [1, two] });
    await s.call('panes.resize', { target: two, cols: 60, rows: 50 });
    const three = await split({ target: two, direction: 'auto' });
    expect(shape((await tabOf(1)).layout)).toEqual({ row: [1, { column: [two, three] }] });
    const four = await split({ target: 1, direction: 'column' });
    expect(shape((await tabOf(1)).layout)).toEqual({
      row: [{ column: [1, four] }, { column: [two, three] }],
    });
  }, 120_000);

  it('set-layout re-tiles every kind from the pane order and refuses an unknown kind', async () => {
    const r = await runCli(s.env, ['--format', 'json', 'set-layout', 'grid']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, data: { workspace: 1, layout: 'grid' } });
    const order = [1, 4, 2, 3];
    expect(shape((await tabOf(1)).layout)).toEqual({ column: [{ row: [1, 4] }, { row: [2, 3] }] });
    await s.call('tabs.setLayout', { layout: 'master' });
    expect(shape((await tabOf(1)).layout)).toEqual({ row: [1, { column: [4, 2, 3] }] });
    await s.call('tabs.setLayout', { layout: 'columns' });
    expect(shape((await tabOf(1)).layout)).toEqual({ row: order });
    await s.call('tabs.setLayout', { layout: 'rows' });
    expect(shape((await tabOf(1)).layout)).toEqual({ column: order });
    await s.call('tabs.setLayout', { layout: 'monocle' });
    const mono = await tabOf(1);
    expect(mono.zoomedPaneId).toBe(mono.focusedPaneId);
    await s.call('panes.focus', { target: 3 });
    expect((await tabOf(1)).zoomedPaneId).toBe(3);
    const bad = await runCli(s.env, ['set-layout', 'spiral']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toBe(
      "rozi: unknown layout 'spiral': use one of dwindle, master, grid, columns, rows, scrollable, monocle",
    );
    expect((await tabOf(1)).layoutKind).toBe('monocle');
  }, 120_000);

  it('master re-tiles on open and close, keeping its divider; swap and promote reorder in place', async () => {
    await s.call('tabs.setLayout', { layout: 'master' });
    await s.call('panes.resizeSplit', { tab: (await tabOf(1)).id, path: [], ratios: [0.6, 0.4] });
    const five = await split({ target: 3 });
    const t = await tabOf(1);
    expect(shape(t.layout)).toEqual({ row: [1, { column: [4, 2, 3, five] }] });
    expect(t.layout.type === 'split' && t.layout.ratios[0]).toBeCloseTo(0.6);
    await s.call('panes.kill', { target: 4 });
    expect(shape((await tabOf(1)).layout)).toEqual({ row: [1, { column: [2, 3, five] }] });
    await s.call('panes.promote', { target: five });
    expect(shape((await tabOf(1)).layout)).toEqual({ row: [five, { column: [2, 3, 1] }] });
    await s.call('panes.swap', { target: 2, with: 3 });
    expect(shape((await tabOf(1)).layout)).toEqual({ row: [five, { column: [3, 2, 1] }] });
    await expect(s.call('tabs.setLayout', { layout: 'grid', workspace: 0 })).rejects.toThrow(/from 1 to 9/);
  }, 120_000);

  it('[layout] default decides the kind of a fresh workspace; a bad value falls back to dwindle', async () => {
    mkdirSync(join(s.home, '.config', 'rozi'), { recursive: true });
    writeFileSync(join(s.home, '.config', 'rozi', 'config.toml'), '[layout]\ndefault = "columns"\n');
    await s.call('tabs.switchWorkspace', { workspace: 4 });
    expect((await tabOf(4)).layoutKind).toBe('columns');
    const pane = (await tabOf(4)).focusedPaneId;
    const b = await split({ target: pane, direction: 'column' });
    expect(shape((await tabOf(4)).layout)).toEqual({ row: [pane, b] });
    writeFileSync(join(s.home, '.config', 'rozi', 'config.toml'), '[layout]\ndefault = "spiral"\n');
    await s.call('tabs.switchWorkspace', { workspace: 5 });
    expect((await tabOf(5)).layoutKind).toBe('dwindle');
    expect(s.stderr() + s.stdout()).toContain('[layout] default must be one of');
  }, 120_000);
});
