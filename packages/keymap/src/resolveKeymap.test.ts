import { describe, expect, it } from 'vitest';
import { ChordMatcher } from './chordMatcher';
import { DEFAULT_KEYMAP } from './defaultKeymap';
import { bindingsOf, resolveKeymap, type KeySuggestion } from './resolveKeymap';

const defaults = { 'new-tab': ['prefix c'], 'focus-left': ['prefix h', 'alt-h'] };

/** A suggestion for a core action ([[suggested_keybindings]]). */
function sugg(extension: string, action: string, key: string): KeySuggestion {
  return { extension, action, key, kind: 'core' };
}

/** A command's suggested key inside <prefix> x. */
function commandKey(extension: string, action: string, key: string): KeySuggestion {
  return { extension, action, key, kind: 'command' };
}

describe('the built-in table and [keys]', () => {
  it('expands the prefix into every default binding', () => {
    const km = resolveKeymap({ prefix: 'ctrl-b' });
    expect(km.diagnostics).toEqual([]);
    expect(bindingsOf(km, 'split-right')).toContainEqual(['ctrl-b', '%']);
    expect(bindingsOf(km, 'send-prefix')).toEqual([['ctrl-b', 'ctrl-b']]);
    expect(bindingsOf(km, 'command-palette')).toContainEqual(['ctrl-shift-p']);
  });

  it('reads every entry of the built-in table as a key sequence, for any prefix', () => {
    for (const prefix of ['ctrl-a', 'ctrl-b', 'alt-space']) {
      const km = resolveKeymap({ prefix });
      expect(km.diagnostics).toEqual([]);
      expect(km.bindings).toHaveLength(Object.values(DEFAULT_KEYMAP).flat().length);
    }
  });

  it('lets [keys] replace or unbind an action and reports every bad entry', () => {
    const km = resolveKeymap({
      prefix: 'ctrl-a',
      user: {
        'split-right': 'alt-r',
        'toggle-zoom': [],
        'new-tab': 'ctrl-a ctrl-x-y',
        'next-tab': ['Ctrl+A %'],
      },
    });
    expect(bindingsOf(km, 'split-right')).toEqual([['alt-r']]);
    expect(bindingsOf(km, 'toggle-zoom')).toEqual([]);
    expect(bindingsOf(km, 'next-tab')).toEqual([['ctrl-a', '%']]);
    expect(km.diagnostics).toEqual(['[keys] "new-tab": "ctrl-a ctrl-x-y" is not a key sequence']);
  });

  it('reports two [keys] actions on one key, and a bad prefix with its fallback', () => {
    const twice = resolveKeymap({ prefix: 'ctrl-a', defaults: {}, user: { a: 'f5', b: 'F5' } });
    expect(twice.diagnostics).toEqual(['[keys] "b": F5 is already bound to "a"']);
    const km = resolveKeymap({ defaults: { zoom: ['prefix z'] }, prefix: 'ctrl-q-q' });
    expect(km.diagnostics[0]).toMatch(/prefix/);
    expect(bindingsOf(km, 'zoom')).toEqual([['ctrl-a', 'z']]);
  });

  it('a user binding takes a default key away from its built-in action', () => {
    const r = resolveKeymap({ prefix: 'ctrl-a', defaults, user: { 'my.cmd': 'ctrl-a c' } });
    expect(r.bindings.filter((b) => b.key === 'ctrl-a c')).toEqual([
      { key: 'ctrl-a c', sequence: ['ctrl-a', 'c'], action: 'my.cmd', source: 'user' },
    ]);
    expect(r.diagnostics).toEqual([]);
  });
});

