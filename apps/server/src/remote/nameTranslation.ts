// Names and keys across the seam: on the host a session is `dev` and a pane key is the host's
// own; here the session is `dev@box` and the pane has a key from this server's remote range, so
// browser, CLI and hooks never mix two hosts' ids. Inputs are translated on the way out, answers
// and events on the way back. Pure, over plain JSON values.

/** Local keys of remote panes start here (uint32 on the wire; local panes count up from 1). */
export const REMOTE_KEY_BASE = 0x8000_0000;

export function isRemoteKey(key: unknown): key is number {
  return typeof key === 'number' && Number.isInteger(key) && key >= REMOTE_KEY_BASE;
}

/** `dev@box` → `{ session: 'dev', alias: 'box' }`; the alias is what follows the last `@`. */
export function splitSessionName(name: string): { session: string; alias: string } | null {
  const at = name.lastIndexOf('@');
  if (at <= 0 || at === name.length - 1) return null;
  return { session: name.slice(0, at), alias: name.slice(at + 1) };
}

/** `dev@box:3` → the session part of a target string, or null when it names none. */
export function targetSession(target: string): string | null {
  const m = /^(.+):(\d+)$/.exec(target.trim());
  return m ? (m[1] as string) : null;
}

export interface KeyMapping {
  alias: string;
  toLocal(remoteKey: number): number;
  /** Undefined when the local key is not one of this host's panes. */
  toRemote(localKey: number): number | undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);
}

function stripAlias(name: string, alias: string): string {
  return name.endsWith(`@${alias}`) ? name.slice(0, -alias.length - 1) : name;
}

/** Fields that hold a session name in one procedure only (a pane's `name` is not one). */
const SESSION_NAME_FIELDS: Record<string, string> = { 'sessions.create': 'name', 'sessions.rename': 'to' };

/** An input for the host: names without `@alias`, keys the host's own, no `host` field. */
export function inputToHost(value: unknown, m: KeyMapping, path = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => inputToHost(v, m));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  const nameField = SESSION_NAME_FIELDS[path];
  for (const [k, v] of Object.entries(value)) {
    if (k === 'host' && path) continue;
    if ((k === 'session' || k === nameField) && typeof v === 'string') out[k] = stripAlias(v, m.alias);
    else if (k === 'target' && typeof v === 'string') {
      const s = targetSession(v);
      out[k] = s ? `${stripAlias(s, m.alias)}:${v.trim().slice(s.length + 1)}` : v;
    } else if (k === 'ref' && typeof v === 'string') {
      out[k] = refToHost(v, m);
    } else if (k === 'key' && isRemoteKey(v)) {
      const remote = m.toRemote(v);
      if (remote === undefined) throw new Error(`pane key ${v} is not a pane of ${m.alias}`);
      out[k] = remote;
    } else out[k] = inputToHost(v, m);
  }
  return out;
}

/**
 * An answer or event from the host: session names get `@alias`, pane keys become local keys,
 * and every session and pane row says which host it lives on (`host`).
 */
export function outputFromHost(value: unknown, m: KeyMapping): unknown {
  if (Array.isArray(value)) return value.map((v) => outputFromHost(v, m));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if ((k === 'session' || k === 'from') && typeof v === 'string') out[k] = `${v}@${m.alias}`;
    else if (k === 'key' && typeof v === 'number' && Number.isInteger(v)) out[k] = m.toLocal(v);
    else out[k] = outputFromHost(v, m);
  }
  // An agent ref (status/agentRef.ts) pins a pane by key: the host's key becomes ours.
  // (A status row has the same fields plus `key` and `session`, and its `pane` is a pane id.)
  if (
    typeof value.status_epoch === 'string' &&
    typeof value.occupant_id === 'string' &&
    typeof value.pane === 'number' &&
    !('key' in value) &&
    !('session' in value)
  )
    out.pane = m.toLocal(value.pane);
  // A session row (workspace.get, sessions.list): its name is the session's.
  if (typeof value.instanceId === 'string' && typeof value.name === 'string') {
    out.name = `${value.name}@${m.alias}`;
    out.host = m.alias;
  }
  // A pane row (list-panes, workspace.get).
  if (typeof value.key === 'number' && typeof value.session === 'string' && 'cols' in value)
    out.host = m.alias;
  // An agent worktree (a pane row's `worktree`, a worktrees.list row, launch's record:
  // worktrees/types.ts): its id is the host's, so a call naming it must say the host (`host`).
  if (
    typeof value.id === 'string' &&
    typeof value.branch === 'string' &&
    typeof value.base === 'string' &&
    ('stamp' in value || 'status' in value || 'baseCommit' in value)
  )
    out.host = m.alias;
  return out;
}

/** The remote pane key an agent `--ref` pins, or null (not a remote ref, or not JSON). */
export function refPaneKey(ref: string): number | null {
  try {
    const v = JSON.parse(ref) as { pane?: unknown };
    return isRemoteKey(v?.pane) ? v.pane : null;
  } catch {
    return null;
  }
}

function refToHost(ref: string, m: KeyMapping): string {
  const key = refPaneKey(ref);
  if (key === null) return ref;
  const remote = m.toRemote(key);
  if (remote === undefined) throw new Error(`the --ref names pane ${key}, which is not a pane of ${m.alias}`);
  return JSON.stringify({ ...(JSON.parse(ref) as object), pane: remote });
}
