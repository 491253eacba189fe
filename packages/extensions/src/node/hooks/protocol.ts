// The messages between the HookSandbox (parent, the rozi server) and the hook worker process
// (hookWorker.ts), sent over Node's IPC channel as JSON. Only plain data crosses: events go in
// as JSON text, results come back as JSON text the parent parses and validates itself.
import type { HookFailureKind } from './health';

export interface HookModuleSource {
  hookId: string;
  /** Shown in stack traces and errors (`my-ext/hooks/blocked.js`); never opened by the worker. */
  filename: string;
  source: string;
}

export type ParentMessage =
  | { op: 'load'; id: number; extensionId: string; memoryMb: number; modules: HookModuleSource[] }
  | { op: 'unload'; id: number; extensionId: string }
  | { op: 'call'; id: number; extensionId: string; hookId: string; event: string; timeoutMs: number }
  | { op: 'stats'; id: number };

export interface ModuleLoadError {
  hookId: string;
  message: string;
}

export interface IsolateStats {
  extensionId: string;
  usedHeapBytes: number;
  heapLimitBytes: number;
}

export type CallReply =
  | { op: 'result'; id: number; ok: true; json: string; durationMs: number }
  | {
      op: 'result';
      id: number;
      ok: false;
      kind: HookFailureKind;
      message: string;
      durationMs: number;
      /** The worker exits after this answer (a hook left an operation running): send nothing more. */
      retiring?: true;
    };

export type WorkerMessage =
  | { op: 'ready'; pid: number }
  | { op: 'loaded'; id: number; errors: ModuleLoadError[] }
  | { op: 'unloaded'; id: number }
  | CallReply
  | { op: 'stats'; id: number; rssBytes: number; isolates: IsolateStats[] }
  | { op: 'log'; level: 'info' | 'warn' | 'error'; message: string };

export type WorkerReply = Exclude<WorkerMessage, { op: 'ready' } | { op: 'log' }>;
