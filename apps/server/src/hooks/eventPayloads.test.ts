import { describe, expect, it } from 'vitest';
import type { StatusRow } from '../status/types';
import { FocusMemory, hookEventFromBus, hookEventFromStatus, type PaneLookup } from './eventPayloads';

const panes: PaneLookup = {
  launch: (key) =>
    key === 7 ? { command: null, argv: ['claude', '--resume'], cwd: '/repo', workspace: 2 } : undefined,
  focused: (key) => key === 7,
  locate: (key) => (key === 7 ? { session: 'main', pane: 3 } : undefined),
};
const ref = { key: 7, session: 'main', paneId: 3 };

function row(fields: Partial<StatusRow>): StatusRow {
  return {
    pane: 7,
    agent: 'claude',
    label: 'Claude',
    state: 'working',
    source: 'screen',
    message: null,
    status_epoch: 'e',
    occupant_id: 'o',
    revision: 1,
    completed_revision: null,
    updated_at: 0,
    promptable: false,
    ...fields,
  };
}

describe('hook events from the bus', () => {
  it('maps pane, session and notification events onto the documented fields', () => {
    const focus = new FocusMemory();
    const of = (e: Parameters<typeof hookEventFromBus>[0]) => hookEventFromBus(e, { panes, focus });
    expect(of({ type: 'pane-spawned', pid: 1, ...ref })).toEqual({
      event: 'pane-spawned',
      session: 'main',
      pane: 3,
      command: null,
      argv: ['claude', '--resume'],
      workspace: 2,
      cwd: '/repo',
    });
    expect(of({ type: 'pane-exited', code: null, ...ref })).toEqual({
      event: 'pane-exited',
      session: 'main',
      pane: 3,
      code: null,
      focused: true,
    });
    expect(of({ type: 'bell', ...ref })).toEqual({ event: 'bell', session: 'main', pane: 3, focused: true });
    expect(
      of({
        type: 'pane-status-changed',
        status: null,
        reason: null,
        previous_status: 'blocked',
        previous_reason: 'needs approval',
        ...ref,
      }),
    ).toEqual({
      event: 'pane-status-changed',
      session: 'main',
      pane: 3,
      status: '',
      reason: '',
      previous_status: 'blocked',
      previous_reason: 'needs approval',
      focused: true,
    });
    expect(of({ type: 'workspace-switched', session: 'main', workspace: 2, previous: 1, tab: 5 })).toEqual({
      event: 'workspace-switched',
      session: 'main',
      workspace: 2,
    });
    expect(
      of({ type: 'client-left', session: null, client_id: 4, client_name: 'browser 4', count: 1 }),
    ).toEqual({ event: 'client-left', session: null, client_id: 4, client_name: 'browser 4', count: 1 });
    expect(of({ type: 'controller-changed', session: 'main', controller: null, reason: 'released' })).toEqual(
      { event: 'controller-changed', session: 'main', controller: null, reason: 'released' },
    );
    expect(
      of({
        type: 'notification',
        notification: { id: 1, title: null, message: 'm', level: 'warn', session: null, paneId: null, at: 0 },
      }),
    ).toEqual({
      event: 'notification',
      session: null,
      pane: null,
      title: null,
      message: 'm',
      level: 'warn',
    });
    expect(of({ type: 'session-created', session: 'main', instanceId: 'i' })).toEqual({
      event: 'session-created',
      session: 'main',
    });
    expect(of({ type: 'workspace-changed' })).toBeNull();
  });

  it('gives focus-changed the previous pane, follows renames, skips a re-focus', () => {
    const focus = new FocusMemory();
    const of = (e: Parameters<typeof hookEventFromBus>[0]) => hookEventFromBus(e, { panes, focus });
    expect(of({ type: 'focus-changed', tab: 1, ...ref })).toEqual({
      event: 'focus-changed',
      session: 'main',
      pane: 3,
      previous: null,
    });
    expect(of({ type: 'focus-changed', tab: 1, ...ref })).toBeNull();
    expect(of({ type: 'session-renamed', session: 'work', from: 'main' })).toEqual({
      event: 'session-renamed',
      session: 'work',
      previous: 'main',
    });
    expect(of({ type: 'focus-changed', tab: 1, key: 8, session: 'work', paneId: 4 })).toEqual({
      event: 'focus-changed',
      session: 'work',
      pane: 4,
      previous: 3,
    });
  });
});

describe('agent-state-changed from the status hub', () => {
  it('is raised when the state or the agent changes, not for a new revision alone', () => {
    const change = (previous: Partial<StatusRow>, next: Partial<StatusRow>) =>
      hookEventFromStatus({ previous: row(previous), row: row(next), removed: false }, panes);
    expect(change({ state: 'working' }, { state: 'blocked', message: 'Allow?', revision: 2 })).toEqual({
      event: 'agent-state-changed',
      session: 'main',
      pane: 3,
      agent: 'claude',
      previous: 'working',
      state: 'blocked',
      source: 'screen',
      message: 'Allow?',
    });
    expect(change({ state: 'working' }, { state: 'working', message: 'new', revision: 2 })).toBeNull();
    // The agent left: its id stays on the event so a filter on agent still matches.
    expect(change({ state: 'idle' }, { agent: null, state: null, source: null })).toMatchObject({
      agent: 'claude',
      previous: 'idle',
      state: null,
    });
    expect(
      hookEventFromStatus(
        { previous: row({}), row: row({ pane: 99, state: 'idle' }), removed: false },
        panes,
      ),
    ).toBeNull();
  });
});
