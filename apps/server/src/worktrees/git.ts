// The one way this folder runs git: execFile (no shell), a fixed environment that ignores the
// person's pager, editor and prompts, a byte cap on what is read back, and a one-line failure.
import { execFile } from 'node:child_process';
import { WorktreeError } from './worktreeError';

export interface GitRun {
  cwd: string;
  args: string[];
  /** Extra variables (GIT_INDEX_FILE for checkpoints); the server's environment is kept otherwise. */
  env?: Record<string, string>;
  /** Read at most this many bytes of stdout (default 64 MiB); past it the call fails with too-large. */
  maxBytes?: number;
  input?: string;
}

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

const DEFAULT_MAX = 64 * 1024 * 1024;

/**
 * glibc gives freed memory back to the system at once; git's zlib sets up and frees a window for
 * every object it writes, so `add` of 2,000 edited files spent most of its time growing and
 * trimming the heap (10,000 brk calls): 2.6 s of CPU, 0.25 s with this slack (measured on 2,000
 * files of 40 lines). Only the heap's slack changes; a person's own GLIBC_TUNABLES is kept as is.
 */
const MALLOC_SLACK = 'glibc.malloc.trim_threshold=33554432:glibc.malloc.top_pad=4194304';

/** Git as a script runs it: never a pager, an editor or a credential prompt. */
function gitEnv(extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  return {
    GLIBC_TUNABLES: MALLOC_SLACK,
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    GIT_EDITOR: 'true',
    GIT_OPTIONAL_LOCKS: '0',
    LC_ALL: 'C',
    ...extra,
  };
}

/** Runs git; a non-zero exit is a result, not a throw (callers say what it meant). */
export function git(run: GitRun): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      run.args,
      { cwd: run.cwd, env: gitEnv(run.env), maxBuffer: run.maxBytes ?? DEFAULT_MAX, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err && (err as NodeJS.ErrnoException).code === 'ENOENT' && !stdout && !stderr) {
          reject(new WorktreeError('git-failed', 'git is not installed (or not on PATH)'));
          return;
        }
        if (err && /maxBuffer/i.test(err.message)) {
          reject(
            new WorktreeError(
              'too-large',
              `git ${run.args[0]} printed more than ${run.maxBytes ?? DEFAULT_MAX} bytes`,
            ),
          );
          return;
        }
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (run.input !== undefined) child.stdin?.end(run.input);
  });
}

/** The first line git wrote to stderr, for a one-line message. */
export function firstLine(text: string): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  return (line ?? '').replace(/^(fatal|error): /, '');
}

/** Runs git and returns stdout; a failure becomes one line naming what was attempted. */
export async function gitOut(run: GitRun & { what: string }): Promise<string> {
  const r = await git(run);
  if (r.code !== 0)
    throw new WorktreeError('git-failed', `${run.what}: ${firstLine(r.stderr) || `git exited ${r.code}`}`);
  return r.stdout;
}
