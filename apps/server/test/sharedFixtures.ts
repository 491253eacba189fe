// Where the team's shared agent captures live. In dev shared/ is /work/shared; in CI the
// repository is cloned elsewhere with shared/ as its sibling. Both are <repo root>/../shared, so
// the path is resolved from this file, never hard-coded. A missing corpus is a setup error that
// must fail loudly, not a reason to skip the tests that draw its screens.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `<repo root>/../shared/fixtures/agents` (this file is apps/server/test/sharedFixtures.ts). */
export const SHARED_AGENT_FIXTURES = fileURLToPath(
  new URL('../../../../shared/fixtures/agents', import.meta.url),
);

/** Absolute path of one capture file, e.g. `sharedFixture('codex')`; throws when it is missing. */
export function sharedFixture(agent: string): string {
  const path = `${SHARED_AGENT_FIXTURES}/${agent}.toml`;
  if (!existsSync(path)) {
    throw new Error(`shared agent fixture not found at ${path}: ../shared must sit beside the repository`);
  }
  return path;
}
