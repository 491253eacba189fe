import { describe, expect, it } from 'vitest';
import { ChordMatcher } from './chordMatcher';
import { heldModifierOf, mirrorOf, schemeBinding } from './modifierScheme';
import { bindingsOf, resolveKeymap } from './resolveKeymap';

describe('[input] modifier and modifier_shortcuts', () => {
  it("reads rozi's modifier names and nothing else", () => {
    for (const n of ['alt', 'mod', 'ALT']) expect(heldModifierOf(n)).toBe('alt');
    for (const n of ['super', 'meta', 'logo', 'win']) expect(heldModifierOf(n)).toBe('meta');
    for (const n of ['ctrl', 'hyper', '', 3, null]) expect(heldModifierOf(n)).toBeNull();
  });

  it('puts bare keys and scheme: keys after the prefix and leaves literal bindings', () => {
    expect(schemeBinding('b')).toBe('prefix b');
    expect(schemeBinding('shift-w')).toBe('prefix shift-w');
    expect(schemeBinding('tab')).toBe('prefix tab');
    expect(schemeBinding('scheme:ctrl-t')).toBe('prefix ctrl-t');
    for (const literal of ['ctrl-a d', 'alt-c', 'ctrl-shift-y', 'prefix q'])
      expect(schemeBinding(literal)).toBe(literal);
  });

  it('mirrors a prefix binding as one held chord, never the prefix or a key that has the modifier', () => {
    const o = { modifier: 'alt' as const, prefix: 'ctrl-a' };
    expect(mirrorOf('prefix %', o)).toBe('alt-%');
    expect(mirrorOf('prefix shift-h', o)).toBe('alt-shift-h');
    expect(mirrorOf('prefix ctrl-h', o)).toBe('ctrl-alt-h');
    expect(mirrorOf('prefix -', o)).toBe('alt--');
    expect(mirrorOf('prefix q', { modifier: 'meta', prefix: 'ctrl-a' })).toBe('meta-q');
    expect(mirrorOf('prefix prefix', o)).toBeNull();
    expect(mirrorOf('prefix ctrl-a', o)).toBeNull();
    expect(mirrorOf('prefix alt-1', o)).toBeNull();
    expect(mirrorOf('ctrl-a q', o)).toBeNull();
    expect(mirrorOf('ctrl-shift-p', o)).toBeNull();
    expect(mirrorOf('prefix x r', o)).toBeNull();
  });

  it('runs the prefix action from the held chord in one press when the mirror is on', () => {
    const km = resolveKeymap({ prefix: 'ctrl-a', modifier: 'alt' });
    expect(km.diagnostics).toEqual([]);
    expect(bindingsOf(km, 'split-right')).toEqual([['ctrl-a', '%'], ['ctrl-a', '|'], ['alt-%'], ['alt-|']]);
    expect(km.bindings.find((b) => b.key === 'alt-%')?.mirrorOf).toBe('ctrl-a %');
    expect(bindingsOf(km, 'send-prefix')).toEqual([['ctrl-a', 'ctrl-a']]);
    // Alt+Tab never reaches a page (the desktop switches windows): no mirror, the leader stays.
    expect(bindingsOf(km, 'focus-next-pane')).toEqual([['ctrl-a', 'tab']]);
    expect(bindingsOf(km, 'command-palette')).toEqual([['ctrl-shift-p'], ['ctrl-a', ':'], ['alt-:']]);
    // Every mirror of the built-in table is one chord, and no two actions share one.
    const mirrors = km.bindings.filter((b) => b.mirrorOf);
    expect(new Set(mirrors.map((b) => b.key)).size).toBe(mirrors.length);
    const m = new ChordMatcher(km.bindings);
    expect(m.feed('alt-%')).toEqual({ kind: 'run', action: 'split-right' });
    expect(m.feed('alt-q')).toEqual({ kind: 'run', action: 'close-pane' });
    expect(m.feed('alt-x')).toEqual({ kind: 'none' });
    const off = new ChordMatcher(resolveKeymap({ prefix: 'ctrl-a' }).bindings);
    expect(off.feed('alt-%')).toEqual({ kind: 'none' });
  });

  it('follows the prefix and the modifier, mirrors [keys] scheme bindings but never literal ones', () => {
    const km = resolveKeymap({
      prefix: 'ctrl-b',
      modifier: 'meta',
      user: { 'copy-mode': 'prefix b', 'close-pane': 'ctrl-b q', 'new-tab': ['prefix c', 'alt-t'] },
    });
    expect(bindingsOf(km, 'copy-mode')).toEqual([['ctrl-b', 'b'], ['meta-b']]);
    expect(bindingsOf(km, 'close-pane')).toEqual([['ctrl-b', 'q']]);
    expect(bindingsOf(km, 'new-tab')).toEqual([['ctrl-b', 'c'], ['alt-t'], ['meta-c']]);
    expect(bindingsOf(km, 'split-right')).toContainEqual(['meta-%']);
  });

  it('leaves out a mirror that would take a chord someone bound', () => {
    const km = resolveKeymap({
      prefix: 'ctrl-a',
      modifier: 'alt',
      defaults: { 'new-tab': ['prefix c'], 'toggle-float': ['prefix t'] },
      user: { 'my.cmd': 'alt-t', 'other.cmd': 'alt-c x' },
    });
    expect(bindingsOf(km, 'toggle-float')).toEqual([['ctrl-a', 't']]);
    expect(bindingsOf(km, 'new-tab')).toEqual([['ctrl-a', 'c']]);
    expect(km.diagnostics).toEqual([]);
  });

  it('ranks mirrors above extension suggestions on the same chord', () => {
    const km = resolveKeymap({
      prefix: 'ctrl-a',
      modifier: 'alt',
      suggestions: [{ extension: 'e', kind: 'core', action: 'smart-focus-left', key: 'alt-h' }],
    });
    expect(km.suggestions[0]?.state).toBe('conflicting');
    expect(km.suggestions[0]?.reason).toContain('focus-left');
  });
});
