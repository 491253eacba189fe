// Whether bin/rozi.mjs may load the bundle in dist/ (scripts/bundle.mjs) instead of the sources:
// only when it exists and was built after the last change to any source it contains, so an edit
// (or a checkout) is never shadowed by an older build. ROZI_FROM_SOURCE=1 always uses the sources.
// Plain JavaScript: it runs before any loader is registered. Walking the ~600 source entries
// costs a few milliseconds; loading the sources through tsx costs seconds.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace packages compiled into the bundle (scripts/bundle.mjs); their sources count too. */
export const BUNDLED_PACKAGES = ['cloexec', 'detect', 'extensions', 'keymap'];

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const packagesDir = join(serverDir, '..', '..', 'packages');
const SOURCES = [
  join(serverDir, 'src'),
  join(serverDir, 'package.json'),
  ...BUNDLED_PACKAGES.flatMap((p) => [join(packagesDir, p, 'src'), join(packagesDir, p, 'package.json')]),
];

/** True when `path` (a file or a tree) holds a file changed after `since` (ms). */
function changedAfter(path, since) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return false;
  }
  // Files only: a directory's time also moves when tar unpacks it on a host (remote/hostBuild.ts),
  // and deleting a module means editing its importers, whose times move.
  if (!st.isDirectory()) return st.mtimeMs > since;
  for (const name of readdirSync(path)) if (changedAfter(join(path, name), since)) return true;
  return false;
}

/** The bundle's entry URL for `entry` ('cli' | 'serveStdio' | 'mirrorWorker'), or null to run from source. */
export function bundledEntry(entry) {
  if (process.env.ROZI_FROM_SOURCE === '1') return null;
  let built;
  try {
    built = statSync(join(serverDir, 'dist', 'built')).mtimeMs;
  } catch {
    return null;
  }
  if (SOURCES.some((p) => changedAfter(p, built))) return null;
  return new URL(`../dist/${entry}.mjs`, import.meta.url).href;
}
