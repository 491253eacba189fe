// The server's handle on sandboxed hooks: which extensions have which hooks, which hooks an
// event reaches, the check of every answer against the effect schema and the hook's permissions,
// and each hook's health. The worker process itself (lazy start, one job at a time, restart with
// backoff, disposal) is the WorkerSupervisor's (workerSupervisor.ts). Nothing here blocks: the
// server's event loop only ever waits on IPC, and every wait has a deadline.
import { performance } from 'node:perf_hooks';
import type {
  ExtensionHooks,
  HookDefinition,
  HookDisabledNotice,
  HookHealthEntry,
  HookLoadReport,
  HookLogEntry,
  HookOutcome,
} from './definitions';
import { validateEffects } from './effects';
import { matchesFilter, type HookEvent } from './events';
import { DEFAULT_HEALTH_POLICY, HookHealth, type HealthPolicy, type HookFailureKind } from './health';
import { DEFAULT_HOOK_MEMORY_MB, DEFAULT_HOOK_TIMEOUT_MS } from '../../manifest/model';
import { HOOK_LOAD_TIMEOUT_MS, MAX_HOOK_RESULT_BYTES, WORKER_DEADLINE_GRACE_MS } from './limits';
import type { WorkerReply } from './protocol';
import { WorkerGoneError } from './workerProcess';
import {
  SandboxUnavailable,
  WorkerSupervisor,
  type ActiveWorker,
  type RequestMessage,
} from './workerSupervisor';

export interface HookSandboxOptions {
  /** One line per notable thing (a failing hook, a worker restart). Default: stderr. */
  log?: (entry: HookLogEntry) => void;
  /** Called once when a hook is disabled for failing repeatedly; the server notifies the user. */
  onHookDisabled?: (notice: HookDisabledNotice) => void;
  healthPolicy?: HealthPolicy;
  /** Parent-side margin beyond a call's own timeout before the worker counts as hung. */
  deadlineGraceMs?: number;
}

interface HookState {
  definition: HookDefinition;
  health: HookHealth;
  loadError: string | null;
}

interface ExtensionState {
  spec: ExtensionHooks;
  hooks: Map<string, HookState>;
}

export class HookSandbox {
  private readonly extensions = new Map<string, ExtensionState>();
  private readonly workers: WorkerSupervisor;
  private disposed = false;
  private readonly log: (entry: HookLogEntry) => void;
  private readonly grace: number;

  constructor(private readonly options: HookSandboxOptions = {}) {
    this.log = options.log ?? ((entry) => process.stderr.write(`[hooks] ${entry.message}\n`));
    this.grace = options.deadlineGraceMs ?? WORKER_DEADLINE_GRACE_MS;
    this.workers = new WorkerSupervisor({ log: this.log, onReplacement: () => this.reloadAll() });
  }

  /** The worker's pid, or null while none runs (before the first use, or between restarts). */
  get workerPid(): number | null {
    return this.workers.pid;
  }

  /** How many times a dead or hung worker was replaced. */
  get restarts(): number {
    return this.workers.restarts;
  }

  /**
   * Loads (or reloads) an extension's hooks into a fresh isolate. Resolves with one line per
   * module that failed to compile; the other hooks of the extension still run. A reload resets
   * the hooks' health.
   */
  async load(spec: ExtensionHooks): Promise<HookLoadReport> {
    this.assertUsable();
    const hooks = new Map<string, HookState>();
    for (const definition of spec.hooks) {
      hooks.set(definition.hookId, {
        definition,
        health: new HookHealth(this.options.healthPolicy ?? DEFAULT_HEALTH_POLICY),
        loadError: null,
      });
    }
    this.extensions.set(spec.extensionId, { spec, hooks });
    return new Promise((resolve) => {
      this.workers.schedule({
        run: async (worker) => {
          resolve({ extensionId: spec.extensionId, errors: await this.loadInto(worker, spec.extensionId) });
        },
        fail: (error) => resolve({ extensionId: spec.extensionId, errors: loadFailure(spec, error.message) }),
      });
    });
  }

  async unload(extensionId: string): Promise<void> {
    if (!this.extensions.delete(extensionId) || this.disposed) return;
    await new Promise<void>((resolve) => {
      this.workers.schedule({
        run: async (worker) => {
          if (worker.loaded.delete(extensionId))
            await this.workers.request(worker, { op: 'unload', extensionId }, this.grace);
          resolve();
        },
        fail: () => resolve(),
      });
    });
  }

