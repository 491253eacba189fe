import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDefinitions, type DefinitionSet } from '@rozi/detect';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigWatcher } from './configWatcher';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function poll(cond: () => boolean): Promise<void> {
  const end = Date.now() + 5000;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('ConfigWatcher', () => {
  it('applies a saved config.toml and keeps the last good definitions when it breaks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rozi-cfg-'));
    dirs.push(dir);
    const file = join(dir, 'config.toml');
    writeFileSync(file, '');
    const applied: DefinitionSet[] = [];
    const reports: Array<{ kept: boolean; n: number }> = [];
    const w = new ConfigWatcher({
      configFile: file,
      load: async () => loadDefinitions({ config: { file, text: readFileSync(file, 'utf8') } }),
      apply: (set) => void applied.push(set),
      reported: (r) => void reports.push({ kept: r.kept, n: r.warnings.length }),
    });
    w.start();
    try {
      // Replaced by rename, the way editors save.
      writeFileSync(file + '.tmp', '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n');
      renameSync(file + '.tmp', file);
      await poll(() => applied.some((s) => s.byId.has('mca')));
      const good = applied.length;
      writeFileSync(file, '[[agents]\nid = ');
      await poll(() => reports.some((r) => r.kept));
      expect(applied.length).toBe(good);
      expect(reports.at(-1)).toMatchObject({ kept: true });
      expect((reports.at(-1)?.n ?? 0) > 0).toBe(true);
    } finally {
      w.stop();
    }
  });
});
