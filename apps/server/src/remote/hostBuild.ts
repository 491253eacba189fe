// The self-contained build `[remote] install` copies to a host: this node binary, the server's
// sources and packages, and the node_modules they need at run time (no web, no dev tools), as one
// tar.gz. Named by the digest of its tree (every path, mode, link target and content), so a host
// that already has this build is not sent it again; the tarball's own sha256 is checked on the
// host before anything is unpacked. Built once per tree and kept under the state directory.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface HostBuild {
  /** sha256 of the tree: the build's name on the host. */
  digest: string;
  tarball: string;
  /** sha256 of the tarball's bytes, checked on the host. */
  tarSha256: string;
  /** `linux-x64`: what the node binary inside runs on. */
  platform: string;
  bytes: number;
}

/** Server-side workspace packages the host needs (the web app and the UI kit stay here). */
const PACKAGES = ['cloexec', 'detect', 'extensions', 'keymap'];
/** Run-time deps the host never loads (the web UI). */
const SKIP_DEPS = new Set(['next', 'react', 'react-dom', '@rozi/web', '@rozi/ui']);
/** Parts of installed packages nothing loads at run time. */
const SKIP_DIRS = new Set(['prebuilds', 'deps', 'third_party', 'test', 'tests', 'docs', '.github']);
const SKIP_FILE = /(\.md|\.map|\.d\.ts|\.d\.mts|\.d\.cts|\.test\.ts)$/i;

/** The checkout (or installed build) this server runs from. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export function hostPlatform(): string {
  return `${platform()}-${arch()}`;
}

interface Entry {
  /** Path inside the build. */
  path: string;
  /** Absolute source path (files), or a link target (links). */
  source: string;
  link: boolean;
}

function walk(o: { root: string; abs: string; out: Entry[]; skipDirs: Set<string> }): void {
  let names: string[];
  try {
    names = readdirSync(o.abs).sort();
  } catch {
    return;
  }
  for (const name of names) {
    const abs = join(o.abs, name);
    const st = lstatSync(abs);
    const path = relative(o.root, abs);
    if (st.isDirectory()) {
      if (!o.skipDirs.has(name)) walk({ ...o, abs });
    } else if (st.isFile() && !SKIP_FILE.test(name)) o.out.push({ path, source: abs, link: false });
  }
}

/** Where node would find `name` from `fromDir` (its own node_modules, then each parent's). */
function resolvePackage(repoRoot: string, fromDir: string, name: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === repoRoot || dir === dirname(dir)) return null;
  }
}

/** Every installed package the server's run-time dependencies reach (workspace links excluded). */
function dependencyDirs(repoRoot: string, roots: string[]): string[] {
  const found = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const dir = queue.shift() as string;
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
      if (SKIP_DEPS.has(name) || name.startsWith('@rozi/')) continue;
      const at = resolvePackage(repoRoot, dir, name);
      if (!at || found.has(at)) continue;
      found.add(at);
      queue.push(at);
    }
  }
  return [...found].sort();
}

