// One hook worker process seen from the parent: spawn with the flags isolated-vm needs, match
// replies to requests, enforce the parent-side deadline, and report how the process ended.
// Restart policy lives in the supervisor (hookSandbox.ts), not here.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { childLedger } from '../childLedger';
import type { ParentMessage, WorkerMessage, WorkerReply } from './protocol';

export interface WorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The most telling stderr line (V8's fatal OOM line, a crash message), or null. */
  reason: string | null;
}

/** The request could not be answered: the worker died, or it missed the parent's deadline. */
export class WorkerGoneError extends Error {
  constructor(
    message: string,
    readonly kind: 'worker-crashed' | 'worker-unresponsive' | 'memory',
  ) {
    super(message);
    this.name = 'WorkerGoneError';
  }
}

export interface WorkerProcessOptions {
  onLog: (level: 'info' | 'warn' | 'error', message: string) => void;
  onExit: (exit: WorkerExit) => void;
}

const READY_TIMEOUT_MS = 15_000;
const STDERR_TAIL_CHARS = 8_192;

/**
 * isolated-vm on Node 20 requires --no-node-snapshot in the process that loads it. The worker's
 * sources are TypeScript, so tsx's loader is registered with --import, resolved from this package
 * so it works whatever the parent's cwd is (the server, vitest, a bench script).
 */
export function workerLaunch(): { entry: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const entry = here.replace(/workerProcess\.(ts|js)$/, 'hookWorker.$1');
  // The ESM-only loader: the worker's sources are ESM, and it starts faster than the full one.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
  return { entry, execArgv: ['--no-node-snapshot', '--import', tsx] };
}

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: WorkerGoneError) => void;
  timer: NodeJS.Timeout;
}

export class WorkerProcess {
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly exited: Promise<WorkerExit>;
  private stderrTail = '';
  private alive = true;
  private killedForDeadline: string | null = null;

  constructor(private readonly options: WorkerProcessOptions) {
    const launch = workerLaunch();
    this.child = fork(launch.entry, [], {
      execPath: process.execPath,
      execArgv: launch.execArgv,
      cwd: dirname(launch.entry),
      serialization: 'json',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // The worker runs no user process and needs none of the server's environment (tokens,
      // ROZI_* sockets); tsx only wants a temp dir for its cache.
      // (The cast: apps/web type-checks this file through the router's types, and Next's globals
      // make NODE_ENV a required key of ProcessEnv there; the worker deliberately gets none.)
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        TMPDIR: process.env.TMPDIR ?? '/tmp',
      } as unknown as NodeJS.ProcessEnv,
    });
    childLedger.track(this.child, { what: 'hook worker', scope: 'process' });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    this.exited = new Promise((resolve) => {
      const finish = (exit: WorkerExit): void => {
        if (!this.alive) return;
        this.alive = false;
        this.failAll(exit);
        this.options.onExit(exit);
        resolve(exit);
      };
      this.child.once('exit', (code, signal) => finish({ code, signal, reason: this.exitReason() }));
      this.child.once('error', (error) => {
        // Spawn failure (no exit event follows when the process never started).
        if (this.child.pid === undefined) finish({ code: null, signal: null, reason: error.message });
      });
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new WorkerGoneError(
            `the hook worker did not start within ${READY_TIMEOUT_MS} ms`,
            'worker-unresponsive',
          ),
        );
        this.child.kill('SIGKILL');
      }, READY_TIMEOUT_MS);
      this.child.on('message', (message: WorkerMessage) => {
        if (message.op === 'ready') {
          clearTimeout(timer);
          resolve();
        } else if (message.op === 'log') this.options.onLog(message.level, message.message);
        else this.settle(message);
      });
      void this.exited.then((exit) => {
        clearTimeout(timer);
        reject(
          new WorkerGoneError(
            `the hook worker exited before it was ready (${describeExit(exit)})`,
            'worker-crashed',
          ),
        );
      });
    });
    // Callers that never await `ready` must not see an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  get pid(): number | null {
    return this.child.pid ?? null;
  }

  private retiring = false;

  get isAlive(): boolean {
    return this.alive;
  }

  /**
   * Sends one request. If no reply arrives within `deadlineMs` the worker is treated as hung:
   * it is killed, and this and every other pending request fail.
   */
  request(message: ParentMessage, deadlineMs: number): Promise<WorkerReply> {
    if (!this.alive)
      return Promise.reject(new WorkerGoneError('the hook worker is not running', 'worker-crashed'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.killedForDeadline = `the hook worker did not answer within ${deadlineMs} ms; killed it`;
        this.child.kill('SIGKILL');
      }, deadlineMs);
      this.pending.set(message.id, { resolve, reject, timer });
      this.child.send(message, (error) => {
        if (error) this.child.kill('SIGKILL');
      });
    });
  }

  /** Kills the process and resolves once it is gone, so callers can assert no leftovers. */
  async kill(): Promise<WorkerExit> {
    if (this.alive) this.child.kill('SIGKILL');
    return this.exited;
  }

  /** The worker said it exits after its last answer; it takes no more requests. */
  get isRetiring(): boolean {
    return this.retiring;
  }

  private settle(reply: WorkerReply): void {
    if ('retiring' in reply && reply.retiring === true) this.retiring = true;
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    pending.resolve(reply);
  }

  private failAll(exit: WorkerExit): void {
    const error = this.outOfMemory()
      ? new WorkerGoneError(
          'a hook exhausted V8 memory beyond its isolate limit (one huge allocation); the hook worker was killed and restarts',
          'memory',
        )
      : this.killedForDeadline !== null
        ? new WorkerGoneError(this.killedForDeadline, 'worker-unresponsive')
        : new WorkerGoneError(`the hook worker died (${describeExit(exit)})`, 'worker-crashed');
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }

  /**
   * V8 aborts the whole process when one allocation cannot fit even after last-resort GCs
   * (`new Array(1e9).fill(0)` does that despite the isolate limit); it prints its GC trace first.
   */
  private outOfMemory(): boolean {
    return /is_heap_oom|out of memory|last resort|CALL_AND_RETRY_LAST|Reached heap limit/i.test(
      this.stderrTail,
    );
  }

  private exitReason(): string | null {
    if (this.outOfMemory()) return 'V8 heap out of memory';
    const lines = this.stderrTail
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
    const telling = lines.find((line) => /fatal|out of memory|catastrophic|internal error/i.test(line));
    return (telling ?? lines.at(-1) ?? null)?.slice(0, 300) ?? null;
  }
}

export function describeExit(exit: WorkerExit): string {
  const how = exit.signal !== null ? `signal ${exit.signal}` : `exit code ${String(exit.code)}`;
  return exit.reason === null ? how : `${how}: ${exit.reason}`;
}
