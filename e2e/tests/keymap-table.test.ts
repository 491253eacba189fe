// One keymap (issue 13): the keybinding editor lists what the server resolves (keys.list) and
// the page obeys what @rozi/keymap resolves in the browser. Both run the same resolver over the
// same table, so for the default prefix and a changed one the editor's default keys must be
// exactly the sequences the page binds — read here from a real server.
import { DEFAULT_PREFIX, resolveKeymap } from '@rozi/keymap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
  await browser.page.goto(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function editorView(prefix: string): Promise<string[]> {
  const list = await browser.page.evaluate(async (p) => {
    const r = await fetch(`/trpc/keys.list?input=${encodeURIComponent(JSON.stringify({ prefix: p }))}`);
    return (
      (await r.json()) as {
        result: { data: { actions: { id: string; keys: { key: string; source: string }[] }[] } };
      }
    ).result.data.actions;
  }, prefix);
  return list
    .flatMap((a) => a.keys.filter((k) => k.source === 'default').map((k) => `${a.id}: ${k.key}`))
    .sort();
}

function pageView(prefix: string): string[] {
  const resolved = resolveKeymap({ prefix });
  expect(resolved.diagnostics).toEqual([]);
  return resolved.bindings.map((b) => `${b.action}: ${b.sequence.join(' ')}`).sort();
}

describe('built-in key table', () => {
  it('is the same key sequences in the keybinding editor and in the page', async () => {
    for (const prefix of [DEFAULT_PREFIX, 'ctrl-b'])
      expect(await editorView(prefix)).toEqual(pageView(prefix));
    expect(DEFAULT_PREFIX).toBe('ctrl-a');
  });
});
