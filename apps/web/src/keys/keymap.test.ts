import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYMAP } from '@rozi/keymap';
import { bindingsOf, ChordMatcher, resolveKeymap } from './keymap';

describe('resolveKeymap', () => {
  it('expands the prefix into every default binding', () => {
    const km = resolveKeymap({ defaults: DEFAULT_KEYMAP, prefix: 'ctrl-b' });
    expect(km.diagnostics).toEqual([]);
    expect(bindingsOf(km, 'split-right')).toContainEqual(['ctrl-b', '%']);
    expect(bindingsOf(km, 'send-prefix')).toEqual([['ctrl-b', 'ctrl-b']]);
    expect(bindingsOf(km, 'command-palette')).toContainEqual(['ctrl-shift-p']);
  });

  it('lets [keys] replace or unbind an action and reports every bad entry', () => {
    const km = resolveKeymap({
      defaults: DEFAULT_KEYMAP,
      prefix: 'ctrl-a',
      user: {
        'split-right': 'alt-r',
        'toggle-zoom': [],
        'new-tab': 'ctrl-a ctrl-x-y',
        'next-tab': ['ctrl-a %'],
      },
    });
    expect(bindingsOf(km, 'split-right')).toEqual([['alt-r']]);
    expect(bindingsOf(km, 'toggle-zoom')).toEqual([]);
    expect(bindingsOf(km, 'next-tab')).toEqual([['ctrl-a', '%']]);
    expect(km.diagnostics).toEqual(['[keys] "new-tab": "ctrl-a ctrl-x-y" is not a key sequence']);
  });

  it('reports a bad prefix and falls back', () => {
    const km = resolveKeymap({ defaults: { zoom: ['prefix z'] }, prefix: 'ctrl-q-q' });
    expect(km.diagnostics[0]).toMatch(/prefix/);
    expect(bindingsOf(km, 'zoom')).toEqual([['ctrl-a', 'z']]);
  });
});

describe('ChordMatcher', () => {
  const km = resolveKeymap({ defaults: DEFAULT_KEYMAP, prefix: 'ctrl-a' });

  it('waits after the prefix, then runs the chord', () => {
    const m = new ChordMatcher(km.bindings);
    expect(m.feed('ctrl-a')).toEqual({ kind: 'pending', sequence: ['ctrl-a'] });
    expect(m.feed('%')).toEqual({ kind: 'run', actionId: 'split-right' });
    expect(m.pendingSequence).toEqual([]);
  });

  it('runs single-chord bindings at once and ignores ordinary keys', () => {
    const m = new ChordMatcher(km.bindings);
    expect(m.feed('ctrl-shift-p')).toEqual({ kind: 'run', actionId: 'command-palette' });
    expect(m.feed('x')).toEqual({ kind: 'none' });
  });

  it('cancels an unknown chord after the prefix and sends the prefix on prefix prefix', () => {
    const m = new ChordMatcher(km.bindings);
    m.feed('ctrl-a');
    expect(m.feed('y')).toEqual({ kind: 'cancel' });
    m.feed('ctrl-a');
    expect(m.feed('ctrl-a')).toEqual({ kind: 'run', actionId: 'send-prefix' });
  });
});