  /** Runs every enabled, loaded hook whose event and filter match. Never rejects. */
  async dispatch(event: HookEvent): Promise<HookOutcome[]> {
    const targets: { extensionId: string; hookId: string }[] = [];
    for (const [extensionId, extension] of this.extensions) {
      for (const [hookId, hook] of extension.hooks) {
        if (hook.definition.event !== event.event || hook.health.disabled || hook.loadError !== null)
          continue;
        if (matchesFilter(hook.definition.filter, event)) targets.push({ extensionId, hookId });
      }
    }
    if (targets.length === 0) return [];
    const eventJson = JSON.stringify(event);
    return Promise.all(targets.map((target) => this.invoke({ ...target, event, eventJson })));
  }

  /** Runs one hook with an event, whatever its event name and filter say. Never rejects. */
  async call(options: { extensionId: string; hookId: string; event: HookEvent }): Promise<HookOutcome> {
    return this.invoke({ ...options, eventJson: JSON.stringify(options.event) });
  }

  /** Re-enables a hook disabled for failing (the user asked to). */
  enable(options: { extensionId: string; hookId: string }): boolean {
    const hook = this.extensions.get(options.extensionId)?.hooks.get(options.hookId);
    hook?.health.enable();
    return hook !== undefined;
  }

  health(): HookHealthEntry[] {
    return [...this.extensions].flatMap(([extensionId, extension]) =>
      [...extension.hooks].map(([hookId, hook]) => ({
        extensionId,
        hookId,
        event: hook.definition.event,
        loadError: hook.loadError,
        ...hook.health.snapshot(),
      })),
    );
  }

  /** Memory of the worker process and of each isolate, for `extensions status` and the tests. */
  async workerStats(): Promise<{
    pid: number | null;
    rssBytes: number;
    isolates: { extensionId: string; usedHeapBytes: number }[];
  }> {
    return new Promise((resolve, reject) => {
      this.workers.schedule({
        run: async (worker) => {
          const reply = await this.workers.request(worker, { op: 'stats' }, this.grace);
          if (reply.op !== 'stats') throw new Error(`unexpected reply ${reply.op}`);
          resolve({ pid: worker.process.pid, rssBytes: reply.rssBytes, isolates: reply.isolates });
        },
        fail: reject,
      });
    });
  }

