import { describe, expect, it } from 'vitest';
import { AgentWaits, parseWaitStates, type WaitOutcome } from './agentWaits';
import { ManualClock } from './manualClock';
import { StatusHub } from './statusHub';
import type { Occupant } from './types';

const occ = (id: string): Occupant => ({ id, pid: 7, startTime: 1, agent: 'claude', label: 'Claude' });

function setup() {
  const clock = new ManualClock();
  const hub = new StatusHub({ epoch: 'E', now: clock.now });
  const waits = new AgentWaits({ hub, timers: clock, now: clock.now });
  hub.addPane(1);
  hub.setOccupant(1, occ('a'));
  return { clock, hub, waits };
}

async function settled(p: Promise<WaitOutcome>): Promise<WaitOutcome | 'pending'> {
  return Promise.race([p, new Promise<'pending'>((r) => setImmediate(() => r('pending')))]);
}

describe('parseWaitStates', () => {
  it('accepts comma lists and repeated flags', () => {
    expect(parseWaitStates(['idle,blocked', 'gone'])).toEqual({
      ok: true,
      states: ['idle', 'blocked', 'gone'],
    });
  });
  it('rejects unknown, duplicate and empty entries with one clear line', () => {
    expect(parseWaitStates(['idle,sleeping'])).toMatchObject({
      ok: false,
      message: expect.stringContaining("unknown state 'sleeping'"),
    });
    expect(parseWaitStates(['idle,idle'])).toMatchObject({
      ok: false,
      message: expect.stringContaining("'idle' twice"),
    });
    expect(parseWaitStates(['idle,'])).toMatchObject({ ok: false });
    expect(parseWaitStates([])).toMatchObject({ ok: false });
  });
});

