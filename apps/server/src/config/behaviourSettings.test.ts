// [confirm] / [notifications] / [sounds] / [clipboard] as the page reads them: a boolean the file
// sets, null where it sets none (the page's own default then applies), never a wrong type.
import { describe, expect, it } from 'vitest';
import { behaviourSettings } from './behaviourSettings';

describe('behaviourSettings', () => {
  it('takes the booleans the file sets and leaves the rest null', () => {
    const b = behaviourSettings({
      confirm: { close_pane: false, kill_session: true },
      notifications: { enabled: true, pane_done: 'yes' },
      sounds: { enabled: true, blocked: false, done_file: '~/done.wav', error_file: 7 },
      clipboard: { enable_osc52: false },
    });
    expect(b).toEqual({
      confirm: { closePane: false, killWorkspace: null, killSession: true, loadProfile: null },
      notifications: {
        enabled: true,
        paneBlocked: null,
        paneDone: null,
        paneExit: null,
        paneExitError: null,
      },
      sounds: {
        enabled: true,
        blocked: false,
        done: null,
        error: null,
        bell: null,
        throttleMs: 2000,
        files: { bell: null, blocked: null, done: '~/done.wav', error: null },
      },
      clipboard: { osc52: false },
    });
    expect(behaviourSettings({ sounds: { bell: false, throttle_ms: 5 } }).sounds).toMatchObject({
      bell: false,
      throttleMs: 100,
    });
    expect(behaviourSettings({ sounds: { throttle_ms: 999_999 } }).sounds.throttleMs).toBe(60_000);
    expect(behaviourSettings({ sounds: { throttle_ms: '1s' } }).sounds.throttleMs).toBe(2000);
    expect(behaviourSettings({}).confirm).toEqual({
      closePane: null,
      killWorkspace: null,
      killSession: null,
      loadProfile: null,
    });
    expect(behaviourSettings({ confirm: { load_profile: false } }).confirm.loadProfile).toBe(false);
  });
});
