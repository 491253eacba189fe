// The server's built-in key table (used by the keybinding editor and the extension host) and the
// web's copy (used for first paint) must stay the same table.
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYMAP as server, DEFAULT_PREFIX as serverPrefix } from '../../apps/server/src/keys/defaultKeymap';
import { DEFAULT_KEYMAP as web, DEFAULT_PREFIX as webPrefix } from '../../apps/web/src/keys/defaultKeymap';

describe('built-in key table', () => {
  it('is identical on the server and in the web app', () => {
    expect(server).toEqual(web);
    expect(serverPrefix).toBe(webPrefix);
  });
});
