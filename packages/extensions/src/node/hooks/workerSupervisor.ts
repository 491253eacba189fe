// Keeps one hook worker process available: starts it on first use, runs queued jobs one at a
// time (so a death is blamed on exactly the job that was running), replaces a dead or hung
// process with backoff, and bounds how many jobs wait and for how long. It knows nothing about
// hooks; HookSandbox (hookSandbox.ts) builds jobs and decides what a replacement must reload.
import type { HookLogEntry } from './definitions';
import {
  MAX_QUEUE_WAIT_MS,
  MAX_QUEUED_CALLS,
  RESTART_BACKOFF_MAX_MS,
  RESTART_BACKOFF_RESET_MS,
  RESTART_BACKOFF_START_MS,
} from './limits';
import type { ParentMessage, WorkerReply } from './protocol';
import { describeExit, WorkerGoneError, WorkerProcess, type WorkerExit } from './workerProcess';

export interface ActiveWorker {
  process: WorkerProcess;
  /** Extensions whose isolates this process has; a fresh process has none. */
  loaded: Set<string>;
  startedAt: number;
}

/** A job that never reached the worker: the queue was full or waited too long, or disposal. */
export class SandboxUnavailable extends Error {
  constructor(
    message: string,
    readonly kind: 'overloaded' | 'cancelled',
  ) {
    super(message);
    this.name = 'SandboxUnavailable';
  }
}

export interface WorkerJob {
  /** Jump the queue (reloads after a restart go before the calls that waited for it). */
  front?: boolean;
  run: (worker: ActiveWorker) => Promise<void>;
  fail: (error: WorkerGoneError | SandboxUnavailable) => void;
}

export interface WorkerSupervisorOptions {
  log: (entry: HookLogEntry) => void;
  /** A replacement worker is due (after the backoff): schedule what it must load, `front: true`. */
  onReplacement: () => void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type RequestMessage = DistributiveOmit<ParentMessage, 'id'>;

interface Queued extends WorkerJob {
  queueTimer: NodeJS.Timeout;
}

export class WorkerSupervisor {
  private readonly queue: Queued[] = [];
  private worker: ActiveWorker | null = null;
  private starting: Promise<void> | null = null;
  private inFlight = false;
  private nextRequestId = 1;
  private backoffMs = RESTART_BACKOFF_START_MS;
  private restartTimer: NodeJS.Timeout | null = null;
  private disposed = false;
  private restartCount = 0;

  constructor(private readonly options: WorkerSupervisorOptions) {}

  get pid(): number | null {
    return this.worker?.process.isAlive ? this.worker.process.pid : null;
  }

  get restarts(): number {
    return this.restartCount;
  }

  schedule(job: WorkerJob): void {
    if (this.disposed) {
      job.fail(new SandboxUnavailable('the hook sandbox was disposed', 'cancelled'));
      return;
    }
    if (this.queue.length >= MAX_QUEUED_CALLS) {
      job.fail(
        new SandboxUnavailable(
          `${MAX_QUEUED_CALLS} hook calls are already waiting; call dropped`,
          'overloaded',
        ),
      );
      return;
    }
    const queued: Queued = {
      ...job,
      queueTimer: setTimeout(() => {
        const index = this.queue.indexOf(queued);
        if (index < 0) return;
        this.queue.splice(index, 1);
        job.fail(
          new SandboxUnavailable(
            `the hook worker was unavailable for ${MAX_QUEUE_WAIT_MS} ms; call dropped`,
            'overloaded',
          ),
        );
      }, MAX_QUEUE_WAIT_MS),
    };
    if (job.front === true) this.queue.unshift(queued);
    else this.queue.push(queued);
    this.pump();
  }

  /** One request to the worker a job was given; ids are unique across restarts. */
  request(worker: ActiveWorker, message: RequestMessage, deadlineMs: number): Promise<WorkerReply> {
    const id = this.nextRequestId++;
    return worker.process.request({ ...message, id } as ParentMessage, deadlineMs);
  }

  /** Kills the worker and fails whatever still waits. Resolves once the process is gone. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    if (this.restartTimer !== null) clearTimeout(this.restartTimer);
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.queueTimer);
      job.fail(new SandboxUnavailable('the hook sandbox was disposed', 'cancelled'));
    }
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) await worker.process.kill();
    await this.starting?.catch(() => undefined);
  }

  private pump(): void {
    if (this.disposed || this.inFlight || this.queue.length === 0) return;
    const worker = this.worker;
    // A retiring worker is about to exit; its exit schedules the replacement, which pumps.
    if (worker !== null && worker.process.isAlive && worker.process.isRetiring) return;
    if (worker === null || !worker.process.isAlive) {
      this.start();
      return;
    }
    const job = this.queue.shift() as Queued;
    clearTimeout(job.queueTimer);
    this.inFlight = true;
    job
      .run(worker)
      .catch((error: unknown) =>
        job.fail(
          error instanceof WorkerGoneError ? error : new WorkerGoneError(String(error), 'worker-crashed'),
        ),
      )
      .finally(() => {
        this.inFlight = false;
        this.pump();
      });
  }

  private start(): void {
    if (this.starting !== null || this.restartTimer !== null || this.disposed) return;
    const { log } = this.options;
    const child = new WorkerProcess({
      onLog: (level, message) => log({ level, message: `hook worker: ${message}` }),
      onExit: (exit) => this.onExit(child, exit),
    });
    this.starting = child.ready.then(
      async () => {
        this.starting = null;
        // Disposed while it was starting: this process has no owner any more.
        if (this.disposed) {
          await child.kill();
          return;
        }
        this.worker = { process: child, loaded: new Set(), startedAt: Date.now() };
        log({ level: 'info', message: `hook worker started (pid ${String(child.pid)})` });
        this.pump();
      },
      (error: unknown) => {
        this.starting = null;
        log({
          level: 'error',
          message: `hook worker failed to start: ${error instanceof Error ? error.message : String(error)}`,
        });
      },
    );
  }

  private onExit(child: WorkerProcess, exit: WorkerExit): void {
    if (this.disposed) return;
    const current = this.worker?.process === child ? this.worker : null;
    if (current !== null) this.worker = null;
    if (current !== null && Date.now() - current.startedAt >= RESTART_BACKOFF_RESET_MS)
      this.backoffMs = RESTART_BACKOFF_START_MS;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(RESTART_BACKOFF_MAX_MS, this.backoffMs * 2);
    this.options.log({
      level: 'error',
      message: `hook worker (pid ${String(child.pid)}) died (${describeExit(exit)}); restarting in ${delay} ms`,
    });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.disposed) return;
      this.restartCount += 1;
      this.options.onReplacement();
      this.pump();
    }, delay);
  }
}
