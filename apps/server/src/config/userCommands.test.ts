// config.toml user commands as rozi reads them: [[commands]] with stable ids, [keys] inline
// commands keyed by their trigger, generated labels, bare keys after the prefix, and every bad
// entry one warning with its line.
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { expandBareKey, readUserCommands } from './userCommands';

const read = (text: string) =>
  readUserCommands({ root: parse(text) as Record<string, unknown>, text, file: 'config.toml' });

describe('config.toml user commands', () => {
  it('reads [[commands]] and [keys] inline commands with labels and keep_open', () => {
    const r = read(
      [
        '[[commands]]',
        'id = "branches"',
        'label = "Switch branch"',
        'exec = "git branch | rozi pick"',
        '',
        '[[commands]]',
        'id = "build"',
        'run = "cargo build"',
        'keep_open = false',
        '',
        '[keys]',
        'branches = "i"',
        'g = { run = "lazygit", label = "Git UI" }',
        '"ctrl-a e" = { send = "ls -la\\n" }',
        'spawn = { add = "super-enter" }',
      ].join('\n'),
    );
    expect(r.warnings).toEqual([]);
    expect(r.commands).toEqual([
      {
        id: 'branches',
        label: 'Switch branch',
        kind: 'exec',
        text: 'git branch | rozi pick',
        keepOpen: true,
      },
      { id: 'build', label: 'Run: cargo build', kind: 'run', text: 'cargo build', keepOpen: false },
      { id: 'keys:g', label: 'Git UI', kind: 'run', text: 'lazygit', keepOpen: true },
      { id: 'keys:ctrl-a e', label: 'Send: ls -la\\n', kind: 'send', text: 'ls -la\n', keepOpen: true },
    ]);
    // A bare trigger follows the prefix; a literal chord binds only itself.
    expect(r.keys).toEqual({ 'keys:g': ['prefix g'], 'keys:ctrl-a e': ['ctrl-a e'] });
  });

  it('skips bad entries with one warning each, naming the line', () => {
    const r = read(
      [
        '[[commands]]', // 1
        'id = "Bad Id"', // 2
        'run = "x"', // 3
        '[[commands]]', // 4
        'id = "split-right"', // 5
        'run = "x"', // 6
        '[[commands]]', // 7
        'id = "two"', // 8
        'run = "x"', // 9
        'send = "y"', // 10
        '[[commands]]', // 11
        'id = "two"', // 12
        'exec = ""', // 13
        '[keys]', // 14
        'q = { run = "top", colour = "red" }', // 15
      ].join('\n'),
    );
    expect(r.commands).toEqual([]);
    expect(r.warnings).toEqual([
      'config.toml:1: [[commands]] #1: id must be lowercase letters, digits, _ or -; skipped',
      "config.toml:4: [[commands]] #2: 'split-right' is a built-in action id; skipped",
      'config.toml:7: [[commands]] #3: give exactly one of run, send, popup or exec (has run, send); skipped',
      'config.toml:11: [[commands]] #4: exec must be a non-empty string; skipped',
      'config.toml:15: [keys] "q": unknown key colour; skipped',
    ]);
  });

  it('expands rozi bare keys and scheme: keys through the prefix, and leaves literal chords', () => {
    expect(expandBareKey('g')).toBe('prefix g');
    expect(expandBareKey('shift-w')).toBe('prefix shift-w');
    expect(expandBareKey('tab')).toBe('prefix tab');
    expect(expandBareKey('scheme:ctrl-t')).toBe('prefix ctrl-t');
    expect(expandBareKey('alt-t')).toBe('alt-t');
    expect(expandBareKey('ctrl-a e')).toBe('ctrl-a e');
  });
});
