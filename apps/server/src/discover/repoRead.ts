// Reads files of a repository's default-branch head without checking anything out and without
// running anything it holds: a bare repository in a temporary directory (empty template, so no
// hooks are even copied), a shallow fetch of the remote's HEAD through the runtime's hardened git
// (core.hooksPath=/dev/null, no submodules, no LFS filters, file/https/ssh only), then
// `git show <commit>:<path>` / `git cat-file` on blobs. Nothing is ever written to a work tree.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childLedger, DEFAULT_INSTALL_LIMITS, runGit, type InstallLimits } from '@rozi/extensions/node';

export interface RepoHead {
  commit: string;
  /** A path's blob as bytes, or null when the commit has no such file. */
  read(path: string): Promise<Buffer | null>;
  /** Sizes of the blobs at these paths (null when missing), without reading them. */
  sizes(paths: string[]): Promise<Map<string, number | null>>;
  dispose(): void;
}

export interface RepoReadOptions {
  url: string;
  env: NodeJS.ProcessEnv;
  /** Where the bare repository goes; a fresh temp dir by default. */
  workDir?: string;
  limits?: InstallLimits;
  /** A commit to fetch instead of the default branch's head (details and updates of an indexed commit). */
  ref?: string;
}

/** A blob's bytes (screenshots are binary, so not through runGit's text output); null when missing. */
function gitBytes(opts: {
  dir: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  maxBytes: number;
}): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = spawn(
      'git',
      ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', ...opts.args],
      { cwd: opts.dir, env: { ...opts.env, GIT_TERMINAL_PROMPT: '0' }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    childLedger.track(child, { what: 'git', scope: 'process' });
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size <= opts.maxBytes) chunks.push(d);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.once('error', () => resolve(null));
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && size <= opts.maxBytes ? Buffer.concat(chunks) : null);
    });
  });
}

/** Fetches the remote's HEAD into a bare repository; rejects with a one-line reason. */
export async function readRepoHead(opts: RepoReadOptions): Promise<RepoHead> {
  const limits = opts.limits ?? { ...DEFAULT_INSTALL_LIMITS, timeoutMs: 60_000 };
  const dir = opts.workDir ?? mkdtempSync(join(tmpdir(), 'rozi-discover-'));
  const deadline = Date.now() + limits.timeoutMs;
  const common = { env: opts.env, deadline, limits };
  try {
    await runGit({ ...common, cwd: dir, args: ['init', '--quiet', '--bare', '--template=', dir] });
    await runGit({
      ...common,
      cwd: dir,
      watchDir: dir,
      args: [
        'fetch',
        '--quiet',
        '--depth=1',
        '--no-tags',
        '--no-recurse-submodules',
        '--',
        opts.url,
        opts.ref ?? 'HEAD',
      ],
    });
    const commit = await runGit({
      ...common,
      cwd: dir,
      args: ['rev-parse', '--verify', '--quiet', 'FETCH_HEAD^{commit}'],
    });
    return {
      commit,
      read: (path) =>
        gitBytes({
          dir,
          args: ['cat-file', 'blob', `${commit}:${path}`],
          env: opts.env,
          timeoutMs: 30_000,
          maxBytes: 4 * 1024 * 1024,
        }),
      async sizes(paths) {
        const out = new Map<string, number | null>();
        for (const p of paths) {
          const text = await runGit({
            ...common,
            deadline: Date.now() + 30_000,
            cwd: dir,
            args: ['cat-file', '-s', `${commit}:${p}`],
          }).catch(() => null);
          out.set(p, text === null ? null : Number(text));
        }
        return out;
      },
      dispose: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
