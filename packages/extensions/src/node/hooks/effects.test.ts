import { describe, expect, it } from 'vitest';
import { utf8Length, validateEffects, type EffectContext } from './effects';
import type { HookEvent } from './events';
import { MAX_EFFECTS_PER_CALL, MAX_SEND_TEXT_BYTES } from './limits';

const paneEvent: HookEvent = {
  event: 'agent-state-changed',
  session: 'main',
  pane: 2,
  agent: 'claude',
  previous: 'working',
  state: 'blocked',
  source: 'screen',
  message: 'Allow edit?',
};
const allPermissions: EffectContext = {
  permissions: ['notify', 'publish', 'status', 'invoke', 'send-text'],
  actions: ['open', 'approve'],
  tabs: ['agents'],
  event: paneEvent,
};

describe('validateEffects', () => {
  it('accepts nothing, one effect, or a list of well-formed effects', () => {
    expect(validateEffects(undefined, allPermissions)).toEqual({ accepted: [], rejected: [] });
    expect(validateEffects(null, allPermissions)).toEqual({ accepted: [], rejected: [] });
    const one = validateEffects({ type: 'notify', message: 'hi' }, allPermissions);
    expect(one).toEqual({ accepted: [{ type: 'notify', message: 'hi' }], rejected: [] });
    const many = [
      { type: 'notify', title: 't', message: 'm', level: 'warn' },
      {
        type: 'publish',
        tab: 'agents',
        rows: [{ id: 'a', label: 'claude', detail: 'blocked', state: 'blocked' }],
      },
      { type: 'publish', rows: [] },
      { type: 'status', state: 'clear', reason: 'hook' },
      { type: 'invoke', action: 'open', args: { path: '/x', line: 3, force: true } },
      { type: 'send-text', text: 'yes' },
    ];
    expect(validateEffects(many, allPermissions)).toEqual({ accepted: many, rejected: [] });
  });

  it('rejects an effect the hook has no permission for, naming the permission', () => {
    const check = validateEffects(
      [
        { type: 'notify', message: 'ok' },
        { type: 'send-text', text: 'rm -rf ~\n' },
      ],
      { ...allPermissions, permissions: ['notify'] },
    );
    expect(check.accepted).toEqual([{ type: 'notify', message: 'ok' }]);
    expect(check.rejected).toEqual([
      'effect 2 (send-text): the hook lacks the "send-text" permission; declare it in the hook\'s permissions',
    ]);
  });

  it('gives one line per malformed effect and keeps the good ones', () => {
    const check = validateEffects(
      [
        'notify',
        { type: 'explode' },
        { type: 'notify' },
        { type: 'notify', message: 'x', colour: 'red' },
        { type: 'status', state: 'sleeping' },
        { type: 'invoke', action: 'other-ext.run' },
        { type: 'invoke', action: 'open', args: { nested: { a: 1 } } },
        { type: 'publish', tab: 'someone-elses', rows: [] },
        { type: 'publish', rows: [{ detail: 'no label' }] },
        { type: 'send-text', text: '' },
        { type: 'notify', message: 'kept' },
      ],
      allPermissions,
    );
    expect(check.accepted).toEqual([{ type: 'notify', message: 'kept' }]);
    expect(check.rejected).toEqual([
      'effect 1: expected an object with a "type", got a string "notify"',
      'effect 2: unknown type "explode"; expected one of notify, publish, status, invoke, send-text',
      'effect 3 (notify): "message" must be a non-empty string',
      'effect 4 (notify): unknown field "colour"',
      'effect 5 (status): "state" must be one of working, blocked, idle, done, clear, got a string "sleeping"',
      'effect 6 (invoke): action "other-ext.run" is not one of this extension\'s own commands (open, approve)',
      'effect 7 (invoke): args.nested must be a string, number or boolean, got an object',
      'effect 8 (publish): tab "someone-elses" is not one of this extension\'s stream tabs (agents)',
      'effect 9 (publish): row 1: "label" must be a non-empty string',
      'effect 10 (send-text): "text" must be a non-empty string',
    ]);
  });

  it('refuses pane effects for events without a pane', () => {
    const check = validateEffects(
      [
        { type: 'send-text', text: 'hi' },
        { type: 'status', state: 'idle' },
      ],
      { ...allPermissions, event: { event: 'config-reloaded', path: '/home/u/.config/rozi/config.toml' } },
    );
    expect(check.accepted).toEqual([]);
    expect(check.rejected).toEqual([
      'effect 1 (send-text): event "config-reloaded" has no pane to send text to',
      'effect 2 (status): event "config-reloaded" has no pane to set a status on',
    ]);
  });

  it('caps send-text at the agents prompt limit in UTF-8 bytes', () => {
    const fits = '€'.repeat(MAX_SEND_TEXT_BYTES / 4);
    expect(validateEffects({ type: 'send-text', text: fits }, allPermissions).rejected).toEqual([]);
    const tooLong = '€'.repeat(Math.ceil(MAX_SEND_TEXT_BYTES / 3) + 1);
    expect(validateEffects({ type: 'send-text', text: tooLong }, allPermissions).rejected[0]).toMatch(
      /UTF-8 bytes; at most 16384/,
    );
  });

  it('caps the number of effects per call', () => {
    const list = Array.from({ length: MAX_EFFECTS_PER_CALL + 3 }, (_, i) => ({
      type: 'notify',
      message: `m${i}`,
    }));
    const check = validateEffects(list, allPermissions);
    expect(check.accepted).toHaveLength(MAX_EFFECTS_PER_CALL);
    expect(check.rejected).toEqual([
      `effects 33..35 ignored: at most ${MAX_EFFECTS_PER_CALL} effects per call`,
    ]);
  });

  it('rejects a return value that is not an effect or list', () => {
    expect(validateEffects(42, allPermissions).rejected).toEqual([
      'the hook returned a number; return an effect object, a list of them, or nothing',
    ]);
  });

  it('counts UTF-8 bytes by code point', () => {
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
  });
});
