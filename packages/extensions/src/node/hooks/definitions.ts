// What the server hands the sandbox for one extension (or for the user's config.toml script
// hooks), and what it gets back per call. Pure types: the manifest validator's [[hooks]] entries
// map onto HookDefinition one to one, with the script already read (hookScript.ts).
import type { HookEffect, HookPermission } from './effects';
import type { HookEventName, HookFilter } from './events';
import type { HookFailureKind, HookHealthSnapshot } from './health';

/** The owner id of script hooks declared in the user's config.toml (no extension may use it). */
export const USER_CONFIG_HOOK_OWNER = 'config.toml';

export interface HookDefinition {
  /** Unique within its extension; the manifest index works (`"0"`, `"1"`) or a stable name. */
  hookId: string;
  event: HookEventName;
  filter?: HookFilter;
  permissions: readonly HookPermission[];
  /** Per-call CPU budget; the manifest default (50 ms) when absent. */
  timeoutMs?: number;
  /** For messages and stack traces, e.g. `my-ext/hooks/blocked.js`. */
  filename: string;
  source: string;
}

export interface ExtensionHooks {
  extensionId: string;
  /**
   * Heap limit of the extension's one isolate. The manifest sets memory_mb per hook; all hooks of
   * an extension share an isolate, so the server passes the largest (manifestHooks.ts does);
   * absent means the manifest default of 32.
   */
  memoryMb?: number;
  /** Local command ids: the only targets an `invoke` effect may name. */
  actions: readonly string[];
  /** Local stream-tab names: the only tabs a `publish` effect may fill. */
  tabs: readonly string[];
  hooks: readonly HookDefinition[];
}

export interface HookLoadReport {
  extensionId: string;
  /** One line per hook module that failed to load; those hooks never run. */
  errors: { hookId: string; message: string }[];
}

export interface HookOutcome {
  extensionId: string;
  hookId: string;
  ok: boolean;
  /** Effects that passed the schema and permission check, for the server to apply. */
  effects: HookEffect[];
  /** One line per effect the check refused. */
  rejected: string[];
  error: { kind: HookFailureKind; message: string } | null;
  /** Time inside the isolate. */
  durationMs: number;
  /** Time from the parent's request to its answer, IPC and queueing included. */
  roundTripMs: number;
}

export interface HookHealthEntry extends HookHealthSnapshot {
  extensionId: string;
  hookId: string;
  event: HookEventName;
  /** Why the module did not load, or null. */
  loadError: string | null;
}

export interface HookLogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  extensionId?: string;
  hookId?: string;
}

export interface HookDisabledNotice {
  extensionId: string;
  hookId: string;
  reason: string;
}
