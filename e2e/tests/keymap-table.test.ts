// The built-in key table lives once, in @rozi/keymap, but each side expands it itself: the server
// (keybinding editor, extension host: builtinBindings + normalizeChord) and the browser (the keys
// a person presses: resolveKeymap). Both must read every entry as the same chord sequence, for
// the default prefix and for a changed one, or the editor would show keys the page does not obey.
import { normalizeChord } from '@rozi/extensions/node';
import { builtinBindings, DEFAULT_KEYMAP, DEFAULT_PREFIX } from '@rozi/keymap';
import { describe, expect, it } from 'vitest';
import { resolveKeymap } from '../../apps/web/src/keys/keymap';

function serverView(prefix: string): string[] {
  return builtinBindings(prefix).map((b) => `${b.action}: ${normalizeChord(b.key)}`);
}

function browserView(prefix: string): string[] {
  const resolved = resolveKeymap({ defaults: DEFAULT_KEYMAP, prefix });
  expect(resolved.diagnostics).toEqual([]);
  return resolved.bindings.map((b) => `${b.actionId}: ${b.sequence.join(' ')}`);
}

describe('built-in key table', () => {
  it('is the same key sequences on the server and in the web app', () => {
    for (const prefix of [DEFAULT_PREFIX, 'ctrl-b']) expect(browserView(prefix)).toEqual(serverView(prefix));
    expect(DEFAULT_PREFIX).toBe('ctrl-a');
  });
});