describe('extension suggestions', () => {
  it('places a command key inside <prefix> x and activates it', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      defaults,
      suggestions: [commandKey('tasks', 'tasks.run', 'r')],
    });
    expect(r.suggestions[0]).toMatchObject({ chord: 'ctrl-a x r', state: 'active' });
    expect(r.bindings).toContainEqual({
      key: 'ctrl-a x r',
      sequence: ['ctrl-a', 'x', 'r'],
      action: 'tasks.run',
      source: 'extension',
      extensions: ['tasks'],
    });
  });

  it('an explicit [keys] entry for the action wins and suppresses the suggestion', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      defaults,
      user: { 'tasks.run': 'ctrl-a t' },
      suggestions: [commandKey('tasks', 'tasks.run', 'r')],
    });
    expect(r.suggestions[0]?.state).toBe('suppressed');
    expect(r.bindings.filter((b) => b.action === 'tasks.run').map((b) => [b.key, b.source])).toEqual([
      ['ctrl-a t', 'user'],
    ]);
  });

  it('an empty [keys] list unbinds the action and still suppresses', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      defaults,
      user: { 'smart-focus-left': [] },
      suggestions: [sugg('nav', 'smart-focus-left', 'ctrl-h')],
    });
    expect(r.suggestions[0]?.state).toBe('suppressed');
    expect(r.bindings.some((b) => b.action === 'smart-focus-left')).toBe(false);
  });

  it('a key bound by a default or the user makes the suggestion an inactive conflict with a warning', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      defaults,
      user: { 'split-right': 'ctrl-l' },
      suggestions: [sugg('nav', 'smart-focus-left', 'alt-h'), sugg('nav', 'smart-focus-right', 'ctrl-l')],
    });
    expect(r.suggestions.map((s) => s.state)).toEqual(['conflicting', 'conflicting']);
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings[0]).toContain('alt-h');
  });

  it('a suggestion that is a prefix of a longer bound chord loses, and so does one that is no chord', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      defaults,
      user: { 'x.y': 'ctrl-a x r q' },
      suggestions: [commandKey('tasks', 'tasks.run', 'r'), sugg('bad', 'b.c', 'ctrl-x-y')],
    });
    expect(r.suggestions.map((s) => s.state)).toEqual(['conflicting', 'conflicting']);
  });

  it('merges identical suggestions from two extensions, whatever their spelling', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      defaults,
      suggestions: [sugg('a', 'smart-focus-left', 'ctrl-h'), sugg('b', 'smart-focus-left', 'Ctrl+H')],
    });
    expect(r.suggestions.map((s) => s.state)).toEqual(['active', 'active']);
    expect(r.bindings.filter((b) => b.source === 'extension')).toEqual([
      {
        key: 'ctrl-h',
        sequence: ['ctrl-h'],
        action: 'smart-focus-left',
        source: 'extension',
        extensions: ['a', 'b'],
      },
    ]);
  });

  it('different actions on one free key: none wins; different keys for one action coexist', () => {
    const rivals = resolveKeymap({
      prefix: 'ctrl-a',
      defaults,
      suggestions: [sugg('a', 'smart-focus-left', 'ctrl-h'), sugg('b', 'smart-focus-right', 'ctrl-h')],
    });
    expect(rivals.suggestions.map((s) => s.state)).toEqual(['conflicting', 'conflicting']);
    expect(rivals.bindings.some((b) => b.key === 'ctrl-h')).toBe(false);
    const both = resolveKeymap({
      prefix: 'ctrl-a',
      defaults,
      suggestions: [sugg('a', 'smart-focus-left', 'ctrl-h'), sugg('b', 'smart-focus-left', 'alt-left')],
    });
    expect(
      both.bindings
        .filter((b) => b.action === 'smart-focus-left')
        .map((b) => b.key)
        .sort(),
    ).toEqual(['alt-left', 'ctrl-h']);
  });
});

describe('ChordMatcher', () => {
  const km = resolveKeymap({ prefix: 'ctrl-a' });

  it('waits after the prefix, then runs the chord', () => {
    const m = new ChordMatcher(km.bindings);
    expect(m.feed('ctrl-a')).toEqual({ kind: 'pending', sequence: ['ctrl-a'] });
    expect(m.feed('%')).toEqual({ kind: 'run', action: 'split-right' });
    expect(m.pendingSequence).toEqual([]);
  });

  it('runs single-chord bindings at once and ignores ordinary keys', () => {
    const m = new ChordMatcher(km.bindings);
    expect(m.feed('ctrl-shift-p')).toEqual({ kind: 'run', action: 'command-palette' });
    expect(m.feed('x')).toEqual({ kind: 'none' });
  });

  it('cancels an unknown chord after the prefix and sends the prefix on prefix prefix', () => {
    const m = new ChordMatcher(km.bindings);
    m.feed('ctrl-a');
    expect(m.feed('y')).toEqual({ kind: 'cancel' });
    m.feed('ctrl-a');
    expect(m.feed('ctrl-a')).toEqual({ kind: 'run', action: 'send-prefix' });
  });
});
