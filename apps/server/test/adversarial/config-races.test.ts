// Case C03 (issue 14 item 10) against a real server: the browser saves key bindings while the
// user edits config.toml by hand at the same moment. Every hand edit and every save must be in the
// file afterwards (5 of 200 hand edits used to be lost). The edit helper itself is tested with
// concurrent processes in src/config/configEdit.test.ts; this is the same race through keys.save.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startServerForFile } from '../fileServer';
import type { TestServer } from '../harness';

let s: TestServer;
startServerForFile((started) => (s = started));

it('C03 keys.save racing hand edits of config.toml loses neither', async () => {
  const file = join(s.home, '.config', 'rozi', 'config.toml');
  writeFileSync(file, '# mine\n');
  const rounds = 40;
  let handDone = 0;
  const hand = (async () => {
    for (let i = 0; i < rounds; i++) {
      appendFileSync(file, `# hand edit ${i}\n`);
      handDone++;
      await new Promise((r) => setTimeout(r, 3));
    }
  })();
  const saves: Promise<unknown>[] = [];
  for (let i = 0; i < rounds; i++)
    saves.push(s.call('keys.save', { action: `race.action-${i}`, keys: ['<prefix> F5'] }));
  await Promise.all([hand, ...saves]);
  expect(handDone).toBe(rounds);
  const text = readFileSync(file, 'utf8');
  const lost = [];
  for (let i = 0; i < rounds; i++) {
    if (!text.includes(`# hand edit ${i}\n`)) lost.push(`hand ${i}`);
    if (!text.includes(`"race.action-${i}"`)) lost.push(`save ${i}`);
  }
  expect(lost).toEqual([]);
  expect(text.startsWith('# mine\n')).toBe(true);
}, 90_000);
