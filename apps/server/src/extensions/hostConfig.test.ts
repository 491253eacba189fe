// [keys] as the host reads it: plain bindings replace an action's keys, rozi's `{ add = … }`
// keeps the built-in ones and adds the given chords; a bare key (one key, at most shift) and a
// `scheme:` key follow the prefix, anything else is used as written; a malformed add is not a binding.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_KEYMAP } from '@rozi/keymap';
import { describe, expect, it } from 'vitest';
import { readHostConfig } from './hostConfig';

describe('[keys] { add = … }', () => {
  it('keeps the built-in bindings and adds the new chords', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rozi-keys-')), 'config.toml');
    writeFileSync(
      file,
      '[keys]\n"split-right" = { add = "ctrl-alt-right" }\n"split-down" = { add = ["f5", "scheme:ctrl-f6"] }\n"new-tab" = "prefix t"\n"toggle-zoom" = { add = 3 }\ncopy-mode = ["b", "ctrl-a y"]\n',
    );
    const keys = readHostConfig(file).keys;
    expect(keys['split-right']).toEqual([...(DEFAULT_KEYMAP['split-right'] ?? []), 'ctrl-alt-right']);
    expect(keys['split-down']).toEqual([
      ...(DEFAULT_KEYMAP['split-down'] ?? []),
      'prefix f5',
      'prefix ctrl-f6',
    ]);
    expect(keys['new-tab']).toBe('prefix t');
    expect(keys['copy-mode']).toEqual(['prefix b', 'ctrl-a y']);
    expect(keys['toggle-zoom']).toBeUndefined();
  });
});
