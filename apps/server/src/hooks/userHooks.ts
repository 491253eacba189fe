// The user's `[[hooks]]` in config.toml: `run = "…"` (a shell command, rozi-compatible) or
// `script = "…"` (a module sandboxed like an extension's, under the owner name `config.toml`).
// Read on every extension load so `reload-extensions` and config reloads pick up edits. Every
// problem is reported (one line each, naming the entry); a bad entry is skipped, the rest load.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { diagnosticLine } from '../config/configLoad';
import { configStore } from '../config/configStore';
import { isAbsolute, join, resolve } from 'node:path';
import { REPORTED_STATES } from '@rozi/detect';
import {
  HOOK_EVENT_NAMES,
  HOOK_PERMISSIONS,
  hookLimits,
  isHookEventName,
  USER_CONFIG_HOOK_OWNER,
  type ExtensionHooks,
  type HookDefinition,
  type HookEventName,
  type HookFilter,
  type HookPermission,
} from '@rozi/extensions/node';

export interface UserRunHook {
  /** `config.toml#<index>`: names the hook in logs. */
  hookId: string;
  event: HookEventName;
  filter?: HookFilter;
  run: string;
}

export interface UserHooks {
  run: UserRunHook[];
  /** Null when config.toml declares no script hook. */
  script: ExtensionHooks | null;
  diagnostics: string[];
}

const KEYS = new Set(['event', 'run', 'script', 'filter', 'permissions', 'timeout_ms', 'memory_mb']);
const FILTER_STATES: readonly string[] = REPORTED_STATES;

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

export function readUserHooks(o: { configFile: string; configDir: string; home: string }): UserHooks {
  const out: UserHooks = { run: [], script: null, diagnostics: [] };
  // The config in force: a file that stops parsing keeps the hooks of the last good one.
  const snap = configStore(o.configFile).current();
  if (snap.problem) out.diagnostics.push(`${diagnosticLine(snap.problem)} (the last good [[hooks]] stay)`);
  const read = readHookEntries(snap.root, o);
  return { ...read, diagnostics: [...out.diagnostics, ...read.diagnostics] };
}

/**
 * `[[hooks]]` of a parsed config: each entry checked (one diagnostic per problem, naming the entry
 * as `config.toml [[hooks]] #N`), the good ones loaded. Settings' hooks editor checks an entry
 * with it before writing (config/entryCheck.ts).
 */
export function readHookEntries(root: Table, o: { configDir: string; home: string }): UserHooks {
  const out: UserHooks = { run: [], script: null, diagnostics: [] };
  if (root.hooks === undefined) return out;
  if (!Array.isArray(root.hooks)) {
    out.diagnostics.push('config.toml: hooks must be an array of tables ([[hooks]])');
    return out;
  }
  const scripts: HookDefinition[] = [];
  let memoryMb = 0;
  root.hooks.forEach((entry: unknown, index) => {
    const at = `config.toml [[hooks]] #${index + 1}`;
    const problems: string[] = [];
    if (!isTable(entry)) {
      out.diagnostics.push(`${at}: expected a table`);
      return;
    }
    for (const key of Object.keys(entry)) if (!KEYS.has(key)) problems.push(`unknown key "${key}"`);
    const event = entry.event;
    if (typeof event !== 'string' || !isHookEventName(event))
      problems.push(`"event" must be one of ${HOOK_EVENT_NAMES.join(', ')}, got ${JSON.stringify(event)}`);
    const hasRun = entry.run !== undefined;
    const hasScript = entry.script !== undefined;
    if (hasRun === hasScript)
      problems.push('give exactly one of "run" (a shell command) or "script" (a .js module)');
    if (hasRun && (typeof entry.run !== 'string' || entry.run.trim() === ''))
      problems.push('"run" must be a non-empty string');
    if (hasRun)
      for (const key of ['permissions', 'timeout_ms', 'memory_mb'])
        if (entry[key] !== undefined) problems.push(`"${key}" applies to script hooks only`);
    const filter = readFilter(entry.filter, problems);
    const permissions = readPermissions(entry.permissions, problems);
    const timeoutMs = readInt({ value: entry.timeout_ms, key: 'timeout_ms', min: 1, max: 1000, problems });
    const memory = readInt({ value: entry.memory_mb, key: 'memory_mb', min: 8, max: 128, problems });
    let source: { filename: string; source: string } | undefined;
    if (hasScript && problems.length === 0) source = readScript({ script: entry.script, ...o, problems });
    if (problems.length > 0) {
      for (const p of problems) out.diagnostics.push(`${at}: ${p}`);
      return;
    }
    const hookId = `config.toml#${index + 1}`;
    if (hasRun) {
      out.run.push({
        hookId,
        event: event as HookEventName,
        ...(filter ? { filter } : {}),
        run: entry.run as string,
      });
      return;
    }
    if (!source) return;
    memoryMb = Math.max(memoryMb, memory ?? 32);
    scripts.push({
      hookId,
      event: event as HookEventName,
      ...(filter ? { filter } : {}),
      permissions,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...source,
    });
  });
  if (scripts.length > 0) {
    // User script hooks own no commands or stream tabs: invoke and publish have no target.
    out.script = { extensionId: USER_CONFIG_HOOK_OWNER, memoryMb, actions: [], tabs: [], hooks: scripts };
  }
  return out;
}

