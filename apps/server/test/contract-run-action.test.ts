// rozi's `run-action <id>` for built-in action ids (its control.md and keybindings.md), through
// the real CLI and the raw socket as a script would use them: spawn, focus by direction,
// fullscreen, workspace steps, close, and a clear refusal for ids with no web meaning.
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ACTIONS, NO_WEB_MEANING } from '../src/api/builtinActions';
import type { LayoutNode, PaneInfo, TabInfo, WorkspaceInfo } from '../src/session/model';
import { removeHome, runCli, startServer, type TestServer } from './harness';

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
}, 120_000);

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

/** One rozi request on a raw connection: its one reply line. */
function raw(request: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const c = createConnection(s.env.ROZI_SOCKET as string);
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (d: string) => {
      buf += d;
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      c.destroy();
      resolve(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
    });
    c.on('error', reject);
    c.on('connect', () => c.write(JSON.stringify(request) + '\n'));
  });
}

const panes = () => s.call<PaneInfo[]>('panes.list');
const focused = async () => (await panes()).find((p) => p.focused);
const tabOf = async (workspace: number): Promise<TabInfo | undefined> =>
  (await s.call<WorkspaceInfo>('workspace.get')).sessions
    .find((x) => x.name === 'main')
    ?.tabs.find((t) => t.workspace === workspace);
/** A layout tree's pane order and nesting, without ratios. */
const shape = (n: LayoutNode | undefined): unknown =>
  n === undefined ? undefined : n.type === 'pane' ? n.paneId : { [n.direction]: n.children.map(shape) };

describe('run-action with built-in ids', () => {
  it('spawn, focus-left/right, toggle-fullscreen, next-tab and close act on the panes', async () => {
    // The CLI, piped: rozi's {ok, data} reply.
    const spawned = await runCli(s.env, ['run-action', 'spawn']);
    expect(spawned.code).toBe(0);
    expect(JSON.parse(spawned.stdout)).toMatchObject({ ok: true, data: { id: 'spawn' } });
    const [first, second] = await panes();
    expect([first?.id, second?.id]).toEqual([1, 2]);
    expect((await focused())?.id).toBe(2);

    expect(await raw({ cmd: 'run-action', action: 'focus-left' })).toMatchObject({
      ok: true,
      data: { result: { moved: true, pane: 1 } },
    });
    expect((await focused())?.id).toBe(1);
    await raw({ cmd: 'run-action', action: 'focus-right', source_pane: 1 });
    expect((await focused())?.id).toBe(2);

    expect(await raw({ cmd: 'run-action', action: 'toggle-fullscreen', target: 2 })).toMatchObject({
      ok: true,
      data: { result: { zoomed: true } },
    });
    expect(await raw({ cmd: 'run-action', action: 'toggle-fullscreen', target: 2 })).toMatchObject({
      data: { result: { zoomed: false } },
    });

    await raw({ cmd: 'run-action', action: 'new-tab' });
    expect((await focused())?.workspace).toBe(2);
    expect(await raw({ cmd: 'run-action', action: 'next-tab' })).toMatchObject({
      data: { result: { workspace: 1 } },
    });
    expect((await focused())?.workspace).toBe(1);

    expect(await raw({ cmd: 'run-action', action: 'close', target: 2 })).toMatchObject({ ok: true });
    expect((await panes()).map((p) => p.id).sort()).toEqual([1, 3]);
  });

  it('refuses ids with no web meaning with the reason, and unknown ids as before', async () => {
    const detach = await runCli(s.env, ['run-action', 'detach']);
    expect(detach.code).toBe(1);
    expect(detach.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('run-action detach: a browser tab is closed, not detached'),
    ]);
    expect(JSON.parse(detach.stdout)).toMatchObject({ ok: false, code: 'invalid' });
    expect(await raw({ cmd: 'run-action', action: 'command-palette' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('acts inside the browser page'),
    });
    expect(await raw({ cmd: 'run-action', action: 'nosuch' })).toMatchObject({
      ok: false,
      error: expect.stringContaining("no command 'nosuch'"),
    });
  });

  it('layout and workspace ids: cycle/choose a layout, swap, promote, switch and move to workspace N', async () => {
    // Fresh ids on a fresh server state: the test above left panes 1 and 3 in workspaces 1 and 2.
    const before = await tabOf(1);
    expect(before?.layoutKind).toBe('dwindle');
    const cycled = await runCli(s.env, ['run-action', 'cycle-layout', '-t', '1']);
    expect(cycled.code).toBe(0);
    expect(JSON.parse(cycled.stdout)).toMatchObject({
      ok: true,
      data: { id: 'cycle-layout', result: { workspace: 1, layout: 'master' } },
    });
    expect((await tabOf(1))?.layoutKind).toBe('master');
    expect(await raw({ cmd: 'run-action', action: 'layout-columns', target: 1 })).toMatchObject({
      ok: true,
      data: { result: { layout: 'columns' } },
    });
    expect((await tabOf(1))?.layoutKind).toBe('columns');

    // Three panes side by side (columns): swap trades slots, promote takes the first one.
    await raw({ cmd: 'run-action', action: 'spawn', target: 1 });
    await raw({ cmd: 'run-action', action: 'spawn', target: 1 });
    const ids = (await panes()).filter((p) => p.workspace === 1).map((p) => p.id);
    expect(ids).toHaveLength(3);
    const start = shape((await tabOf(1))?.layout) as { row: number[] };
    expect(start.row).toHaveLength(3);
    const [a, b, c] = start.row as [number, number, number];
    expect(await raw({ cmd: 'run-action', action: 'swap-right', target: a })).toMatchObject({
      ok: true,
      data: { result: { moved: true, pane: a } },
    });
    expect(shape((await tabOf(1))?.layout)).toEqual({ row: [b, a, c] });
    await raw({ cmd: 'run-action', action: 'promote-to-master', target: c });
    expect(shape((await tabOf(1))?.layout)).toEqual({ row: [c, a, b] });

    // move-to-workspace-N moves the pane and shows N; switch-workspace-N shows (or opens) N.
    const moved = await runCli(s.env, ['run-action', 'move-to-workspace-4', '-t', String(b)]);
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({ ok: true, data: { result: { workspace: 4, pane: b } } });
    expect((await panes()).find((p) => p.id === b)).toMatchObject({ workspace: 4, focused: true });
    expect(await raw({ cmd: 'run-action', action: 'switch-workspace-1', target: b })).toMatchObject({
      ok: true,
      data: { result: { workspace: 1, opened: null } },
    });
    expect((await focused())?.workspace).toBe(1);
    const opened = await raw({ cmd: 'run-action', action: 'switch-workspace-6', target: a });
    expect(opened).toMatchObject({ ok: true, data: { result: { workspace: 6 } } });
    const openedPane = (opened.data as { result: { opened: number } }).result.opened;
    expect(await focused()).toMatchObject({ id: openedPane, workspace: 6 });

    // Still refused, with the reason: resizing and the layout picker.
    expect(await raw({ cmd: 'run-action', action: 'grow-split' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('drag the divider'),
    });
    expect(await raw({ cmd: 'run-action', action: 'choose-layout' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('set-layout KIND'),
    });
  }, 180_000);

  it('no id is both run and refused', () => {
    expect(Object.keys(BUILTIN_ACTIONS).filter((id) => id in NO_WEB_MEANING)).toEqual([]);
  });
});
