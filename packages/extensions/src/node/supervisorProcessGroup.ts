// Every extension process starts as the leader of its own process group (detached: setsid), so
// stopping it reaches what it started too: SIGTERM to the group, then SIGKILL after a grace
// period. A process that leaves the group (setsid) is out of reach, as the spec says. Each group
// is in the child ledger (childLedger.ts), so it also ends with the server, and with the next
// server when this one was killed; util-linux's setpriv gives the leader SIGTERM the moment the
// server dies (PR_SET_PDEATHSIG), so a killed server leaves no service running until then.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { childLedger } from './childLedger';

export interface GroupSpawnOptions {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** `pipe` keeps stdin open (services, actions); `ignore` gives /dev/null (commands). */
  stdin: 'pipe' | 'ignore';
  /** What the ledger calls it (default: the program). */
  what?: string;
}

const SETPRIV = '/usr/bin/setpriv';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The program as exec would find it on PATH, or null (then spawn reports ENOENT as it should). */
function onPath(program: string, env: NodeJS.ProcessEnv): string | null {
  if (program.includes('/')) return executable(program) ? program : null;
  for (const dir of (env.PATH ?? '').split(delimiter))
    if (dir && isAbsolute(dir) && executable(join(dir, program))) return join(dir, program);
  return null;
}

/** argv run under setpriv --pdeathsig TERM when both exist; else argv as it is. */
function withParentDeathSignal(argv: string[], env: NodeJS.ProcessEnv): string[] {
  const program = argv[0];
  if (program === undefined || !executable(SETPRIV)) return argv;
  const found = onPath(program, env);
  return found ? [SETPRIV, '--pdeathsig', 'TERM', '--', found, ...argv.slice(1)] : argv;
}

export function spawnGroup(opts: GroupSpawnOptions): ChildProcess {
  if (opts.argv[0] === undefined) throw new Error('empty argv');
  const [program, ...args] = withParentDeathSignal(opts.argv, opts.env) as [string, ...string[]];
  const stdio: StdioOptions = [opts.stdin, 'pipe', 'pipe'];
  const child = spawn(program, args, { cwd: opts.cwd, env: opts.env, stdio, detached: true, shell: false });
  childLedger.track(child, { what: opts.what ?? opts.argv[0], scope: 'group' });
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
