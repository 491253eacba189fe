import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/bus';
import { SessionClients, type ControlNotice } from './sessionClients';

function setup(allowTakeover: boolean) {
  const bus = new EventBus();
  const notices: Array<{ to: number; n: ControlNotice }> = [];
  const events: string[] = [];
  bus.onAny((e) => {
    if (e.type === 'controller-changed') events.push(`${e.session}:${e.controller ?? 'none'}`);
  });
  const s = new SessionClients({
    bus,
    allowTakeover: () => allowTakeover,
    notify: (to, n) => notices.push({ to, n }),
  });
  for (const [id, readOnly] of [
    [1, false],
    [2, false],
    [3, true],
  ] as const) {
    s.join({ id, readOnly });
    s.view(id, 'dev');
  }
  const asked = () =>
    notices.filter((x) => x.n.notice !== 'changed').map((x) => `${x.n.notice}:${x.n.from}->${x.to}`);
  return { s, events, asked };
}

describe('SessionClients control requests (sessions.md, allow_takeover = false)', () => {
  it('flags the requester, tells the controller once, and the controller grants in one step', () => {
    const { s, events, asked } = setup(false);
    expect(s.controllerOf('dev')).toBe(1);
    expect(s.request(2)).toBeNull();
    expect(s.request(2)).toBeNull(); // a held key: no second toast
    expect(s.controllerOf('dev')).toBe(1);
    expect(s.roster().clients.find((c) => c.id === 2)?.wantsControl).toBe(true);
    expect(asked()).toEqual(['requested:2->1']);
    expect(s.grantTo(2)).toBe('only the controller can do that');
    expect(s.grantTo(1)).toBeNull();
    expect(s.controllerOf('dev')).toBe(2);
    expect(s.roster().clients.find((c) => c.id === 2)?.wantsControl).toBe(false);
    expect(events).toEqual(['dev:1', 'dev:2']);
  });

  it('a decline clears the flag and tells the requester; a read-only client is never granted', () => {
    const { s, asked } = setup(false);
    expect(s.request(3)).toBe('a read-only client cannot take control');
    expect(s.grantTo(1, 3)).toBe('browser 3 is read-only and cannot be granted control');
    expect(s.decline(1)).toBe('no pending request to decline');
    s.request(2);
    expect(s.decline(1)).toBeNull();
    expect(asked()).toEqual(['requested:2->1', 'declined:1->2']);
    expect(s.roster().clients.find((c) => c.id === 2)?.wantsControl).toBe(false);
    expect(s.controllerOf('dev')).toBe(1);
  });

  it('a request with nobody holding the lease is granted at once', () => {
    const { s } = setup(false);
    s.view(1, null);
    expect(s.controllerOf('dev')).toBe(2); // promotion
    s.view(2, null);
    expect(s.controllerOf('dev')).toBeNull();
    s.view(1, 'dev');
    expect(s.controllerOf('dev')).toBe(1);
  });
});

describe('SessionClients policies', () => {
  it('takeover on: a request takes the lease; the controller may turn it off', () => {
    const { s } = setup(true);
    expect(s.roster().policies.dev).toEqual({ takeover: true, inputLock: false });
    expect(s.request(2)).toBeNull();
    expect(s.controllerOf('dev')).toBe(2);
    expect(s.setPolicy(1, { takeover: false })).toBe('only the controller can do that');
    expect(s.setPolicy(2, { takeover: false })).toBeNull();
    s.request(1);
    expect(s.controllerOf('dev')).toBe(2);
  });

  it('the input lock lets only the controller type, and follows the lease', () => {
    const { s } = setup(true);
    expect(s.inputRefusal(2, 'dev')).toBeNull();
    expect(s.inputRefusal(3, 'dev')).toBe('read-only viewer: nothing was typed');
    expect(s.setPolicy(1, { inputLock: true })).toBeNull();
    expect(s.inputRefusal(1, 'dev')).toBeNull();
    expect(s.inputRefusal(2, 'dev')).toMatch(/^input lock: only the controller types/);
    s.request(2);
    expect(s.inputRefusal(2, 'dev')).toBeNull();
    expect(s.inputRefusal(1, 'dev')).toMatch(/^input lock/);
    expect(s.inputRefusal(1, 'other')).toBeNull();
  });
});

describe('SessionClients remove (Manage collaborators, ctrl+k)', () => {
  it('tells the removed page who removed it, then closes it; refuses itself, strangers and viewers', () => {
    const bus = new EventBus();
    const notices: string[] = [];
    const closed: number[] = [];
    const s = new SessionClients({
      bus,
      notify: (to, n) => {
        if (n.notice !== 'changed') notices.push(`${n.notice}:${n.from}->${to}`);
      },
      disconnect: (id) => closed.push(id),
    });
    for (const [id, readOnly, session] of [
      [1, false, 'dev'],
      [2, false, 'dev'],
      [3, true, 'dev'],
      [4, false, 'other'],
    ] as const) {
      s.join({ id, readOnly });
      s.view(id, session);
    }
    expect(s.remove(1, 1)).toBe('you cannot remove your own page; close it instead');
    expect(s.remove(1, 4)).toBe('browser 4 is not on dev');
    expect(s.remove(3, 1)).toBe('a read-only client cannot remove anyone');
    expect(closed).toEqual([]);
    // A follower may remove too (rozi does not limit it to the controller); the viewer goes first.
    expect(s.remove(2, 3)).toBeNull();
    expect(notices).toEqual(['removed:2->3']);
    expect(closed).toEqual([3]);
    s.leave(3); // what the closed socket does
    expect(s.remove(1, 2)).toBeNull();
    s.leave(2);
    expect(s.roster().clients.map((c) => c.id)).toEqual([1, 4]);
    expect(s.controllerOf('dev')).toBe(1);
  });
});
