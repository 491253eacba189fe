// The shipped Discover index lists the project's own example extensions so the gallery works
// offline on a fresh machine. Their `repo` is `bundled:<name>`: on first use the example directory
// is turned into a git repository under the state dir with a fixed author, committer, date and
// message, so its commit is the same on every machine and equals the one the shipped index pins
// (scripts/build-default-discover-index.ts builds the index from the very same repositories).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { childEnv } from '../proc/childEnv';

export const BUNDLED_PREFIX = 'bundled:';

/** examples/extensions of this checkout (apps/server/src/discover → repo root). */
export function examplesDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../../examples/extensions');
}

const FIXED_ENV: Record<string, string> = {
  GIT_AUTHOR_NAME: 'rozi examples',
  GIT_AUTHOR_EMAIL: 'examples@rozi.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_NAME: 'rozi examples',
  GIT_COMMITTER_EMAIL: 'examples@rozi.invalid',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  // The user's own git config (signing, templates, hooks) must not change the commit.
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
};

function git(cwd: string, args: string[], env: NodeJS.ProcessEnv): string {
  return execFileSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fileMode=true', ...args], {
    cwd,
    env: childEnv({ PATH: env.PATH ?? '/usr/bin:/bin', HOME: env.HOME ?? '/', ...FIXED_ENV }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
    .toString()
    .trim();
}

export function isBundled(repo: string): boolean {
  return repo.startsWith(BUNDLED_PREFIX);
}

/**
 * The file URL of the bundled example `name` as a git repository under `root`, created on first
 * use (atomically: built beside, renamed into place). Throws a one-line error for an unknown name.
 */
export function materializeBundled(o: {
  name: string;
  root: string;
  env: NodeJS.ProcessEnv;
  examples?: string;
}): string {
  if (!/^[a-z0-9_-]+$/.test(o.name)) throw new Error(`'${o.name}' is not a bundled example name`);
  const source = join(o.examples ?? examplesDir(), o.name);
  if (!existsSync(join(source, 'extension.toml')))
    throw new Error(`no bundled example '${o.name}' in ${o.examples ?? examplesDir()}`);
  const target = join(o.root, o.name);
  if (!existsSync(join(target, '.git'))) {
    mkdirSync(o.root, { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    cpSync(source, tmp, { recursive: true, filter: (p) => !/(^|\/)(\.git|__pycache__)$/.test(p) });
    try {
      git(tmp, ['init', '--quiet', '--template=', '-b', 'main'], o.env);
      git(tmp, ['add', '-A'], o.env);
      git(tmp, ['commit', '--quiet', '--no-gpg-sign', '-m', `rozi example ${o.name}`], o.env);
      renameSync(tmp, target);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(join(target, '.git'))) throw err;
    }
  }
  return pathToFileURL(target).href;
}

/** Commit of a materialised bundled repository (for the default-index script and its test). */
export function bundledCommit(repoDir: string, env: NodeJS.ProcessEnv): string {
  return git(repoDir, ['rev-parse', 'HEAD'], env);
}