  /** Kills the worker and fails whatever still waits. Resolves once the process is gone. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await this.workers.dispose();
  }

  private async invoke(options: {
    extensionId: string;
    hookId: string;
    event: HookEvent;
    eventJson: string;
  }): Promise<HookOutcome> {
    const { extensionId, hookId, event } = options;
    const startedAt = performance.now();
    const outcome = (fields: Partial<HookOutcome>): HookOutcome => ({
      extensionId,
      hookId,
      ok: false,
      effects: [],
      rejected: [],
      error: null,
      durationMs: 0,
      roundTripMs: performance.now() - startedAt,
      ...fields,
    });
    const extension = this.extensions.get(extensionId);
    const hook = extension?.hooks.get(hookId);
    if (extension === undefined || hook === undefined || this.disposed) {
      const message = this.disposed
        ? 'the hook sandbox was disposed'
        : `no hook ${extensionId}/${hookId} is loaded`;
      return outcome({ error: { kind: this.disposed ? 'cancelled' : 'not-loaded', message } });
    }
    const timeoutMs = hook.definition.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
    let reply: WorkerReply;
    try {
      reply = await new Promise<WorkerReply>((resolve, reject) => {
        this.workers.schedule({
          run: async (worker) => {
            if (!worker.loaded.has(extensionId)) await this.loadInto(worker, extensionId);
            const message: RequestMessage = {
              op: 'call',
              extensionId,
              hookId,
              event: options.eventJson,
              timeoutMs,
            };
            // start() and finish() each get the timeout inside the worker; add the margin.
            resolve(await this.workers.request(worker, message, 2 * timeoutMs + this.grace));
          },
          fail: reject,
        });
      });
    } catch (error) {
      const known = error instanceof WorkerGoneError || error instanceof SandboxUnavailable;
      const kind: HookFailureKind = known ? error.kind : 'worker-crashed';
      const message = error instanceof Error ? error.message : String(error);
      this.recordFailure({ extensionId, hookId, hook, kind, message, durationMs: undefined });
      return outcome({ error: { kind, message } });
    }
    if (reply.op !== 'result') throw new Error(`unexpected reply ${reply.op} to a call`);
    if (!reply.ok) {
      this.recordFailure({
        extensionId,
        hookId,
        hook,
        kind: reply.kind,
        message: reply.message,
        durationMs: reply.durationMs,
      });
      return outcome({ error: { kind: reply.kind, message: reply.message }, durationMs: reply.durationMs });
    }
    const parsed = parseAnswer(reply.json);
    if (!parsed.ok) {
      this.recordFailure({
        extensionId,
        hookId,
        hook,
        kind: parsed.kind,
        message: parsed.message,
        durationMs: reply.durationMs,
      });
      return outcome({ error: { kind: parsed.kind, message: parsed.message }, durationMs: reply.durationMs });
    }
    const check = validateEffects(parsed.value, {
      permissions: hook.definition.permissions,
      actions: extension.spec.actions,
      tabs: extension.spec.tabs,
      event,
    });
    for (const line of check.rejected) {
      this.log({ level: 'warn', message: `hook ${extensionId}/${hookId}: ${line}`, extensionId, hookId });
    }
    hook.health.recordSuccess({ durationMs: reply.durationMs, rejectedEffects: check.rejected.length });
    return outcome({
      ok: true,
      effects: check.accepted,
      rejected: check.rejected,
      durationMs: reply.durationMs,
    });
  }

  private recordFailure(options: {
    extensionId: string;
    hookId: string;
    hook: HookState;
    kind: HookFailureKind;
    message: string;
    durationMs: number | undefined;
  }): void {
    const { extensionId, hookId, hook, kind, message } = options;
    if (kind === 'cancelled') return;
    this.log({
      level: 'warn',
      message: `hook ${extensionId}/${hookId} failed (${kind}): ${message}`,
      extensionId,
      hookId,
    });
    const disabled = hook.health.recordFailure({
      kind,
      message,
      now: Date.now(),
      ...(options.durationMs === undefined ? {} : { durationMs: options.durationMs }),
    });
    if (disabled === null) return;
    this.log({ level: 'error', message: `hook ${extensionId}/${hookId} ${disabled}`, extensionId, hookId });
    this.options.onHookDisabled?.({ extensionId, hookId, reason: disabled });
  }

  /** Loads an extension into the current worker process and records per-hook load errors. */
  private async loadInto(worker: ActiveWorker, extensionId: string): Promise<HookLoadReport['errors']> {
    const extension = this.extensions.get(extensionId);
    if (extension === undefined) return [];
    const modules = extension.spec.hooks.map((hook) => ({
      hookId: hook.hookId,
      filename: hook.filename,
      source: hook.source,
    }));
    const deadline = HOOK_LOAD_TIMEOUT_MS * Math.max(1, modules.length) + this.grace;
    const reply = await this.workers.request(
      worker,
      { op: 'load', extensionId, memoryMb: extension.spec.memoryMb ?? DEFAULT_HOOK_MEMORY_MB, modules },
      deadline,
    );
    if (reply.op !== 'loaded') throw new Error(`unexpected reply ${reply.op} to a load`);
    worker.loaded.add(extensionId);
    for (const hook of extension.hooks.values()) hook.loadError = null;
    for (const error of reply.errors) {
      const hook = extension.hooks.get(error.hookId);
      if (hook !== undefined) hook.loadError = error.message;
      this.log({
        level: 'warn',
        message: `hook ${extensionId}/${error.hookId} not loaded: ${error.message}`,
        extensionId,
        hookId: error.hookId,
      });
    }
    return reply.errors;
  }

  /** A replacement worker has no isolates: load every extension again, ahead of queued calls. */
  private reloadAll(): void {
    for (const extensionId of [...this.extensions.keys()].reverse()) {
      this.workers.schedule({
        front: true,
        run: async (worker) => {
          if (!worker.loaded.has(extensionId)) await this.loadInto(worker, extensionId);
        },
        fail: () => undefined,
      });
    }
  }

  private assertUsable(): void {
    if (this.disposed) throw new Error('the hook sandbox was disposed');
  }
}

function parseAnswer(
  json: string,
): { ok: true; value: unknown } | { ok: false; kind: HookFailureKind; message: string } {
  // The isolate already capped the size in characters; bytes are what the server will hold.
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_HOOK_RESULT_BYTES) {
    return {
      ok: false,
      kind: 'too-large',
      message: `the return value is ${bytes} bytes of JSON; the limit is ${MAX_HOOK_RESULT_BYTES}`,
    };
  }
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch (error) {
    return { ok: false, kind: 'invalid-return', message: `the return value is not JSON: ${String(error)}` };
  }
}

function loadFailure(spec: ExtensionHooks, message: string): HookLoadReport['errors'] {
  return spec.hooks.map((hook) => ({ hookId: hook.hookId, message }));
}
