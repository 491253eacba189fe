#!/usr/bin/env node
// What ESLint cannot see file by file: the import graph of the whole workspace.
//   1. No import cycles between source files, counting `import type` and `@rozi/*` package
//      specifiers (resolved through each package's `exports`): a type-only cycle still ties two
//      modules' designs together, and a cycle through a package name is still a cycle.
//   2. The direction of imports between packages (the table in ../shared/DESIGN.md): a package
//      imports only the packages it may, and `apps/web` reaches the server by `import type` only.
//   3. Pure files (PURE below, the same list eslint.config.mjs holds to "no I/O") import only pure
//      files and pure packages, so a pure module cannot reach I/O through a neighbour.
// Prints every problem and exits 1 when there is any.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, resolve, relative } from 'node:path';
import { PURE_GLOBS, isPure } from './pureFiles.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const sourceRoots = ['packages', 'apps', 'e2e'].map((d) => join(root, d));
const exts = ['.ts', '.tsx', '.mts'];
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '.next' || name.startsWith('.')) continue;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p);
    else if (exts.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) files.push(p);
  }
}
for (const r of sourceRoots) if (existsSync(r)) walk(r);

/** Workspace packages: name → { dir, exports map }. */
const packages = new Map();
for (const group of ['packages', 'apps', 'e2e']) {
  const dirs =
    group === 'e2e' ? [join(root, 'e2e')] : readdirSync(join(root, group)).map((d) => join(root, group, d));
  for (const dir of dirs) {
    const pj = join(dir, 'package.json');
    if (!existsSync(pj)) continue;
    const pkg = JSON.parse(readFileSync(pj, 'utf8'));
    packages.set(pkg.name, { dir, exports: pkg.exports ?? {} });
  }
}
const packageOfFile = (file) => {
  for (const [name, p] of packages) if (file.startsWith(p.dir + '/')) return name;
  return null;
};

// The direction of imports (DESIGN.md, "Packages and the direction of imports"). `value`: may be
// imported at run time; `type`: `import type` only.
const ALLOWED = {
  '@rozi/detect': { value: [], type: [] },
  '@rozi/keymap': { value: [], type: [] },
  '@rozi/cloexec': { value: [], type: [] },
  '@rozi/extensions': { value: ['@rozi/detect'], type: [] },
  // The agent-state vocabulary lives in @rozi/detect; the UI names its words by type.
  '@rozi/ui': { value: [], type: ['@rozi/detect'] },
  '@rozi/server': { value: ['@rozi/cloexec', '@rozi/detect', '@rozi/extensions', '@rozi/keymap'], type: [] },
  '@rozi/web': {
    // '@rozi/detect/shellMarks': the OSC 133/OSC 7 parsers the page shares with the server's mirror;
    // '@rozi/detect/hints': hint mode's scanner (the server checks [[hints]] with it).
    value: ['@rozi/ui', '@rozi/keymap', '@rozi/detect/shellMarks', '@rozi/detect/hints'],
    type: ['@rozi/server', '@rozi/detect', '@rozi/extensions'],
  },
  '@rozi/e2e': { value: [...packages.keys()], type: [] },
};

// `import x from '…'`, `import type …`, `export … from '…'`, and side-effect `import '…'`.
const importRe =
  /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|^\s*import\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;

function resolveFile(base) {
  for (const c of [base, ...exts.map((e) => base + e), ...exts.map((e) => join(base, 'index' + e))]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  const stripped = base.replace(/\.(js|mjs)$/, '');
  for (const e of exts) if (existsSync(stripped + e)) return stripped + e;
  return null;
}

function resolveSpec(from, spec) {
  if (spec.startsWith('.'))
    return { file: resolveFile(resolve(dirname(from), spec)), pkg: packageOfFile(from) };
  const m = /^(@rozi\/[^/]+)(\/.*)?$/.exec(spec);
  if (!m) return null;
  const p = packages.get(m[1]);
  if (!p) return { file: null, pkg: m[1] };
  const sub = '.' + (m[2] ?? '');
  let target = typeof p.exports === 'string' ? (sub === '.' ? p.exports : null) : p.exports[sub];
  if (!target) {
    for (const [k, v] of Object.entries(p.exports)) {
      if (k.endsWith('/*') && sub.startsWith(k.slice(0, -1)))
        target = v.replace('*', sub.slice(k.length - 1));
    }
  }
  return { file: target ? resolveFile(join(p.dir, target)) : null, pkg: m[1] };
}

const problems = [];
const graph = new Map();
for (const f of files) {
  const src = readFileSync(f, 'utf8');
  const from = packageOfFile(f);
  const deps = [];
  for (const m of src.matchAll(importRe)) {
    const spec = m[3] ?? m[4];
    const typeOnly = Boolean(m[2]);
    const r = resolveSpec(f, spec);
    if (!r) continue;
    if (r.file) deps.push(r.file);
    const rel = relative(root, f);
    if (from && r.pkg && r.pkg !== from) {
      const rule = ALLOWED[from];
      const ok =
        rule &&
        (rule.value.includes(r.pkg) || rule.value.includes(spec) || (typeOnly && rule.type.includes(r.pkg)));
      if (!ok && !f.includes('.test.') && !rel.startsWith('e2e/'))
        problems.push(`${rel}: ${from} may not import ${typeOnly ? 'types of ' : ''}${r.pkg} ('${spec}')`);
    }
    if (isPure(rel) && r.file && !isPure(relative(root, r.file)))
      problems.push(`${rel}: a pure file imports ${relative(root, r.file)}, which is not pure`);
  }
  graph.set(f, deps);
}

const state = new Map();
const stack = [];
const cycles = new Set();
function visit(n) {
  state.set(n, 1);
  stack.push(n);
  for (const d of graph.get(n) ?? []) {
    if (state.get(d) === 1) {
      const cyc = stack.slice(stack.indexOf(d)).map((p) => relative(root, p));
      cycles.add([...cyc, relative(root, d)].join(' -> '));
    } else if (!state.has(d)) visit(d);
  }
  stack.pop();
  state.set(n, 2);
}
for (const f of graph.keys()) if (!state.has(f)) visit(f);
for (const c of cycles) problems.push(`import cycle: ${c}`);
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(
  `boundaries: ${files.length} files, no import cycles (type imports and @rozi/* included), ` +
    `package directions hold, ${files.filter((f) => isPure(relative(root, f))).length} pure files import only pure code ` +
    `(${PURE_GLOBS.length} pure globs)`,
);
