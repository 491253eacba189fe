// A plain clone runs the README's test command: no test, helper or benchmark may read files from
// a `shared/` folder beside the repository (the captures it needed are in fixtures/agents).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SKIP = new Set(['node_modules', '.next', '.git', '.turbo', 'dist', 'fixtures']);

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.(ts|tsx|mts|mjs|js|sh)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Code (not comments) that builds a path into ../shared. */
const READS_SHARED = [/['"`][^'"`\n]*\.\.\/shared\//, /['"]\.\.['"],\s*['"]shared['"]/, /\/work\/shared/];
/** Lines that mention such a path as data, never to read it. */
const NOT_A_READ = new Map([
  ['packages/extensions/src/node/commandRunner.test.ts', "resolveExecArgv(['../shared/x'"], // argv resolution
  ['apps/server/test/adversarial/vendored-fixtures.test.ts', "'../shared/x'"], // this list
]);

it('R12 nothing outside fixtures/ reads a shared/ folder beside the repository', () => {
  const offenders: string[] = [];
  for (const file of sources(REPO)) {
    const code = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => !/^\s*(\/\/|\*|#)/.test(l));
    for (const line of code)
      if (
        READS_SHARED.some((re) => re.test(line)) &&
        !line.includes(NOT_A_READ.get(relative(REPO, file)) ?? '\0')
      )
        offenders.push(`${relative(REPO, file)}: ${line.trim()}`);
  }
  expect(offenders).toEqual([]);
  // The corpus itself is in the repository, with its README (format and provenance).
  expect(readdirSync(join(REPO, 'fixtures', 'agents'))).toContain('README.md');
});
