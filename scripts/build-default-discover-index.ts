// Regenerates apps/server/discover/default-index.json: the Discover index shipped with the server,
// built from examples/extensions so the gallery works offline on a fresh machine. Each example is
// made into a git repository with a fixed author, date and message (bundledRepos.ts), indexed with
// the same builder `rozi extensions index build` uses, and its repo rewritten to `bundled:<name>`.
// The server makes the same repositories at first use, so the pinned commits match.
// Run: npx --no-install tsx scripts/build-default-discover-index.ts
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { platformName, ROZI_COMPAT_VERSION } from '@rozi/extensions';
import { BUNDLED_PREFIX, examplesDir, materializeBundled } from '../apps/server/src/discover/bundledRepos';
import { buildIndex } from '../apps/server/src/discover/indexBuild';
import { defaultIndexPath } from '../apps/server/src/discover/indexSource';

const root = mkdtempSync(join(tmpdir(), 'rozi-default-index-'));
try {
  const names = readdirSync(examplesDir()).sort();
  const urls = new Map(names.map((n) => [materializeBundled({ name: n, root, env: process.env }), n]));
  const r = await buildIndex({
    repos: [...urls.keys()],
    env: process.env,
    roziVersion: ROZI_COMPAT_VERSION,
    platform: platformName('linux'),
  });
  for (const e of r.index.extensions) e.repo = `${BUNDLED_PREFIX}${urls.get(e.repo)}`;
  // A fixed date keeps the file byte-stable when nothing changed.
  r.index.generated_at = '2026-01-01T00:00:00.000Z';
  writeFileSync(defaultIndexPath(), `${JSON.stringify(r.index, null, 2)}\n`);
  console.log(`listed ${r.index.extensions.length}: ${r.index.extensions.map((e) => e.id).join(', ')}`);
  for (const s of r.skipped.skipped) console.log(`skipped ${s.repo}: ${s.reasons.join('; ')}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
