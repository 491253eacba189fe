#!/usr/bin/env node
// Finds import cycles between source files of the workspace (ESLint checks the direction of
// imports between packages; a cycle inside a package is the other way layers rot).
// Prints each cycle once and exits 1 when there is any.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, resolve, relative } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const roots = ['packages', 'apps'].map((d) => join(root, d));
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
for (const r of roots) if (existsSync(r)) walk(r);

const importRe = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
function resolveSpec(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const c of [base, ...exts.map((e) => base + e), ...exts.map((e) => join(base, 'index' + e))]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  const stripped = base.replace(/\.(js|mjs)$/, '');
  for (const e of exts) if (existsSync(stripped + e)) return stripped + e;
  return null;
}
const graph = new Map();
for (const f of files) {
  const src = readFileSync(f, 'utf8');
  const deps = [];
  for (const m of src.matchAll(importRe)) {
    const r = resolveSpec(f, m[1]);
    if (r) deps.push(r);
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
if (cycles.size) {
  for (const c of cycles) console.error(`import cycle: ${c}`);
  process.exit(1);
}
console.log(`boundaries: ${files.length} files, no import cycles`);
