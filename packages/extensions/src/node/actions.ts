// The action invoker (spec: Actions). One process per call: arguments on stdin, one JSON value on
// stdout, exit 0. Both payloads are size-capped and schema-checked; the deadline runs from the
// request until the result is checked; a session runs at most 8 calls at once and calls nest at
// most 8 deep, a nested call never outliving its caller's deadline; a singleton refuses a second
// call instead of queueing. However a call ends, its process group is killed.
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import type { UnitLog } from './logs';
import { ActionSchemas, MAX_ACTION_PAYLOAD_BYTES } from './actionsSchema';
import { signalGroup, spawnGroup } from './supervisorProcessGroup';

export const MAX_CALLS_PER_SESSION = 8;
export const MAX_CALL_DEPTH = 8;
/** After the process exits, how long stdout may stay open (held by something it left behind). */
export const STDOUT_CLOSE_GRACE_MS = 1_000;

export type ActionErrorCode =
  | 'invalid-args'
  | 'payload-too-large'
  | 'too-many-calls'
  | 'already-running'
  | 'nesting-too-deep'
  | 'caller-ended'
  | 'deadline'
  | 'cancelled'
  | 'spawn-failed'
  | 'action-failed'
  | 'bad-output'
  | 'invalid-result'
  | 'stdout-open';

