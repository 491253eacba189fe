// Settings' edits of [notifications] / [sounds]: the honoured switches and throttle_ms pass,
// anything else is refused in one line naming the key.
import { describe, expect, it } from 'vitest';
import { behaviourEdit } from './behaviourEdit';

describe('behaviourEdit', () => {
  it('passes switches, null (rozi default) and a throttle in range', () => {
    expect(behaviourEdit('notifications', { pane_exit: true, enabled: null })).toEqual({
      ok: true,
      set: { pane_exit: true, enabled: null },
    });
    expect(behaviourEdit('sounds', { bell: false, throttle_ms: 500 })).toEqual({
      ok: true,
      set: { bell: false, throttle_ms: 500 },
    });
  });

  it('writes [confirm] and [clipboard] switches', () => {
    expect(behaviourEdit('confirm', { close_pane: false, load_profile: null })).toEqual({
      ok: true,
      set: { close_pane: false, load_profile: null },
    });
    expect(behaviourEdit('clipboard', { enable_osc52: false })).toEqual({
      ok: true,
      set: { enable_osc52: false },
    });
    expect(behaviourEdit('confirm', { quit_ephemeral: true })).toMatchObject({ ok: false });
  });

  it('refuses an unknown key, a wrong type, a throttle out of range and an empty edit', () => {
    const err = (r: ReturnType<typeof behaviourEdit>) => (r.ok ? null : r.error);
    expect(err(behaviourEdit('notifications', { bell: true }))).toMatch(
      /'bell' is not a \[notifications\] setting/,
    );
    expect(err(behaviourEdit('sounds', { player: true }))).toMatch(/'player' is not a \[sounds\] setting/);
    expect(err(behaviourEdit('sounds', { done: 1 }))).toBe('[sounds] done is on or off (true or false)');
    expect(err(behaviourEdit('sounds', { throttle_ms: 50 }))).toMatch(/from 100 to 60000/);
    expect(err(behaviourEdit('sounds', { throttle_ms: 1.5 }))).toMatch(/whole number/);
    expect(err(behaviourEdit('notifications', {}))).toBe('nothing to change in [notifications]');
  });
});
