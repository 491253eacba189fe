import { describe, expect, it } from 'vitest';
import { pageTitle, StatusTracker } from './statusTracker';

describe('StatusTracker', () => {
  it('reports a background working → needs input transition and counts it unseen until focused', () => {
    const t = new StatusTracker();
    expect(t.update([{ key: 1, state: 'working' }, { key: 2, state: null }], { now: 0, viewing: 2 })).toEqual([]);
    const out = t.update([{ key: 1, state: 'blocked' }, { key: 2, state: null }], { now: 10, viewing: 2 });
    expect(out).toEqual([{ key: 1, from: 'working', to: 'blocked', at: 10 }]);
    expect([...t.unseen]).toEqual([1]);
    expect(t.get(1)).toEqual({ state: 'blocked', since: 10 });
    expect(t.acknowledge(1)).toBe(true);
    expect(t.unseen.size).toBe(0);
  });

  it('does not raise a transition for the pane being viewed', () => {
    const t = new StatusTracker();
    t.update([{ key: 1, state: 'working' }], { now: 0, viewing: 1 });
    expect(t.update([{ key: 1, state: 'done' }], { now: 1, viewing: 1 })).toEqual([]);
    expect(t.unseen.size).toBe(0);
  });

  it('never invents a state: first sightings and plain shells raise nothing', () => {
    const t = new StatusTracker();
    expect(t.update([{ key: 1, state: 'blocked' }, { key: 2, state: null }], { now: 0, viewing: null })).toEqual([]);
    expect(t.get(2)).toBeUndefined();
  });

  it('forgets panes that are gone', () => {
    const t = new StatusTracker();
    t.update([{ key: 1, state: 'working' }], { now: 0, viewing: null });
    t.update([{ key: 1, state: 'done' }], { now: 1, viewing: null });
    t.update([], { now: 2, viewing: null });
    expect(t.unseen.size).toBe(0);
    expect(t.get(1)).toBeUndefined();
  });

  it('writes the unseen count into the title', () => {
    expect(pageTitle(0)).toBe('rozi');
    expect(pageTitle(2)).toBe('(2) rozi');
  });
});
