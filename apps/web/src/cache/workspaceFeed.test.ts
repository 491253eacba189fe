import type { PaneView, WorkspaceView } from '@rozi/server/view';
import { describe, expect, it } from 'vitest';
import { applyDelta, WorkspaceFeed } from './workspaceFeed';

const pane = (key: number, title = 'bash'): PaneView =>
  ({ key, id: key, session: 'main', tab: 1, title, status: null, starting: false }) as PaneView;

const view = (revision: number, panes: PaneView[]): WorkspaceView => ({ revision, sessions: [], panes });

describe('applying a delta', () => {
  it('replaces sent rows, drops removed ones and keeps the new order', () => {
    const before = view(4, [pane(1), pane(2), pane(3)]);
    const after = applyDelta(before, {
      revision: 5,
      panes: [pane(2, 'codex'), pane(9)],
      removed: [3],
      order: [9, 1, 2],
    });
    expect(after.revision).toBe(5);
    expect(after.panes.map((p) => [p.key, p.title])).toEqual([
      [9, 'bash'],
      [1, 'bash'],
      [2, 'codex'],
    ]);
  });

  it('keeps the order when none is sent', () => {
    const after = applyDelta(view(1, [pane(1), pane(2)]), { revision: 2, panes: [pane(1, 'vim')] });
    expect(after.panes.map((p) => p.title)).toEqual(['vim', 'bash']);
  });
});

describe('the feed', () => {
  it('applies the next revision, ignores old ones, asks for a snapshot on a gap', () => {
    const feed = new WorkspaceFeed();
    const start = feed.catchUp(view(3, [pane(1)]));
    const step = feed.receive(start, { revision: 4, panes: [pane(1, 'top')] });
    expect(step && 'next' in step && step.next.panes[0]?.title).toBe('top');
    expect(feed.receive(start, { revision: 3, panes: [pane(1, 'old')] })).toBeNull();
    expect(feed.receive(start, { revision: 6, panes: [pane(1, 'later')] })).toEqual({ refetch: true });
  });

  it('catches a snapshot up with the deltas that overtook it', () => {
    const feed = new WorkspaceFeed();
    expect(feed.receive(undefined, { revision: 8, panes: [pane(1, 'eight')] })).toBeNull();
    expect(feed.receive(undefined, { revision: 7, panes: [pane(1, 'seven')] })).toBeNull();
    expect(feed.receive(undefined, { revision: 5, panes: [pane(1, 'five')] })).toBeNull();
    const caught = feed.catchUp(view(6, [pane(1, 'six')]));
    expect(caught.revision).toBe(8);
    expect(caught.panes[0]?.title).toBe('eight');
  });

  it('waits for a new snapshot after a reconnect, whatever the revisions say', () => {
    const feed = new WorkspaceFeed();
    const before = feed.catchUp(view(50, [pane(1)]));
    feed.reset();
    // A restarted server counts from 1 again: nothing applies to the old copy.
    expect(feed.receive(before, { revision: 2, panes: [pane(1, 'new run')] })).toBeNull();
    const after = feed.catchUp(view(1, [pane(1, 'fresh')]));
    expect(after).toMatchObject({ revision: 2, panes: [{ title: 'new run' }] });
  });
});

describe('a refetch that the deltas overtook', () => {
  it('keeps the newer copy', () => {
    const feed = new WorkspaceFeed();
    const start = feed.catchUp(view(10, [pane(1)]));
    const step = feed.receive(start, { revision: 11, panes: [pane(1, 'eleven')] });
    const current = step && 'next' in step ? step.next : start;
    expect(feed.catchUp(view(10, [pane(1, 'stale')]), current).panes[0]?.title).toBe('eleven');
  });
});
