// One extension's isolate inside the hook worker: its memory limit, its hook modules compiled
// as ES modules, and the per-call deadline. Runs only in the worker process (hookWorker.ts),
// never in the server, because a hook that exhausts memory may take the whole process down.
import ivm from 'isolated-vm';
import { performance } from 'node:perf_hooks';
import type { CallReply, HookModuleSource, IsolateStats, ModuleLoadError } from './protocol';
import { ISOLATE_RUNTIME_SOURCE } from './isolateRuntime';
import { HOOK_LOAD_TIMEOUT_MS, MAX_HOOK_RESULT_BYTES, UNINTERRUPTIBLE_MARGIN_MS } from './limits';

export interface ExtensionIsolateSpec {
  extensionId: string;
  memoryMb: number;
  modules: HookModuleSource[];
}

type CallResult =
  Omit<Extract<CallReply, { ok: true }>, 'id' | 'op'> | Omit<Extract<CallReply, { ok: false }>, 'id' | 'op'>;

interface Loaded {
  isolate: ivm.Isolate;
  context: ivm.Context;
  start: ivm.Reference<(hookId: string, eventJson: string, maxChars: number) => void>;
  finish: ivm.Reference<() => string>;
  hookIds: Set<string>;
}

export class ExtensionIsolate {
  private loaded: Loaded | null = null;
  /**
   * Set when a call was answered while its code still ran (an uninterruptible operation): that
   * thread cannot be stopped, so the worker process must be replaced (hookWorker.ts).
   */
  abandonedRun: string | null = null;
  /** Load errors of the last (re)load, by hook; such hooks answer calls with 'not-loaded'. */
  private loadErrors = new Map<string, string>();

  constructor(
    private readonly spec: ExtensionIsolateSpec,
    private readonly log: (level: 'info' | 'warn' | 'error', message: string) => void,
  ) {}

  get extensionId(): string {
    return this.spec.extensionId;
  }

  /** Creates the isolate and compiles every module; returns one error per module that failed. */
  load(): ModuleLoadError[] {
    this.dispose();
    const isolate = new ivm.Isolate({
      memoryLimit: this.spec.memoryMb,
      // V8 reports an unrecoverable state: the process must not keep running user code.
      onCatastrophicError: (message) => {
        process.stderr.write(
          `hook worker: catastrophic isolate error in ${this.spec.extensionId}: ${message}\n`,
        );
        process.exit(70);
      },
    });
    const context = isolate.createContextSync();
    const runtime = isolate.compileScriptSync(ISOLATE_RUNTIME_SOURCE, { filename: 'rozi:hook-runtime' });
    const api = runtime.runSync(context, { reference: true }) as ivm.Reference<Record<string, unknown>>;
    const register = api.getSync('register', { reference: true }) as ivm.Reference<
      (id: string, fn: unknown) => void
    >;
    const loaded: Loaded = {
      isolate,
      context,
      start: api.getSync('start', { reference: true }) as Loaded['start'],
      finish: api.getSync('finish', { reference: true }) as Loaded['finish'],
      hookIds: new Set(),
    };
    this.loadErrors = new Map();
    const errors: ModuleLoadError[] = [];
    for (const module of this.spec.modules) {
      const problem = this.compile({ isolate, context, register, module });
      if (problem === null) loaded.hookIds.add(module.hookId);
      else {
        errors.push({ hookId: module.hookId, message: problem });
        this.loadErrors.set(module.hookId, problem);
      }
    }
    this.loaded = loaded;
    return errors;
  }

