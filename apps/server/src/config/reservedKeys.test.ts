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
});
