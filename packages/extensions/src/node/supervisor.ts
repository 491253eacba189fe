// One supervised service (spec: Services): started as its own process group with stdin open,
// output to its `service.<name>` log, restarted by its policy with backoff and given up on by
// the rule in supervisorBackoff.ts, stopped with SIGTERM then SIGKILL to the group. The host
// owns one ServiceSupervisor per running service and disposes it on reload, disable or removal.
import type { ChildProcess } from 'node:child_process';
import type { UnitLog } from './logs';
import {
  DEFAULT_RESTART_TIMINGS,
  RestartTracker,
  type RestartPolicy,
  type RestartTimings,
} from './supervisorBackoff';
import { spawnGroup, terminateGroup } from './supervisorProcessGroup';

export const DEFAULT_STOP_GRACE_MS = 3_000;

export interface ServiceLaunch {
  /** `service.<name>`. */
  unit: string;
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  restart: RestartPolicy;
}

export type ServiceState = 'starting' | 'running' | 'backoff' | 'stopping' | 'stopped' | 'exited' | 'failed';
export type StopReason = 'reload' | 'disable' | 'remove' | 'shutdown' | 'restart' | 'undeploy';

export interface ServiceStatus {
  unit: string;
  state: ServiceState;
  pid: number | undefined;
  starts: number;
  lastExit: { code: number | null; signal: string | null } | undefined;
  /** Why the service is not running (give-up rule, spawn error, stop reason). */
  reason: string | undefined;
  /** Delay before the next start while in backoff. */
  nextStartInMs: number | undefined;
  /** Epoch ms the running process started (the manager page shows uptime). */
  startedAt?: number;
}

export interface SupervisorOptions {
  launch: ServiceLaunch;
  log: UnitLog;
  timings?: Partial<RestartTimings>;
  stopGraceMs?: number;
  now?: () => number;
  onStatus?: (status: ServiceStatus) => void;
}

export class ServiceSupervisor {
  private launch: ServiceLaunch;
  private readonly log: UnitLog;
  private readonly tracker: RestartTracker;
  private readonly graceMs: number;
  private readonly now: () => number;
  private child: ChildProcess | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopping: Promise<void> | undefined;
  private st: ServiceStatus;

  constructor(private readonly opts: SupervisorOptions) {
    this.launch = opts.launch;
    this.log = opts.log;
    this.tracker = new RestartTracker({ ...DEFAULT_RESTART_TIMINGS, ...opts.timings });
    this.graceMs = opts.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
    this.now = opts.now ?? Date.now;
    this.st = {
      unit: opts.launch.unit,
      state: 'stopped',
      pid: undefined,
      starts: 0,
      lastExit: undefined,
      reason: undefined,
      nextStartInMs: undefined,
    };
  }

  status(): ServiceStatus {
    return { ...this.st };
  }

  /** Starts (or, from failed/exited/stopped, starts again with a fresh backoff history). */
  start(): void {
    if (this.child || this.timer || this.st.state === 'stopping') return;
    this.tracker.reset();
    this.spawnOnce();
  }

  /** Stops and starts with a new launch (a process-facing change or a file change). */
  async restart(launch?: ServiceLaunch): Promise<void> {
    await this.stop('restart');
    if (launch) this.launch = launch;
    this.start();
  }

  async stop(reason: StopReason): Promise<void> {
    if (this.stopping) return this.stopping;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const child = this.child;
    if (!child) {
      if (this.st.state === 'backoff' || this.st.state === 'starting')
        this.update({ state: 'stopped', reason: `stopped (${reason})`, nextStartInMs: undefined });
      return;
    }
    this.update({ state: 'stopping' });
    this.stopping = (async () => {
      const how = await terminateGroup(child, { graceMs: this.graceMs });
      this.log.event(
        `stopped (${reason})${how === 'killed' ? `: no exit ${this.graceMs} ms after SIGTERM, killed` : ''}`,
      );
      this.child = undefined;
      this.update({
        state: 'stopped',
        pid: undefined,
        reason: `stopped (${reason})`,
        nextStartInMs: undefined,
      });
    })();
    try {
      await this.stopping;
    } finally {
      this.stopping = undefined;
    }
  }

  private spawnOnce(): void {
    this.timer = undefined;
    const l = this.launch;
    this.tracker.recordStart(this.now());
    this.update({
      state: 'starting',
      starts: this.st.starts + 1,
      nextStartInMs: undefined,
      reason: undefined,
    });
    let child: ChildProcess;
    try {
      child = spawnGroup({ argv: l.argv, cwd: l.cwd, env: l.env, stdin: 'pipe' });
    } catch (err) {
      this.onEnded({ code: null, signal: null, error: err instanceof Error ? err.message : String(err) });
      return;
    }
    this.child = child;
    let spawnError: string | undefined;
    child.stdout?.on('data', (c: Buffer) => this.log.write(c));
    child.stderr?.on('data', (c: Buffer) => this.log.write(c));
    child.once('spawn', () => {
      this.log.event(`start pid=${child.pid} argv=${JSON.stringify(l.argv)}`);
      this.update({ state: 'running', pid: child.pid, startedAt: Date.now() });
    });
    child.once('error', (err) => {
      // Spawn failures (ENOENT, EACCES) emit 'error' and then 'close' without 'exit'.
      spawnError = err.message;
      if (child.pid === undefined) {
        this.child = undefined;
        this.onEnded({ code: null, signal: null, error: spawnError });
      }
    });
    child.once('exit', (code, signal) => {
      if (this.st.state === 'stopping') return; // stop() logs and settles it
      // Members the leader left behind in its group go with it: a crash loop must not pile up orphans.
      terminateGroup(child, { graceMs: 0 }).catch(() => {});
      this.child = undefined;
      this.onEnded({ code, signal, error: spawnError });
    });
  }

  private onEnded(exit: { code: number | null; signal: string | null; error: string | undefined }): void {
    const failed = exit.error !== undefined || exit.code !== 0;
    this.log.event(
      exit.error
        ? `failed to start: ${exit.error}`
        : `end ${exit.signal ? `signal=${exit.signal}` : `exit=${exit.code}`}`,
    );
    const lastExit = { code: exit.code, signal: exit.signal };
    const decision = this.tracker.onExit({ now: this.now(), failed, policy: this.launch.restart });
    if (decision.kind === 'restart') {
      this.update({
        state: 'backoff',
        pid: undefined,
        lastExit,
        nextStartInMs: decision.delayMs,
        reason: exit.error,
      });
      this.timer = setTimeout(() => this.spawnOnce(), decision.delayMs);
    } else if (decision.kind === 'give-up') {
      this.log.event(`failed: ${decision.reason}; not restarting until the extension reloads`);
      this.update({ state: 'failed', pid: undefined, lastExit, reason: decision.reason });
    } else {
      this.update({ state: 'exited', pid: undefined, lastExit, reason: exit.error ?? decision.reason });
    }
  }

  private update(patch: Partial<ServiceStatus>): void {
    this.st = { ...this.st, ...patch };
    this.opts.onStatus?.(this.status());
  }
}
