import { describe, expect, it } from 'vitest';
import { ManualClock } from './manualClock';
import { StatusHub, type StatusChange } from './statusHub';
import type { Occupant } from './types';

const codex = (id = 'occ-a', pid = 100): Occupant => ({
  id,
  pid,
  startTime: 5,
  agent: 'codex',
  label: 'Codex',
});

function setup() {
  const clock = new ManualClock();
  const hub = new StatusHub({ epoch: 'E1', now: clock.now });
  const changes: StatusChange[] = [];
  hub.subscribe((c) => changes.push(c));
  hub.addPane(1);
  return { clock, hub, changes, states: () => changes.map((c) => c.row.state) };
}

describe('StatusHub', () => {
  it('starts unlabelled and labels the pane idle when an agent appears', () => {
    const { hub } = setup();
    expect(hub.get(1)).toMatchObject({
      agent: null,
      state: null,
      occupant_id: null,
      revision: 0,
      promptable: false,
      status_epoch: 'E1',
    });
    hub.setOccupant(1, codex());
    expect(hub.get(1)).toMatchObject({
      agent: 'codex',
      label: 'Codex',
      state: 'idle',
      source: 'screen',
      occupant_id: 'occ-a',
      revision: 1,
      promptable: true,
    });
  });

  it('turns idle after a working period into done until the pane is viewed', () => {
    const { hub, states } = setup();
    hub.setOccupant(1, codex());
    hub.setScreen(1, { state: 'working' });
    expect(hub.get(1)?.promptable).toBe(false);
    hub.setScreen(1, { state: 'blocked' });
    hub.setScreen(1, { state: 'idle' });
    const row = hub.get(1);
    expect(row).toMatchObject({ state: 'done', promptable: true });
    expect(row?.completed_revision).toBe(row?.revision);
    hub.setViewed(1, true);
    expect(hub.get(1)).toMatchObject({ state: 'idle', completed_revision: row?.completed_revision });
    expect(states()).toEqual(['idle', 'working', 'blocked', 'done', 'idle']);
  });

  it('goes straight to idle (still recording the completion) while the pane is viewed', () => {
    const { hub } = setup();
    hub.setViewed(1, true);
    hub.setOccupant(1, codex());
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'idle' });
    expect(hub.get(1)).toMatchObject({ state: 'idle', completed_revision: 3 });
  });

  it('revisions only grow and repeated identical readings emit nothing', () => {
    const { hub, changes } = setup();
    hub.setOccupant(1, codex());
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'working' });
    const revs = changes.map((c) => c.row.revision);
    expect(revs).toEqual([1, 2]);
  });

  it('an exiting agent reports idle once (a completion), then the pane is unlabelled', () => {
    const { hub, changes } = setup();
    hub.setOccupant(1, codex());
    hub.setScreen(1, { state: 'working' });
    changes.length = 0;
    hub.setOccupant(1, null);
    expect(changes.map((c) => [c.row.state, c.row.occupant_id, c.row.agent])).toEqual([
      ['done', 'occ-a', 'codex'],
      [null, null, null],
    ]);
    expect(changes[0]?.row.completed_revision).toBe(changes[0]?.row.revision);
  });

  it('a replacement occupant ends the old one before the new one appears', () => {
    const { hub, changes } = setup();
    hub.setOccupant(1, codex('occ-a'));
    hub.setScreen(1, { state: 'working' });
    changes.length = 0;
    hub.setOccupant(1, codex('occ-b', 100));
    // The old one finished (done); the new one starts plain idle, not inheriting done.
    expect(changes.map((c) => [c.row.state, c.row.occupant_id])).toEqual([
      ['done', 'occ-a'],
      ['idle', 'occ-b'],
    ]);
    // The new occupant's screen is not the old one's.
    hub.setScreen(1, { state: 'working' });
    expect(hub.get(1)).toMatchObject({ occupant_id: 'occ-b', state: 'working' });
  });

  it('integration beats published beats screen, and release falls back', () => {
    const { hub } = setup();
    hub.setOccupant(1, codex());
    hub.setScreen(1, { state: 'working' });
    hub.setPublished(1, { state: 'blocked', agent: 'builder', message: 'waiting on CI' });
    expect(hub.get(1)).toMatchObject({
      source: 'published',
      state: 'blocked',
      agent: 'builder',
      message: 'waiting on CI',
    });
    hub.setIntegration(1, { state: 'idle', agent: 'codex', message: 'ready' });
    expect(hub.get(1)).toMatchObject({
      source: 'integration',
      state: 'done',
      agent: 'codex',
      message: 'ready',
    });
    hub.setIntegration(1, null);
    hub.setPublished(1, null);
    expect(hub.get(1)).toMatchObject({ source: 'screen', state: 'working' });
  });

  it('published rows label a pane without an agent process, unpromptable', () => {
    const { hub } = setup();
    hub.setPublished(1, { state: 'working', agent: 'deploy', message: 'step 2/5' });
    expect(hub.get(1)).toMatchObject({
      agent: 'deploy',
      state: 'working',
      occupant_id: null,
      promptable: false,
    });
    hub.setPublished(1, null);
    expect(hub.get(1)).toMatchObject({ agent: null, state: null });
  });

  it('removing a pane emits a last unlabelled row marked removed', () => {
    const { hub, changes } = setup();
    hub.setOccupant(1, codex());
    hub.removePane(1);
    expect(changes.at(-1)).toMatchObject({ removed: true, row: { state: null, agent: null } });
    expect(hub.get(1)).toBeUndefined();
  });

  it('stamps updated_at from the injected clock', () => {
    const { hub, clock } = setup();
    clock.advance(1234);
    hub.setOccupant(1, codex());
    expect(hub.get(1)?.updated_at).toBe(clock.now());
  });
});
