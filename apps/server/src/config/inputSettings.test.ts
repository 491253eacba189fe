import { describe, expect, it } from 'vitest';
import { inputSettings, mirrorModifier, prefixOf } from './inputSettings';

describe('[input] modifier and modifier_shortcuts', () => {
  it("are rozi's defaults when unset: Alt, mirrors on", () => {
    expect(inputSettings({})).toMatchObject({
      modifier: 'alt',
      modifierSet: null,
      modifierShortcuts: true,
      modifierShortcutsSet: false,
      warnings: [],
    });
    expect(mirrorModifier({})).toBe('alt');
  });

  it('read super (and its aliases) as the meta key, and false as no mirrors', () => {
    expect(inputSettings({ input: { modifier: 'win' } })).toMatchObject({
      modifier: 'meta',
      modifierSet: 'win',
    });
    expect(mirrorModifier({ input: { modifier: 'super', modifier_shortcuts: false } })).toBeNull();
  });

  it('turn each bad value into one warning and the default', () => {
    const s = inputSettings({ input: { modifier: 'hyper', modifier_shortcuts: 'yes' } });
    expect(s).toMatchObject({ modifier: 'alt', modifierSet: null, modifierShortcuts: true });
    expect(s.warnings).toEqual([
      '[input] modifier = "hyper" is not alt or super; using alt',
      '[input] modifier_shortcuts must be true or false; using true',
    ]);
  });

  it('takes one key chord as the prefix, never a sequence, a word or the prefix placeholder', () => {
    expect(prefixOf('Ctrl-B')).toBe('ctrl-b');
    expect(prefixOf('f12')).toBe('f12');
    for (const bad of ['ctrl-a b', 'ctrl-', 'ctrl-foo', 'prefix', '<prefix>', 3])
      expect(prefixOf(bad)).toBeNull();
  });
});
