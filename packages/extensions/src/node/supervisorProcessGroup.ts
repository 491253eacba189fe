// Every extension process starts as the leader of its own process group (detached: setsid), so
// stopping it reaches what it started too: SIGTERM to the group, then SIGKILL after a grace
// period. A process that leaves the group (setsid) is out of reach, as the spec says.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';

export interface GroupSpawnOptions {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** `pipe` keeps stdin open (services, actions); `ignore` gives /dev/null (commands). */
  stdin: 'pipe' | 'ignore';
}

export function spawnGroup(opts: GroupSpawnOptions): ChildProcess {
  const [program, ...args] = opts.argv;
  if (program === undefined) throw new Error('empty argv');
  const stdio: StdioOptions = [opts.stdin, 'pipe', 'pipe'];
  const child = spawn(program, args, { cwd: opts.cwd, env: opts.env, stdio, detached: true, shell: false });
  // A child that exits or closes stdin makes our writes fail with EPIPE; that is its business.
  child.stdin?.on('error', () => {});
  return child;
}

/** Signals the whole group led by pid. False when nothing of it is left. */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals | 0): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function groupAlive(pid: number | undefined): boolean {
  return signalGroup(pid, 0);
}

export interface TerminateOptions {
  graceMs: number;
}

/**
 * SIGTERM to the group, SIGKILL to the group when the leader has not exited within the grace
 * period; members left behind by a leader that did exit are killed too. Resolves once the leader
 * has exited.
 */
export function terminateGroup(
  child: ChildProcess,
  opts: TerminateOptions,
): Promise<'terminated' | 'killed'> {
  const pid = child.pid;
  const exited = child.exitCode !== null || child.signalCode !== null;
  if (pid === undefined || exited) {
    signalGroup(pid, 'SIGKILL');
    return Promise.resolve('terminated');
  }
  return new Promise((resolve) => {
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      signalGroup(pid, 'SIGKILL');
    }, opts.graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      signalGroup(pid, 'SIGKILL');
      resolve(killed ? 'killed' : 'terminated');
    });
    signalGroup(pid, 'SIGTERM');
  });
}
