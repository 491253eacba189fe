import { describe, expect, it } from 'vitest';
import {
  eventPane,
  HOOK_EVENT_FIELDS,
  ROZI_EVENT_NAMES,
  roziEventLine,
  HOOK_EVENT_NAMES,
  isHookEventName,
  matchesFilter,
  type HookEvent,
} from './events';
import { shellHookEnv } from './shellEnv';

const blocked: HookEvent = {
  event: 'agent-state-changed',
  session: 'main',
  pane: 4,
  agent: 'codex',
  previous: 'working',
  state: 'blocked',
  source: 'screen',
  message: null,
};

describe('matchesFilter', () => {
  it('matches everything without a filter, and each key against the field of the same name', () => {
    expect(matchesFilter(undefined, blocked)).toBe(true);
    expect(matchesFilter({}, blocked)).toBe(true);
    expect(matchesFilter({ state: 'blocked' }, blocked)).toBe(true);
    expect(matchesFilter({ state: 'idle' }, blocked)).toBe(false);
    expect(matchesFilter({ state: 'blocked', agent: 'claude' }, blocked)).toBe(false);
    expect(matchesFilter({ pane: 4 }, blocked)).toBe(true);
    expect(matchesFilter({ message: null }, blocked)).toBe(true);
  });

  it('treats a list as any of its values', () => {
    expect(matchesFilter({ agent: ['claude', 'codex'] }, blocked)).toBe(true);
    expect(matchesFilter({ state: ['idle', 'done'] }, blocked)).toBe(false);
  });

  it('never matches on a field the event does not carry', () => {
    expect(matchesFilter({ code: 0 }, blocked)).toBe(false);
    expect(matchesFilter({ constructor: 'x' }, blocked)).toBe(false);
  });
});

describe('event shapes', () => {
  it('lists fields for every event name', () => {
    expect(Object.keys(HOOK_EVENT_FIELDS).sort()).toEqual([...HOOK_EVENT_NAMES].sort());
    expect(isHookEventName('bell')).toBe(true);
    expect(isHookEventName('keypress')).toBe(false);
  });

  it('finds the pane that raised an event', () => {
    expect(eventPane(blocked)).toEqual({ session: 'main', pane: 4 });
    expect(eventPane({ event: 'session-created', session: 'x' })).toBeNull();
    expect(
      eventPane({
        event: 'notification',
        session: null,
        pane: null,
        title: null,
        message: 'm',
        level: 'info',
      }),
    ).toBeNull();
  });
});

describe('shellHookEnv', () => {
  it('names the event and turns each field into ROZI_<FIELD>, null as empty', () => {
    expect(shellHookEnv(blocked)).toEqual({
      ROZI_EVENT: 'agent-state-changed',
      ROZI_SESSION: 'main',
      ROZI_PANE: '4',
      ROZI_AGENT: 'codex',
      ROZI_PREVIOUS: 'working',
      ROZI_STATE: 'blocked',
      ROZI_SOURCE: 'screen',
      ROZI_MESSAGE: '',
    });
    expect(
      shellHookEnv({
        event: 'pane-spawned',
        session: 's',
        pane: 1,
        command: null,
        argv: ['vim', 'a b'],
        workspace: 2,
        cwd: null,
      }),
    ).toMatchObject({
      ROZI_COMMAND: '',
      ROZI_ARGV: '["vim","a b"]',
      ROZI_WORKSPACE: '2',
      ROZI_CWD: '',
    });
    expect(shellHookEnv({ event: 'bell', session: 's', pane: 1, focused: true })).toEqual({
      ROZI_EVENT: 'bell',
      ROZI_SESSION: 's',
      ROZI_PANE: '1',
      ROZI_FOCUSED: 'true',
    });
  });
});

describe('roziEventLine', () => {
  it("nests fields under data, with '' for rozi's absent values and null kept for the project's events", () => {
    expect(
      roziEventLine({ event: 'pane-exited', session: 's', pane: 3, code: null, focused: false }),
    ).toEqual({
      event: 'pane-exited',
      data: { session: 's', pane: 3, code: '', focused: false },
      // The same fields beside `event`, as rozi's recipes read them.
      session: 's',
      pane: 3,
      code: '',
      focused: false,
    });
    expect(roziEventLine(blocked).data.message).toBeNull();
    expect(ROZI_EVENT_NAMES).toHaveLength(17);
  });
});
