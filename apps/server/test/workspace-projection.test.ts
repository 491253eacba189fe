// The browser's view of the workspace as deltas (projection/workspaceProjection.ts), against a
// real server with real PTYs: a WebSocket viewer receives every change as rows, in revision
// order, with no workspace.get after the first; the rows carry the effective agent status, the
// cwd and foreground program that change without a bus event, and a starting program.
import { describe, expect, it } from 'vitest';
import type { WorkspaceDelta, WorkspaceView } from '../src/projection/types';
import type { ServerMessage } from '../src/stream/protocol';
import { waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';
import { Viewer } from './viewer';

let s: TestServer;
startServerForFile((started) => (s = started));

const deltasOf = (v: Viewer): WorkspaceDelta[] =>
  v.messages.flatMap((m: ServerMessage) =>
    m.t === 'event' && m.event.type === 'workspace-delta' ? [m.event.delta] : [],
  );

/** The row of pane `id` in the newest delta that carries it. */
const latestRow = (v: Viewer, id: number) =>
  deltasOf(v)
    .flatMap((d) => d.panes ?? [])
    .filter((p) => p.id === id)
    .at(-1);

describe('workspace projection', () => {
  it('sends a split as one delta with the new row, the sessions and the order, in revision order', async () => {
    const v = new Viewer(s);
    await v.opened;
    const start = await s.call<WorkspaceView>('workspace.get');
    expect(start.panes[0]).toMatchObject({ id: 1, status: null });
    await s.call('panes.split', { target: 1, direction: 'row' });
    const delta = await waitFor('a delta with pane 2', () =>
      deltasOf(v).find((d) => d.panes?.some((p) => p.id === 2)),
    );
    expect(delta.revision).toBeGreaterThan(start.revision);
    expect(delta.order).toHaveLength(2);
    expect(delta.sessions?.[0]?.tabs[0]?.layout).toMatchObject({ type: 'split' });
    const revisions = deltasOf(v).map((d) => d.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
    await v.close();
  });

  it('carries the effective agent status in the pane row', async () => {
    const v = new Viewer(s);
    await v.opened;
    await s.call('status.set', { target: 1, status: 'blocked', reason: 'approve?' });
    const row = await waitFor('pane 1 blocked', () => {
      const r = latestRow(v, 1);
      return r?.status?.state === 'blocked' ? r : null;
    });
    expect(row.status).toMatchObject({ message: 'approve?', label: null });
    await s.call('status.clear', { target: 1 });
    await waitFor('pane 1 unlabelled again', () => latestRow(v, 1)?.status === null);
    await v.close();
  });

  it('follows a cd and the foreground program from the pane’s own output', async () => {
    const v = new Viewer(s);
    await v.opened;
    await s.call('panes.sendText', { target: 1, text: 'cd /tmp && sleep 30\r' });
    // 30 s, not waitFor's 10: the pane's shell may still be starting on a loaded box (CI at
    // 07a48be ran out of 10 s here).
    const row = await waitFor(
      'cwd /tmp with sleep in front',
      () => {
        const r = latestRow(v, 1);
        return r?.cwd === '/tmp' && r.foreground_program === 'sleep' ? r : null;
      },
      30_000,
    );
    expect(row.cwd).toBe('/tmp');
    await s.call('panes.sendKeys', { target: 1, keys: ['C-c'] });
    await waitFor('bash back in front', () => latestRow(v, 1)?.foreground_program === 'bash', 30_000);
    await v.close();
  });

  it('sees a program that starts without writing after the last output (the settle read)', async () => {
    const v = new Viewer(s);
    await v.opened;
    // The line's echo is the last output: `sleep` is in front at the steady read, then `cat`
    // takes over in silence. Only the read after the output has been quiet for a second sees it.
    await s.call('panes.sendText', { target: 1, text: 'sleep 0.6; cat\r' });
    await waitFor('cat in front', () => latestRow(v, 1)?.foreground_program === 'cat', 10_000);
    await s.call('panes.sendKeys', { target: 1, keys: ['C-c'] });
    await waitFor('bash back in front', () => latestRow(v, 1)?.foreground_program === 'bash', 30_000);
    await v.close();
  });

  it('shows a program as starting until it writes', async () => {
    const v = new Viewer(s);
    await v.opened;
    await s.call('panes.split', {
      target: 1,
      direction: 'column',
      argv: ['sh', '-c', 'sleep 1; echo ready; sleep 30'],
    });
    const view = await s.call<WorkspaceView>('workspace.get');
    const created = view.panes.find((p) => p.argv?.[0] === 'sh');
    expect(created?.starting).toBe(true);
    await waitFor('started', () => latestRow(v, created!.id)?.starting === false, 10_000);
    await v.close();
  });
});