/** The build's entries, in a fixed order. */
export function hostBuildEntries(o: { repoRoot: string; nodeBinary: string }): Entry[] {
  const out: Entry[] = [{ path: 'node', source: o.nodeBinary, link: false }];
  const src = (dir: string) =>
    walk({ root: o.repoRoot, abs: join(o.repoRoot, dir), out, skipDirs: new Set() });
  out.push({ path: 'package.json', source: join(o.repoRoot, 'package.json'), link: false });
  out.push({
    path: 'apps/server/package.json',
    source: join(o.repoRoot, 'apps/server/package.json'),
    link: false,
  });
  for (const d of ['apps/server/bin', 'apps/server/src', 'apps/server/discover']) src(d);
  // The bundle (scripts/bundle.mjs), when built: the host's bin/rozi.mjs runs it while it is newer
  // than the sources, which tar's kept modification times tell there as they do here, so a host
  // starts its server and link proxy without compiling the TypeScript under its own account.
  if (existsSync(join(o.repoRoot, 'apps/server/dist/built'))) src('apps/server/dist');
  const roots = [join(o.repoRoot, 'apps/server')];
  for (const p of PACKAGES) {
    const dir = `packages/${p}`;
    roots.push(join(o.repoRoot, dir));
    out.push({ path: `${dir}/package.json`, source: join(o.repoRoot, dir, 'package.json'), link: false });
    src(`${dir}/src`);
    if (existsSync(join(o.repoRoot, dir, 'build/Release'))) src(`${dir}/build/Release`);
    out.push({ path: `node_modules/@rozi/${p}`, source: `../../${dir}`, link: true });
  }
  for (const dir of dependencyDirs(o.repoRoot, roots))
    walk({ root: o.repoRoot, abs: dir, out, skipDirs: new Set([...SKIP_DIRS, 'node_modules']) });
  const seen = new Set<string>();
  return out.filter((e) => !seen.has(e.path) && seen.add(e.path));
}

async function fileSha(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** sha256 over every entry's path, kind, mode and content. */
export async function treeDigest(entries: Entry[]): Promise<string> {
  const h = createHash('sha256');
  for (const e of entries) {
    if (e.link) h.update(`L\0${e.path}\0${e.source}\n`);
    else {
      const mode = (lstatSync(e.source).mode & 0o111) !== 0 ? 'x' : '-';
      h.update(`F\0${e.path}\0${mode}\0${await fileSha(e.source)}\n`);
    }
  }
  return h.digest('hex');
}

/** The build for this checkout, made (or taken from the cache) under `cacheDir`. */
export async function hostBuild(o: {
  repoRoot: string;
  cacheDir: string;
  nodeBinary: string;
}): Promise<HostBuild> {
  const entries = hostBuildEntries(o);
  const digest = await treeDigest(entries);
  const tarball = join(o.cacheDir, `rozi-host-${digest.slice(0, 16)}.tar.gz`);
  const shaFile = `${tarball}.sha256`;
  if (!existsSync(tarball) || !existsSync(shaFile)) {
    mkdirSync(o.cacheDir, { recursive: true, mode: 0o700 });
    const stage = join(o.cacheDir, `stage-${process.pid}-${Date.now()}`);
    try {
      // The workspace links are laid out in a small stage; the rest is read in place.
      mkdirSync(stage, { recursive: true });
      const listFile = join(stage, 'files.list');
      const files = entries.filter((e) => !e.link && e.path !== 'node').map((e) => e.path);
      writeFileSync(listFile, files.join('\0') + '\0');
      const linkDir = join(stage, 'links');
      for (const e of entries.filter((x) => x.link)) {
        const at = join(linkDir, e.path);
        mkdirSync(dirname(at), { recursive: true });
        symlinkSync(e.source, at);
      }
      const partial = `${tarball}.partial`;
      await run(
        'tar',
        [
          '-czf',
          partial,
          '--owner=0',
          '--group=0',
          '--transform',
          `s|^${o.nodeBinary.replace(/^\//, '').replace(/[|\\]/g, '\\$&')}$|node|`,
          '-C',
          o.repoRoot,
          '--null',
          '-T',
          listFile,
          '-C',
          linkDir,
          'node_modules',
          '-C',
          '/',
          o.nodeBinary.replace(/^\//, ''),
        ],
        { maxBuffer: 1 << 20 },
      );
      writeFileSync(shaFile, (await fileSha(partial)) + '\n');
      renameSync(partial, tarball);
      // Only the newest build is kept.
      for (const f of readdirSync(o.cacheDir))
        if (f.startsWith('rozi-host-') && !join(o.cacheDir, f).startsWith(tarball))
          rmSync(join(o.cacheDir, f), { force: true });
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  }
  return {
    digest,
    tarball,
    tarSha256: readFileSync(shaFile, 'utf8').trim(),
    platform: hostPlatform(),
    bytes: lstatSync(tarball).size,
  };
}