function readFilter(raw: unknown, problems: string[]): HookFilter | undefined {
  if (raw === undefined) return undefined;
  if (!isTable(raw)) {
    problems.push('"filter" must be a table such as { state = "blocked" }');
    return undefined;
  }
  const filter: Record<string, string | number | string[]> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'pane') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        problems.push('filter "pane" must be a pane id (a non-negative integer)');
      else filter.pane = value;
    } else if (key === 'agent' || key === 'state') {
      const list =
        typeof value === 'string'
          ? [value]
          : Array.isArray(value) && value.every((v) => typeof v === 'string')
            ? (value as string[])
            : undefined;
      if (!list || list.length === 0) problems.push(`filter "${key}" must be a string or a list of strings`);
      else if (key === 'state' && list.some((s) => !FILTER_STATES.includes(s)))
        problems.push(
          `filter "state" must be among ${FILTER_STATES.join(', ')}, got ${JSON.stringify(value)}`,
        );
      else filter[key] = list;
    } else problems.push(`unknown filter key "${key}" (agent, state, pane)`);
  }
  return filter;
}

function readPermissions(raw: unknown, problems: string[]): HookPermission[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || !raw.every((p) => typeof p === 'string')) {
    problems.push('"permissions" must be a list of strings');
    return [];
  }
  const bad = raw.filter((p) => !(HOOK_PERMISSIONS as readonly string[]).includes(p));
  if (bad.length)
    problems.push(
      `unknown permission ${bad.map((b) => JSON.stringify(b)).join(', ')}; expected ${HOOK_PERMISSIONS.join(', ')}`,
    );
  return raw.filter((p): p is HookPermission => (HOOK_PERMISSIONS as readonly string[]).includes(p));
}

function readInt(o: {
  value: unknown;
  key: string;
  min: number;
  max: number;
  problems: string[];
}): number | undefined {
  if (o.value === undefined) return undefined;
  if (typeof o.value !== 'number' || !Number.isInteger(o.value) || o.value < o.min || o.value > o.max) {
    o.problems.push(
      `"${o.key}" must be an integer from ${o.min} to ${o.max}, got ${JSON.stringify(o.value)}`,
    );
    return undefined;
  }
  return o.value;
}

/** The user's own file, so any path works; it must be a readable module of hook size. */
function readScript(o: {
  script: unknown;
  configDir: string;
  home: string;
  problems: string[];
}): { filename: string; source: string } | undefined {
  if (typeof o.script !== 'string' || !/\.(m?js)$/.test(o.script)) {
    o.problems.push(`"script" must be a path to a .js or .mjs file, got ${JSON.stringify(o.script)}`);
    return undefined;
  }
  const path = o.script.startsWith('~/')
    ? join(o.home, o.script.slice(2))
    : isAbsolute(o.script)
      ? o.script
      : resolve(o.configDir, o.script);
  try {
    const file = realpathSync(path);
    const size = statSync(file).size;
    if (size > hookLimits.MAX_HOOK_SOURCE_BYTES) {
      o.problems.push(
        `script ${o.script} is ${size} bytes; hooks are limited to ${hookLimits.MAX_HOOK_SOURCE_BYTES}`,
      );
      return undefined;
    }
    return { filename: `config.toml/${o.script.replace(/^\.\//, '')}`, source: readFileSync(file, 'utf8') };
  } catch {
    o.problems.push(`script ${o.script} cannot be read (looked at ${path})`);
    return undefined;
  }
}