  /**
   * Runs one hook. The code runs on isolated-vm's own thread (async apply), so this process stays
   * free to answer at the hook's deadline even when one operation cannot be interrupted (a huge
   * BigInt power: V8's TerminateExecution waits for it to end). Such an isolate is discarded at
   * once; its thread finishes the operation in the background and the next call gets a fresh one.
   */
  async call(options: { hookId: string; eventJson: string; timeoutMs: number }): Promise<CallResult> {
    const startedAt = performance.now();
    const elapsed = (): number => performance.now() - startedAt;
    if (this.loaded === null || this.loaded.isolate.isDisposed) {
      // The isolate hit its memory limit during an earlier call: start a fresh one (outside
      // this call's timing, so a reload never counts against the hook's deadline).
      this.log('info', `${this.spec.extensionId}: recreating the isolate after it was disposed`);
      this.load();
    }
    const loaded = this.loaded as Loaded;
    const loadError = this.loadErrors.get(options.hookId);
    if (loadError !== undefined || !loaded.hookIds.has(options.hookId)) {
      const message = loadError ?? `no hook "${options.hookId}" is loaded for ${this.spec.extensionId}`;
      return { ok: false, kind: 'not-loaded', message, durationMs: 0 };
    }
    const callStartedAt = performance.now();
    const run = (async () => {
      await loaded.start.apply(undefined, [options.hookId, options.eventJson, MAX_HOOK_RESULT_BYTES], {
        timeout: options.timeoutMs,
      });
      return loaded.finish.apply(undefined, [], { timeout: options.timeoutMs });
    })();
    // Judged by the CPU time the isolate used, not the clock: on a loaded machine its thread may
    // simply not have been scheduled, and isolated-vm's own timeout still stops such code.
    const cpuAtStart = loaded.isolate.cpuTime;
    const limitMs = options.timeoutMs + UNINTERRUPTIBLE_MARGIN_MS;
    let watchdog: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      const check = (): void => {
        const usedMs = loaded.isolate.isDisposed ? 0 : Number(loaded.isolate.cpuTime - cpuAtStart) / 1e6;
        if (usedMs > limitMs) resolve('late');
        else watchdog = setTimeout(check, Math.max(10, limitMs - usedMs));
      };
      watchdog = setTimeout(check, limitMs);
    });
    try {
      const out = await Promise.race([run, late]);
      if (out === 'late') {
        // Still running past the deadline that TerminateExecution should have enforced.
        run.catch(() => undefined);
        this.dispose();
        this.abandonedRun = `${this.spec.extensionId}/${options.hookId}`;
        this.log(
          'warn',
          `${this.spec.extensionId}/${options.hookId}: used ${UNINTERRUPTIBLE_MARGIN_MS} ms of CPU past its ${options.timeoutMs} ms deadline (an operation V8 cannot interrupt); its isolate was discarded and the worker is replaced`,
        );
        const message = `the hook ran longer than ${options.timeoutMs} ms`;
        return { ok: false, kind: 'timeout', message, durationMs: elapsed() };
      }
      const durationMs = performance.now() - callStartedAt;
      return interpret({ out, durationMs, timeoutMs: options.timeoutMs });
    } catch (error) {
      const durationMs = elapsed();
      if (loaded.isolate.isDisposed) {
        this.loaded = null;
        const message = `the hook exceeded the ${this.spec.memoryMb} MB memory limit; its isolate was disposed`;
        return { ok: false, kind: 'memory', message, durationMs };
      }
      const text = error instanceof Error ? error.message : String(error);
      if (/timed out/i.test(text)) {
        return {
          ok: false,
          kind: 'timeout',
          message: `the hook ran longer than ${options.timeoutMs} ms`,
          durationMs,
        };
      }
      return { ok: false, kind: 'thrown', message: text.slice(0, 500), durationMs };
    } finally {
      clearTimeout(watchdog);
    }
  }

  stats(): IsolateStats | null {
    if (this.loaded === null || this.loaded.isolate.isDisposed) return null;
    const heap = this.loaded.isolate.getHeapStatisticsSync();
    return {
      extensionId: this.spec.extensionId,
      usedHeapBytes: heap.used_heap_size,
      heapLimitBytes: heap.heap_size_limit,
    };
  }

  dispose(): void {
    if (this.loaded !== null && !this.loaded.isolate.isDisposed) this.loaded.isolate.dispose();
    this.loaded = null;
  }

  private compile(options: {
    isolate: ivm.Isolate;
    context: ivm.Context;
    register: ivm.Reference<(id: string, fn: unknown) => void>;
    module: HookModuleSource;
  }): string | null {
    const { isolate, context, register, module } = options;
    const name = module.filename;
    let compiled: ivm.Module;
    try {
      compiled = isolate.compileModuleSync(module.source, { filename: `file:///${name}` });
    } catch (error) {
      return `${name}: ${errorText(error)}`;
    }
    try {
      const imports = compiled.dependencySpecifiers;
      if (imports.length > 0) {
        return `${name} imports ${imports.map((s) => `"${s}"`).join(', ')}; hooks cannot import anything (the sandbox has no modules)`;
      }
      compiled.instantiateSync(context, (specifier) => {
        // Unreachable while dependencySpecifiers is empty; kept so a future isolated-vm that
        // reports imports differently still cannot link one.
        throw new Error(`import of "${specifier}" refused`);
      });
      compiled.evaluateSync({ timeout: HOOK_LOAD_TIMEOUT_MS });
      const exported = compiled.namespace.getSync('default', { reference: true }) as
        ivm.Reference<unknown> | undefined;
      if (exported === undefined || exported.typeof !== 'function') {
        return `${name} must export a function as its default export (export default function (event) { … })`;
      }
      register.applySync(undefined, [module.hookId, exported.derefInto()], { timeout: HOOK_LOAD_TIMEOUT_MS });
      return null;
    } catch (error) {
      if (isolate.isDisposed)
        return `${name}: the module exceeded the ${this.spec.memoryMb} MB memory limit while loading`;
      const text = errorText(error);
      if (/timed out/i.test(text))
        return `${name}: the module's top-level code ran longer than ${HOOK_LOAD_TIMEOUT_MS} ms`;
      return `${name}: ${text}`;
    }
  }
}

function interpret(options: { out: string; durationMs: number; timeoutMs: number }): CallResult {
  const { out, durationMs } = options;
  if (typeof out !== 'string') {
    return {
      ok: false,
      kind: 'invalid-return',
      message: 'the sandbox runtime returned a non-string',
      durationMs,
    };
  }
  if (out === 'pending') {
    const message =
      'the promise returned by the hook did not settle during the call (hooks have no timers or I/O, so it never would)';
    return { ok: false, kind: 'timeout', message, durationMs };
  }
  const newline = out.indexOf('\n');
  const status = newline < 0 ? out : out.slice(0, newline);
  const body = newline < 0 ? '' : out.slice(newline + 1);
  switch (status) {
    case 'ok':
      return { ok: true, json: body, durationMs };
    case 'thrown':
      return { ok: false, kind: 'thrown', message: `the hook threw: ${body}`, durationMs };
    case 'large':
      return { ok: false, kind: 'too-large', message: body, durationMs };
    default:
      return {
        ok: false,
        kind: 'invalid-return',
        message: body || 'unreadable answer from the sandbox runtime',
        durationMs,
      };
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
}
