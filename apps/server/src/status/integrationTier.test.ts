import { REPORT_LEASE_MS } from '@rozi/detect';
import { describe, expect, it } from 'vitest';
import { IntegrationTier, type PublishedRow } from './integrationTier';
import { ManualClock } from './manualClock';
import { StatusHub } from './statusHub';

function setup() {
  const clock = new ManualClock();
  const hub = new StatusHub({ epoch: 'E', now: clock.now });
  const tier = new IntegrationTier({ hub, timers: clock, now: clock.now });
  hub.addPane(1);
  hub.setOccupant(1, { id: 'o', pid: 5, startTime: 9, agent: 'claude', label: 'Claude' });
  hub.setScreen(1, { state: 'working' });
  return { clock, hub, tier };
}

const row = (
  publisher: string,
  state: PublishedRow['state'],
  extra: Partial<PublishedRow> = {},
): PublishedRow => ({
  publisher,
  id: 'r',
  state,
  label: null,
  message: null,
  kind: 'activity',
  ...extra,
});

describe('IntegrationTier', () => {
  it('a report overrides the screen until its 30 s lease lapses', () => {
    const { clock, hub, tier } = setup();
    expect(
      tier.report(1, { token: 't1', seq: 1, state: 'blocked', agent: 'claude', nativeSession: 'abc' }),
    ).toEqual({ ok: true });
    expect(hub.get(1)).toMatchObject({ source: 'integration', state: 'blocked' });
    clock.advance(REPORT_LEASE_MS - 1);
    expect(hub.get(1)?.source).toBe('integration');
    clock.advance(1);
    expect(hub.get(1)).toMatchObject({ source: 'screen', state: 'working' });
    expect(tier.nativeSession(1)).toEqual({ agent: 'claude', session: 'abc', occupant: 'o' });
  });

  it('release returns to the screen; a released token cannot claim again', () => {
    const { hub, tier } = setup();
    tier.report(1, { token: 't1', seq: 1, state: 'idle' });
    expect(tier.release(1, { token: 't1', seq: 2 })).toEqual({ ok: true });
    expect(hub.get(1)).toMatchObject({ source: 'screen', state: 'working' });
    expect(tier.report(1, { token: 't1', seq: 3, state: 'working' })).toMatchObject({
      ok: false,
      conflict: 'released',
    });
  });

  it('conflicts: stale seq, wrong agent, superseded token, unknown release', () => {
    const { tier } = setup();
    tier.report(1, { token: 'old', seq: 5, state: 'working' });
    expect(tier.report(1, { token: 'old', seq: 5, state: 'working' })).toMatchObject({
      ok: false,
      conflict: 'stale-seq',
    });
    expect(tier.report(1, { token: 'x', seq: 1, state: 'working', agent: 'codex' })).toMatchObject({
      ok: false,
      conflict: 'agent-mismatch',
    });
    expect(tier.report(1, { token: 'new', seq: 1, state: 'working' })).toEqual({ ok: true });
    expect(tier.report(1, { token: 'old', seq: 6, state: 'idle' })).toMatchObject({
      ok: false,
      conflict: 'superseded',
    });
    expect(tier.release(1, { token: 'never', seq: 1 })).toMatchObject({
      ok: false,
      conflict: 'unknown-token',
    });
  });

  it('published rows beat the screen; the most urgent row decides; a report clears older rows', () => {
    const { hub, tier } = setup();
    tier.publish(1, 'ci', [
      row('ci', 'working', { message: 'tests' }),
      { ...row('ci', 'blocked', { message: 'approve deploy' }), id: 'r2' },
    ]);
    expect(hub.get(1)).toMatchObject({
      source: 'published',
      state: 'blocked',
      message: 'approve deploy',
      agent: 'ci',
    });
    tier.report(1, { token: 't', seq: 1, state: 'idle' });
    expect(tier.rows(1)).toEqual([]);
    tier.publish(1, 'later', [row('later', 'working')]);
    expect(hub.get(1)?.source).toBe('integration');
    tier.release(1, { token: 't', seq: 2 });
    expect(hub.get(1)).toMatchObject({ source: 'published', agent: 'later', state: 'working' });
    tier.publish(1, 'later', []);
    expect(hub.get(1)?.source).toBe('screen');
  });

  it('several publishers in one pane keep their own rows', () => {
    const { hub, tier } = setup();
    tier.publish(1, 'a', [row('a', 'working')]);
    tier.publish(1, 'b', [row('b', 'idle')]);
    tier.publish(1, 'a', []);
    expect(tier.rows(1).map((r) => r.publisher)).toEqual(['b']);
    expect(hub.get(1)).toMatchObject({ source: 'published', state: 'done' });
  });
});
