import { describe, expect, it } from 'vitest';
import { normalizeChord, resolveKeymap, type KeySuggestion } from './keymap';

const builtins = [
  { key: 'ctrl-a c', action: 'new-tab' },
  { key: 'ctrl-a h', action: 'focus-left' },
  { key: 'alt-h', action: 'focus-left' },
];

function sugg(
  extension: string,
  action: string,
  key: string,
  kind: KeySuggestion['kind'] = 'core',
): KeySuggestion {
  return { extension, action, key, kind };
}

describe('normalizeChord', () => {
  it('lower-cases, orders modifiers and collapses spaces', () => {
    expect(normalizeChord(' Shift-Ctrl-A   b ')).toBe('ctrl-shift-a b');
    expect(normalizeChord('ctrl--')).toBe('ctrl--');
  });
});

describe('resolveKeymap', () => {
  it('places a command key inside <prefix> x and activates it', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: {},
      suggestions: [sugg('tasks', 'tasks.run', 'r', 'command')],
    });
    expect(r.suggestions[0]).toMatchObject({ chord: 'ctrl-a x r', state: 'active' });
    expect(r.bindings).toContainEqual({
      key: 'ctrl-a x r',
      action: 'tasks.run',
      source: 'extension',
      extensions: ['tasks'],
    });
  });

  it('an explicit [keys] entry for the action wins and suppresses the suggestion', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: { 'tasks.run': 'ctrl-a t' },
      suggestions: [sugg('tasks', 'tasks.run', 'r', 'command')],
    });
    expect(r.suggestions[0]?.state).toBe('suppressed');
    expect(r.bindings.filter((b) => b.action === 'tasks.run')).toEqual([
      { key: 'ctrl-a t', action: 'tasks.run', source: 'user' },
    ]);
  });

  it('an empty [keys] list unbinds the action and still suppresses', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: { 'smart-focus-left': [] },
      suggestions: [sugg('nav', 'smart-focus-left', 'ctrl-h')],
    });
    expect(r.suggestions[0]?.state).toBe('suppressed');
    expect(r.bindings.some((b) => b.action === 'smart-focus-left')).toBe(false);
  });

  it('a key bound by a default or the user makes the suggestion an inactive conflict with a warning', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: { 'split-right': 'ctrl-l' },
      suggestions: [sugg('nav', 'smart-focus-left', 'alt-h'), sugg('nav', 'smart-focus-right', 'ctrl-l')],
    });
    expect(r.suggestions.map((s) => s.state)).toEqual(['conflicting', 'conflicting']);
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings[0]).toContain('alt-h');
  });

  it('a suggestion that is a prefix of a longer bound chord loses', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: { 'x.y': 'ctrl-a x r q' },
      suggestions: [sugg('tasks', 'tasks.run', 'r', 'command')],
    });
    expect(r.suggestions[0]?.state).toBe('conflicting');
  });

  it('merges identical suggestions from two extensions', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: {},
      suggestions: [sugg('a', 'smart-focus-left', 'ctrl-h'), sugg('b', 'smart-focus-left', 'Ctrl-H')],
    });
    expect(r.suggestions.map((s) => s.state)).toEqual(['active', 'active']);
    expect(r.bindings.filter((b) => b.source === 'extension')).toEqual([
      { key: 'ctrl-h', action: 'smart-focus-left', source: 'extension', extensions: ['a', 'b'] },
    ]);
  });

  it('different actions on one free key: none wins', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: {},
      suggestions: [sugg('a', 'smart-focus-left', 'ctrl-h'), sugg('b', 'smart-focus-right', 'ctrl-h')],
    });
    expect(r.suggestions.map((s) => s.state)).toEqual(['conflicting', 'conflicting']);
    expect(r.bindings.some((b) => b.key === 'ctrl-h')).toBe(false);
  });

  it('different free keys for the same unbound action coexist', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: {},
      suggestions: [sugg('a', 'smart-focus-left', 'ctrl-h'), sugg('b', 'smart-focus-left', 'alt-left')],
    });
    expect(r.suggestions.map((s) => s.state)).toEqual(['active', 'active']);
    expect(
      r.bindings
        .filter((b) => b.action === 'smart-focus-left')
        .map((b) => b.key)
        .sort(),
    ).toEqual(['alt-left', 'ctrl-h']);
  });

  it('a user binding takes a default key away from its built-in action', () => {
    const r = resolveKeymap({
      prefix: 'ctrl-a',
      builtins,
      explicit: { 'my.cmd': 'ctrl-a c' },
      suggestions: [],
    });
    expect(r.bindings.filter((b) => b.key === 'ctrl-a c')).toEqual([
      { key: 'ctrl-a c', action: 'my.cmd', source: 'user' },
    ]);
  });
});