describe('AgentWaits', () => {
  it('matches at once when the state already holds', async () => {
    const { waits } = setup();
    const w = waits.wait({ pane: 1, until: ['idle'], timeoutMs: 1000 });
    expect(await settled(w.result)).toMatchObject({ code: 'matched', state: 'idle' });
    expect(waits.size).toBe(0);
  });

  it('sees a transition that comes and goes between two reads (event-driven, not polled)', async () => {
    const { hub, waits } = setup();
    const w = waits.wait({ pane: 1, until: ['blocked'], timeoutMs: 1000 });
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'blocked' });
    hub.setScreen(1, { state: 'working' });
    expect(await settled(w.result)).toMatchObject({
      code: 'matched',
      state: 'blocked',
      row: { state: 'blocked' },
    });
  });

  it('times out with the last row and leaves no timer behind', async () => {
    const { clock, waits } = setup();
    const w = waits.wait({ pane: 1, until: ['working'], timeoutMs: 500 });
    clock.advance(499);
    expect(await settled(w.result)).toBe('pending');
    clock.advance(1);
    expect(await settled(w.result)).toMatchObject({
      code: 'timed-out',
      elapsed_ms: 500,
      row: { state: 'idle' },
    });
    expect(clock.pendingTimers).toBe(0);
  });

  it('done and quiescent: done after a working period; quiescent takes idle or done', async () => {
    const { hub, waits } = setup();
    const done = waits.wait({ pane: 1, until: ['done'], timeoutMs: 1000 });
    const quiet = waits.wait({ pane: 1, until: ['quiescent'], timeoutMs: 1000 });
    expect(await settled(quiet.result)).toMatchObject({ code: 'matched', state: 'quiescent' });
    expect(await settled(done.result)).toBe('pending');
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'idle' });
    expect(await settled(done.result)).toMatchObject({
      code: 'matched',
      state: 'done',
      row: { state: 'done' },
    });
  });

  it('done also matches a completion on a viewed pane (which shows idle, not done)', async () => {
    const { hub, waits } = setup();
    hub.setViewed(1, true);
    const done = waits.wait({ pane: 1, until: ['done'], timeoutMs: 1000 });
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'idle' });
    expect(await settled(done.result)).toMatchObject({ code: 'matched', row: { state: 'idle' } });
  });

  it('an exiting agent completes idle waits first, then ends others as gone', async () => {
    const { hub, waits } = setup();
    hub.setScreen(1, { state: 'working' });
    const quiet = waits.wait({ pane: 1, until: ['quiescent'], timeoutMs: 1000 });
    const blocked = waits.wait({ pane: 1, until: ['blocked'], timeoutMs: 1000 });
    const gone = waits.wait({ pane: 1, until: ['gone'], timeoutMs: 1000 });
    hub.setOccupant(1, null);
    expect(await settled(quiet.result)).toMatchObject({ code: 'matched', state: 'quiescent' });
    expect(await settled(blocked.result)).toMatchObject({ code: 'gone' });
    expect(await settled(gone.result)).toMatchObject({ code: 'matched', state: 'gone' });
  });

  it('a replacement occupant ends a pinned wait as replaced', async () => {
    const { hub, waits } = setup();
    hub.setScreen(1, { state: 'working' });
    const w = waits.wait({ pane: 1, until: ['blocked'], timeoutMs: 1000 });
    hub.setOccupant(1, occ('b'));
    expect(await settled(w.result)).toMatchObject({ code: 'replaced', row: { occupant_id: 'b' } });
  });

  it('a --ref pinned to an occupant that is already replaced fails at once', async () => {
    const { hub, waits } = setup();
    hub.setOccupant(1, occ('b'));
    const w = waits.wait({ pane: 1, until: ['idle'], timeoutMs: 1000, occupantId: 'a', epoch: 'E' });
    expect(await settled(w.result)).toMatchObject({ code: 'replaced' });
  });

  it('a ref from another server run is stale', async () => {
    const { waits } = setup();
    const w = waits.wait({ pane: 1, until: ['idle'], timeoutMs: 1000, occupantId: 'a', epoch: 'OLD' });
    expect(await settled(w.result)).toMatchObject({ code: 'stale-ref' });
    expect(waits.size).toBe(0);
  });

  it('a closed pane ends waits as gone (or matches gone)', async () => {
    const { hub, waits } = setup();
    const w = waits.wait({ pane: 1, until: ['working'], timeoutMs: 1000 });
    const g = waits.wait({ pane: 1, until: ['gone'], timeoutMs: 1000 });
    hub.removePane(1);
    expect(await settled(w.result)).toMatchObject({ code: 'gone' });
    expect(await settled(g.result)).toMatchObject({ code: 'matched' });
    expect(await settled(waits.wait({ pane: 1, until: ['idle'], timeoutMs: 5 }).result)).toMatchObject({
      code: 'gone',
    });
  });

  it('an unpinned wait on an empty pane follows the first agent that appears', async () => {
    const { hub, waits } = setup();
    hub.addPane(2);
    const w = waits.wait({ pane: 2, until: ['working'], timeoutMs: 1000 });
    hub.setOccupant(2, occ('c'));
    expect(await settled(w.result)).toBe('pending');
    hub.setScreen(2, { state: 'working' });
    expect(await settled(w.result)).toMatchObject({ code: 'matched', row: { occupant_id: 'c' } });
  });

  it('afterRevision waits for a completion after it, not the idle it started in', async () => {
    const { hub, waits } = setup();
    const rev = hub.get(1)?.revision ?? 0;
    const w = waits.wait({
      pane: 1,
      until: ['idle', 'done'],
      timeoutMs: 1000,
      occupantId: 'a',
      afterRevision: rev,
    });
    expect(await settled(w.result)).toBe('pending');
    hub.setScreen(1, { state: 'working' });
    expect(await settled(w.result)).toBe('pending');
    hub.setScreen(1, { state: 'idle' });
    expect(await settled(w.result)).toMatchObject({ code: 'matched', state: 'done' });
  });

  it('cancel drops the waiter and its timer', () => {
    const { clock, waits } = setup();
    const w = waits.wait({ pane: 1, until: ['working'], timeoutMs: 1000 });
    w.cancel();
    expect(waits.size).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });
});
