import { describe, expect, it } from 'vitest';
import type { CollabState } from './actionTypes';
import { changesLayout, followerRefusal } from './followerLayout';

const collab = (o: Partial<CollabState>): CollabState => ({
  readOnly: false,
  me: 2,
  controller: 1,
  mine: false,
  count: 2,
  wants: [],
  inputLock: false,
  takeover: true,
  grant: () => undefined,
  decline: () => undefined,
  setInputLock: () => undefined,
  setTakeover: () => undefined,
  ...o,
});

describe('followers are read-only for layout (sessions.md)', () => {
  it('knows which actions change the layout', () => {
    for (const id of [
      'split-right',
      'close-pane',
      'move-left',
      'move-to-workspace-3',
      'swap-up',
      'layout-grid',
    ])
      expect(changesLayout(id)).toBe(true);
    for (const id of ['focus-left', 'next-tab', 'select-tab-2', 'copy', 'command-palette', 'request-control'])
      expect(changesLayout(id)).toBe(false);
  });

  it('refuses a follower once, names the key, and leaves the controller and a lone page alone', () => {
    const args = { actionId: 'split-right', requestKey: 'Ctrl+A g' };
    expect(followerRefusal({ ...args, collab: collab({}) })).toBe(
      'browser 1 controls this session’s layout: Ctrl+A g takes control',
    );
    expect(followerRefusal({ ...args, collab: collab({ takeover: false }) })).toContain(
      'Ctrl+A g asks for control',
    );
    expect(followerRefusal({ ...args, collab: collab({ mine: true, controller: 2 }) })).toBeNull();
    expect(followerRefusal({ ...args, collab: collab({ count: 1 }) })).toBeNull();
    expect(followerRefusal({ ...args, collab: collab({ controller: null }) })).toBeNull();
    expect(followerRefusal({ ...args, collab: undefined })).toBeNull();
    expect(followerRefusal({ ...args, actionId: 'focus-left', collab: collab({}) })).toBeNull();
    expect(followerRefusal({ ...args, collab: collab({ readOnly: true }) })).toContain('read-only viewer');
  });
});
