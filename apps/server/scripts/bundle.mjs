// Bundles the CLI and the server (with the workspace packages they import) into dist/, so each
// `rozi` run loads a few JavaScript files instead of compiling and resolving about 500 TypeScript
// modules through tsx's loader thread: `rozi --version` went from 5–35 s to about 2 s on a
// 2-core machine at load 22–30 (CPU profile: the ESM loader and tsx's hooks were 80 % of it),
// and every hook, script and test that calls the CLI pays that.
//
// Third-party packages stay external (node loads them from node_modules as before). Each source
// file keeps its own `import.meta.url` (rewritten to the file's path at build time), so the paths
// computed from it (package.json, bin/rozi.mjs, the web app, the hook worker, the discover index,
// shell-integration scripts) resolve exactly as they do when run from source.
// bin/rozi.mjs uses dist/ only while it is newer than every source file (src/stale.mjs).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLED_PACKAGES } from '../bin/bundled.mjs';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${serverDir}dist`;

/** Workspace packages compiled into the bundle; every other bare import is loaded by node. */
const bundled = new RegExp(`^@rozi/(${BUNDLED_PACKAGES.join('|')})(/|$)`);

/**
 * The specifier node's own ESM loader accepts for a third-party import: a deep import into a
 * package without an `exports` map (`ajv/dist/2020`) needs its file extension there.
 */
function nodeSpecifier(spec, importer) {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  if (spec === name || spec.startsWith('node:')) return spec;
  const require = createRequire(importer);
  const manifest = require.resolve(`${name}/package.json`);
  if (JSON.parse(readFileSync(manifest, 'utf8')).exports) return spec;
  return `${name}/${relative(dirname(manifest), require.resolve(spec))}`;
}

const keepModuleUrls = {
  name: 'rozi-module-urls',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (bundled.test(args.path)) return undefined;
      return { path: nodeSpecifier(args.path, args.importer), external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(
        /\bimport\.meta\.url\b/g,
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    cli: `${serverDir}src/cli/main.ts`,
    serveStdio: `${serverDir}src/host/serveStdio.ts`,
    // The mirror worker thread's code (bin/mirror-worker.mjs loads it).
    mirrorWorker: `${serverDir}src/session/mirrorWorker.ts`,
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [keepModuleUrls],
});
// Written last: bin/bundled.mjs compares the sources against this file's time. Its content stays
// the same from build to build, so the digest of a host build (remote/hostBuild.ts) only changes
// when the code does.
writeFileSync(`${outdir}/built`, 'the time of this file is when the bundle was built\n');
