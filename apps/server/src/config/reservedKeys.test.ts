import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import { reservedKeyWarnings } from './reservedKeys';

describe('[keys] on browser-reserved chords', () => {
  it('warns with the line, what the browser does and the nearest free chord', () => {
    const text =
      '[keys]\nclose-pane = "ctrl-w"\nnew-tab = ["prefix c", "ctrl-t"]\nsplit-right = { add = "ctrl-tab" }\n"ctrl-n" = { run = "btop" }\nsearch = "ctrl-alt-w"\ncopy = "ctrl-shift-c"\n';
    expect(reservedKeyWarnings({ root: parse(text), text, file: 'c.toml' })).toEqual([
      'c.toml:2: [keys] close-pane: the browser keeps ctrl-w for itself (it closes the tab) and never passes it to the page; try "alt-w"',
      'c.toml:3: [keys] new-tab: the browser keeps ctrl-t for itself (it opens a new tab) and never passes it to the page; try "ctrl-alt-t"',
      'c.toml:4: [keys] split-right: the browser keeps ctrl-tab for itself (it switches to the next tab) and never passes it to the page; try "ctrl-alt-tab"',
      'c.toml:5: [keys] ctrl-n: the browser keeps ctrl-n for itself (it opens a new window) and never passes it to the page; try "ctrl-alt-n"',
    ]);
  });

  it('names a bare key whose held-modifier chord the desktop keeps, unless the mirror is off', () => {
    const text = '[keys]\nfocus-next-pane = "tab"\ncopy-mode = "b"\n';
    expect(reservedKeyWarnings({ root: parse(text), text, file: 'c.toml' })).toEqual([
      'c.toml:2: [keys] focus-next-pane: its held-modifier chord alt-tab never reaches the page (it switches windows); ctrl-a tab still works',
    ]);
    const off = `[input]\nmodifier_shortcuts = false\n${text}`;
    expect(reservedKeyWarnings({ root: parse(off), text: off, file: 'c.toml' })).toEqual([]);
    const superKey = `[input]\nmodifier = "super"\n${text}`;
    expect(reservedKeyWarnings({ root: parse(superKey), text: superKey, file: 'c.toml' })).toEqual([]);
  });
});