export class ActionError extends Error {
  constructor(
    readonly code: ActionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

export interface ActionDefinition {
  extension: string;
  /** Local id; the public id is `<extension>.<id>`. */
  id: string;
  /** Resolved argv (./ paths made absolute against the extension directory). */
  argv: string[];
  cwd: string;
  argsSchema: unknown;
  resultSchema: unknown;
  deadlineMs: number;
  concurrency: 'parallel' | 'singleton';
}

export interface InvokeRequest {
  session: string;
  action: ActionDefinition;
  /** The raw JSON text of the arguments (its size is what the 512 KiB limit measures). */
  argsJson: string;
  /** ROZI_INVOCATION_ID of the calling action, for a nested call. */
  parent?: string;
  /** The process environment for this invocation id (env.ts, kind 'action'). */
  env: (invocationId: string) => NodeJS.ProcessEnv;
  log?: UnitLog;
  /** Aborted when the caller disconnects. */
  signal?: AbortSignal;
}

export interface InvocationInfo {
  id: string;
  session: string;
  extension: string;
  action: string;
  depth: number;
  startedAt: number;
  deadlineAt: number;
  pid: number | undefined;
}

export interface InvokeResult {
  invocationId: string;
  result: unknown;
  durationMs: number;
}

interface Running extends InvocationInfo {
  end(err: ActionError): void;
}

export interface ActionInvokerOptions {
  maxCallsPerSession?: number;
  maxDepth?: number;
  stdoutCloseGraceMs?: number;
}

export class ActionInvoker {
  private readonly running = new Map<string, Running>();
  private readonly schemas = new ActionSchemas();
  private readonly maxCalls: number;
  private readonly maxDepth: number;
  private readonly closeGraceMs: number;

  constructor(opts: ActionInvokerOptions = {}) {
    this.maxCalls = opts.maxCallsPerSession ?? MAX_CALLS_PER_SESSION;
    this.maxDepth = opts.maxDepth ?? MAX_CALL_DEPTH;
    this.closeGraceMs = opts.stdoutCloseGraceMs ?? STDOUT_CLOSE_GRACE_MS;
  }

  invocations(): InvocationInfo[] {
    return [...this.running.values()].map(({ end: _end, ...info }) => info);
  }

  cancel(invocationId: string, reason = 'cancelled'): boolean {
    const r = this.running.get(invocationId);
    if (!r) return false;
    r.end(new ActionError('cancelled', `invocation ${invocationId} ${reason}`));
    return true;
  }

  /** Ends every call matching (redeploy, undeploy, session renamed, generation retired). */
  cancelWhere(match: (info: InvocationInfo) => boolean, reason: string): number {
    let n = 0;
    for (const info of this.invocations()) if (match(info) && this.cancel(info.id, reason)) n++;
    return n;
  }

  async invoke(req: InvokeRequest): Promise<InvokeResult> {
    const startedAt = Date.now();
    const a = req.action;
    const publicId = `${a.extension}.${a.id}`;
    if (Buffer.byteLength(req.argsJson) > MAX_ACTION_PAYLOAD_BYTES) {
      throw new ActionError(
        'payload-too-large',
        `${publicId}: arguments exceed ${MAX_ACTION_PAYLOAD_BYTES / 1024} KiB`,
      );
    }
    let args: unknown;
    try {
      args = JSON.parse(req.argsJson);
    } catch {
      throw new ActionError('invalid-args', `${publicId}: --args-json is not valid JSON`);
    }
    const argsCheck = this.schemas.check(a.argsSchema, args);
    if (!argsCheck.ok)
      throw new ActionError(
        'invalid-args',
        `${publicId}: arguments do not match args_schema: ${argsCheck.message}`,
      );

    let depth = 1;
    let deadlineAt = startedAt + a.deadlineMs;
    if (req.parent !== undefined) {
      const parent = this.running.get(req.parent);
      if (!parent)
        throw new ActionError(
          'caller-ended',
          `${publicId}: the calling invocation ${req.parent} is no longer running`,
        );
      depth = parent.depth + 1;
      deadlineAt = Math.min(deadlineAt, parent.deadlineAt);
    }
    if (depth > this.maxDepth)
      throw new ActionError('nesting-too-deep', `${publicId}: calls may nest at most ${this.maxDepth} deep`);
    const inSession = this.invocations().filter((r) => r.session === req.session);
    if (inSession.length >= this.maxCalls) {
      throw new ActionError(
        'too-many-calls',
        `${publicId}: session '${req.session}' already runs ${this.maxCalls} calls; try again when one ends`,
      );
    }
    if (
      a.concurrency === 'singleton' &&
      inSession.some((r) => r.extension === a.extension && r.action === a.id)
    ) {
      throw new ActionError('already-running', `${publicId} is a singleton and is already running`);
    }
    const id = `inv-${randomBytes(8).toString('hex')}`;
    return this.run({ req, id, depth, deadlineAt, startedAt, publicId });
  }

  private run(c: {
    req: InvokeRequest;
    id: string;
    depth: number;
    deadlineAt: number;
    startedAt: number;
    publicId: string;
  }): Promise<InvokeResult> {
    const { req, id, publicId } = c;
    const a = req.action;
    return new Promise<InvokeResult>((resolve, reject) => {
      let child: ChildProcess | undefined;
      let settled = false;
      const timers: NodeJS.Timeout[] = [];
      const chunks: Buffer[] = [];
      let outBytes = 0;
      let exited: { code: number | null; signal: string | null } | undefined;
      let stdoutEnded = false;

      const cleanup = (): void => {
        settled = true;
        for (const t of timers) clearTimeout(t);
        this.running.delete(id);
        req.signal?.removeEventListener('abort', onAbort);
        // The call is over: whatever is left of its process group goes with it.
        signalGroup(child?.pid, 'SIGKILL');
        child?.stdin?.destroy();
        child?.stdout?.destroy();
        child?.stderr?.destroy();
      };
      const fail = (err: ActionError): void => {
        if (settled) return;
        cleanup();
        req.log?.event(`${a.id} ${id} failed: ${err.code}: ${err.message}`);
        reject(err);
      };
      const onAbort = (): void => fail(new ActionError('cancelled', `${publicId}: the caller disconnected`));

      const entry: Running = {
        id,
        session: req.session,
        extension: a.extension,
        action: a.id,
        depth: c.depth,
        startedAt: c.startedAt,
        deadlineAt: c.deadlineAt,
        pid: undefined,
        end: fail,
      };
      this.running.set(id, entry);
      if (req.signal?.aborted) return onAbort();
      req.signal?.addEventListener('abort', onAbort, { once: true });
      timers.push(
        setTimeout(
          () =>
            fail(
              new ActionError('deadline', `${publicId}: no result within ${c.deadlineAt - c.startedAt} ms`),
            ),
          Math.max(0, c.deadlineAt - Date.now()),
        ),
      );

      const finish = (): void => {
        if (settled || !exited || !stdoutEnded) return;
        if (exited.code !== 0) {
          return fail(
            new ActionError(
              'action-failed',
              `${publicId} exited with ${exited.signal ? `signal ${exited.signal}` : `status ${exited.code}`}; see rozi extensions logs ${a.extension} --unit action.${a.id}`,
            ),
          );
        }
        const text = Buffer.concat(chunks).toString('utf8').trim();
        let result: unknown;
        try {
          if (text === '') throw new Error('empty');
          result = JSON.parse(text);
        } catch {
          return fail(
            new ActionError('bad-output', `${publicId} must print exactly one JSON value on stdout`),
          );
        }
        const check = this.schemas.check(a.resultSchema, result);
        if (!check.ok)
          return fail(
            new ActionError(
              'invalid-result',
              `${publicId}: result does not match result_schema: ${check.message}`,
            ),
          );
        cleanup();
        req.log?.event(`${a.id} ${id} ok in ${Date.now() - c.startedAt} ms`);
        resolve({ invocationId: id, result, durationMs: Date.now() - c.startedAt });
      };

      try {
        child = spawnGroup({ argv: a.argv, cwd: a.cwd, env: req.env(id), stdin: 'pipe' });
      } catch (err) {
        return fail(
          new ActionError('spawn-failed', `${publicId}: ${err instanceof Error ? err.message : String(err)}`),
        );
      }
      entry.pid = child.pid;
      req.log?.event(`${a.id} ${id} start pid=${child.pid} depth=${c.depth}`);
      child.once('error', (err) => fail(new ActionError('spawn-failed', `${publicId}: ${err.message}`)));
      child.stderr?.on('data', (d: Buffer) => req.log?.write(d));
      child.stdout?.on('data', (d: Buffer) => {
        outBytes += d.length;
        if (outBytes > MAX_ACTION_PAYLOAD_BYTES)
          return fail(
            new ActionError(
              'payload-too-large',
              `${publicId}: result exceeds ${MAX_ACTION_PAYLOAD_BYTES / 1024} KiB`,
            ),
          );
        chunks.push(d);
      });
      child.stdout?.once('end', () => {
        stdoutEnded = true;
        finish();
      });
      child.once('exit', (code, signal) => {
        exited = { code, signal };
        // Kill the rest of the group now; something that left the group and still holds stdout
        // makes the call fail after a short grace (spec: close stdout in anything left behind).
        signalGroup(child?.pid, 'SIGKILL');
        timers.push(
          setTimeout(
            () =>
              fail(
                new ActionError(
                  'stdout-open',
                  `${publicId} exited but something it started keeps stdout open`,
                ),
              ),
            this.closeGraceMs,
          ),
        );
        finish();
      });
      child.stdin?.end(req.argsJson);
    });
  }
}
