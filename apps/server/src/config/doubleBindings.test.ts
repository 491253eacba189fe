// rozi config check: a chord bound to two things in [keys] is one line naming both with their lines.
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { doubleBindingWarnings } from './doubleBindings';

const check = (text: string) =>
  doubleBindingWarnings({ root: parse(text) as Record<string, unknown>, text, file: 'c.toml' });

describe('[keys] bound twice', () => {
  it('names both bindings: two actions, an action and an inline command, a [[commands]] id', () => {
    const text = [
      '[[commands]]',
      'id = "build"',
      'run = "make"',
      '',
      '[keys]',
      'copy-mode = "b"',
      'build = "b"',
      'g = { run = "lazygit" }',
      'search = "g"',
      'split-right = "ctrl-a v"',
    ].join('\n');
    const out = check(text);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(
      /^c\.toml:7: \[keys\] build: .+ is bound twice, also to copy-mode \(line 6\); it runs copy-mode only$/,
    );
    expect(out[1]).toMatch(
      /^c\.toml:(8|9): \[keys\] (g|search): .+ is bound twice, also to (search|g) \(line (8|9)\)/,
    );
  });

  it('is quiet when a binding only replaces a default or adds to it', () => {
    expect(check('[keys]\nsplit-right = "ctrl-a %"\nsearch = { add = "f" }\n')).toEqual([]);
  });
});
