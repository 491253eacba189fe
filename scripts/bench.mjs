#!/usr/bin/env node
// Runs the benchmarks in bench/ one after another and lets each print its own table. They are
// measurements, not tests: nothing here fails on a slow figure. `npm run bench -- detect-eval`
// runs only the files whose names contain one of the given words.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const words = process.argv.slice(2);
// Libraries the benches share, not benchmarks.
const LIBRARIES = new Set([
  'server-harness.ts',
  'browserEcho.mjs',
  'browserThroughput.mjs',
  'wettyPeer.mjs',
  'processCpu.ts',
  'echoHops.ts',
]);
const files = readdirSync(join(root, 'bench'))
  .filter((f) => /\.(ts|mjs)$/.test(f) && !LIBRARIES.has(f))
  .filter((f) => words.length === 0 || words.some((w) => f.includes(w)))
  .sort();
if (files.length === 0) {
  console.error(`bench: no benchmark matches ${words.join(', ')}`);
  process.exit(2);
}
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', NEXT_TELEMETRY_DISABLED: '1' };
let failed = 0;
for (const f of files) {
  console.log(`\n== bench/${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join('bench', f)], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) {
    failed++;
    console.error(`bench: ${f} exited with ${r.status ?? r.signal}`);
  }
}
process.exit(failed ? 1 : 0);
