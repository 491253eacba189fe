// Git, run so that nothing the repository holds runs (issue 7, DESIGN.md Security model):
// no hooks (core.hooksPath=/dev/null, empty --template), no submodules (--no-recurse-submodules,
// submodule.recurse=false), no LFS filters (emptied filter.lfs.*, GIT_LFS_SKIP_SMUDGE=1), no
// fsmonitor, only the file/https/ssh transports (protocol.allow=never + GIT_ALLOW_PROTOCOL), no
// prompts. Each git process runs in its own group with a time limit, and the destination is
// watched so a clone past the size limit is stopped while it runs, not after.
import { spawn } from 'node:child_process';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { childLedger } from './childLedger';
import { signalGroup } from './supervisorProcessGroup';

export interface InstallLimits {
  /** Bytes on disk for the whole checkout, .git included. */
  maxBytes: number;
  maxFiles: number;
  /** For the whole install (clone + checkout). */
  timeoutMs: number;
}

/** 100 MiB / 20,000 files / 2 minutes: generous for a manifest plus scripts, tight enough that a hostile repository cannot fill the disk. */
export const DEFAULT_INSTALL_LIMITS: InstallLimits = {
  maxBytes: 100 * 1024 * 1024,
  maxFiles: 20_000,
  timeoutMs: 120_000,
};

export const SAFE_GIT_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'submodule.recurse=false',
  'filter.lfs.smudge=',
  'filter.lfs.process=',
  'filter.lfs.clean=',
  'filter.lfs.required=false',
  'protocol.allow=never',
  'protocol.file.allow=always',
  'protocol.https.allow=always',
  'protocol.ssh.allow=always',
];

export class GitError extends Error {
  constructor(
    readonly code: 'git-failed' | 'timeout' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

export function safeGitEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...base,
    GIT_TERMINAL_PROMPT: '0',
    GIT_LFS_SKIP_SMUDGE: '1',
    GIT_ALLOW_PROTOCOL: 'file:https:ssh',
    GIT_PROTOCOL_FROM_USER: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
  };
}

/** Bytes and file count under dir, stopping early once past the limits. */
export function measureTree(
  dir: string,
  limits: Pick<InstallLimits, 'maxBytes' | 'maxFiles'>,
): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const stack = [dir];
  while (stack.length > 0 && bytes <= limits.maxBytes && files <= limits.maxFiles) {
    const d = stack.pop() as string;
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const name of names) {
      const p = join(d, name);
      let st;
      try {
        st = lstatSync(p);
      } catch {
        continue;
      }
      if (st.isDirectory()) stack.push(p);
      else {
        files++;
        bytes += st.size;
      }
    }
  }
  return { bytes, files };
}

export interface RunGitOptions {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  deadline: number;
  /** Watched while git runs: stopped when it grows past the limits. */
  watchDir?: string;
  limits: InstallLimits;
}

export function runGit(opts: RunGitOptions): Promise<string> {
  const args = [...SAFE_GIT_CONFIG.flatMap((c) => ['-c', c]), ...opts.args];
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: opts.cwd,
      env: safeGitEnv(opts.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    childLedger.track(child, { what: `git ${opts.args[0] ?? ''}`.trim(), scope: 'group' });
    let out = '';
    let err = '';
    let failure: GitError | undefined;
    const stop = (e: GitError): void => {
      failure ??= e;
      signalGroup(child.pid, 'SIGKILL');
    };
    const remaining = Math.max(0, opts.deadline - Date.now());
    const timer = setTimeout(
      () => stop(new GitError('timeout', `git ${opts.args[0]} did not finish within the install time limit`)),
      remaining,
    );
    const watch = opts.watchDir
      ? setInterval(() => {
          const m = measureTree(opts.watchDir as string, opts.limits);
          if (m.bytes > opts.limits.maxBytes || m.files > opts.limits.maxFiles)
            stop(
              new GitError(
                'too-large',
                `the repository is larger than ${opts.limits.maxBytes / 1024 / 1024} MiB or ${opts.limits.maxFiles} files`,
              ),
            );
        }, 200)
      : undefined;
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 8192) err += d.toString();
    });
    child.once('error', (e) => stop(new GitError('git-failed', `cannot run git: ${e.message}`)));
    child.once('close', (code) => {
      clearTimeout(timer);
      if (watch) clearInterval(watch);
      signalGroup(child.pid, 'SIGKILL');
      if (failure) return reject(failure);
      if (code !== 0) {
        const last = err.trim().split('\n').filter(Boolean).pop() ?? `exit ${code}`;
        return reject(
          new GitError('git-failed', `git ${opts.args[0]} failed: ${last.replace(/^fatal: /, '')}`),
        );
      }
      resolve(out.trim());
    });
  });
}

export interface CloneOptions {
  url: string;
  dest: string;
  ref: string | null;
  cwd: string;
  env: NodeJS.ProcessEnv;
  limits: InstallLimits;
}

/** Clones without checkout, then checks out the ref (or the default branch) detached. Returns the exact commit. */
export async function cloneAt(opts: CloneOptions): Promise<string> {
  const deadline = Date.now() + opts.limits.timeoutMs;
  const common = { env: opts.env, deadline, limits: opts.limits };
  await runGit({
    ...common,
    cwd: opts.cwd,
    watchDir: opts.dest,
    args: [
      'clone',
      '--quiet',
      '--no-checkout',
      '--no-recurse-submodules',
      '--template=',
      '--',
      opts.url,
      opts.dest,
    ],
  });
  let commit: string;
  try {
    commit = await runGit({
      ...common,
      cwd: opts.dest,
      args: ['rev-parse', '--verify', '--quiet', `${opts.ref ?? 'HEAD'}^{commit}`],
    });
  } catch {
    if (opts.ref === null) throw new GitError('git-failed', 'the repository has no commits');
    // A branch name only exists as a remote-tracking ref after --no-checkout.
    commit = await runGit({
      ...common,
      cwd: opts.dest,
      args: ['rev-parse', '--verify', '--quiet', `origin/${opts.ref}^{commit}`],
    }).catch(() => {
      throw new GitError('git-failed', `no branch, tag or commit '${opts.ref}' in ${opts.url}`);
    });
  }
  await runGit({
    ...common,
    cwd: opts.dest,
    watchDir: opts.dest,
    args: ['checkout', '--quiet', '--no-recurse-submodules', '--detach', commit],
  });
  const m = measureTree(opts.dest, opts.limits);
  if (m.bytes > opts.limits.maxBytes || m.files > opts.limits.maxFiles)
    throw new GitError(
      'too-large',
      `the checkout is larger than ${opts.limits.maxBytes / 1024 / 1024} MiB or ${opts.limits.maxFiles} files`,
    );
  return commit;
}
