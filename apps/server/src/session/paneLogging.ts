// Pane logging (rozi's terminal.md "Pane logging", configuration.md [logging]): toggle-pane-logging
// appends a pane's raw PTY output to `<dir>/<session>/pane-<id>.log` (directories 0700, files
// 0600), each run opening with a header line naming the session, pane, size and start time. The
// state lives on the server, so every page and client sees the same. `[logging] max_bytes`
// (default 64 MiB, 0 = no cap) is per file: a chunk that would cross it is refused whole, the log
// stops and its last line says why; a write error stops it the same way. Both are logged.
import { appendFileSync, chmodSync, closeSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { configStore } from '../config/configStore';
import { resolvePaths } from '../config/paths';
import type { Pane } from './pane';

export const DEFAULT_LOG_MAX_BYTES = 64 * 1024 * 1024;

export interface LoggingSettings {
  dir: string;
  maxBytes: number;
}

interface Running {
  fd: number;
  file: string;
  bytes: number;
  maxBytes: number;
  off: () => void;
}

const running = new WeakMap<Pane, Running>();
/** Told when a pane's logging starts or stops (the projection redraws its `[log]` badge). */
const changeListeners = new Set<(pane: Pane) => void>();

/** Calls `fn` with each pane whose logging starts or stops; returns the unsubscribe. */
export function onPaneLoggingChange(fn: (pane: Pane) => void): () => void {
  changeListeners.add(fn);
  return () => changeListeners.delete(fn);
}

function announce(pane: Pane): void {
  for (const fn of changeListeners) fn(pane);
}
/** The server log (stderr, as runServer's own lines). */
const serverLog = (line: string) => process.stderr.write(`rozi: ${line}\n`);

/** [logging] dir / max_bytes from config.toml now; a bad value is rozi's default. */
export function loggingSettings(env: NodeJS.ProcessEnv = process.env): LoggingSettings {
  const paths = resolvePaths(env);
  const t = configStore(paths.configFile).current().root.logging;
  const table = t !== null && typeof t === 'object' ? (t as Record<string, unknown>) : {};
  const home = env.HOME || '/';
  let dir = paths.logDir;
  if (typeof table.dir === 'string' && table.dir.trim())
    dir = table.dir.startsWith('~/') ? join(home, table.dir.slice(2)) : table.dir;
  const m = table.max_bytes;
  const maxBytes = typeof m === 'number' && Number.isInteger(m) && m >= 0 ? m : DEFAULT_LOG_MAX_BYTES;
  return { dir, maxBytes };
}

export function paneLogging(pane: Pane): { logging: boolean; file: string | null } {
  const r = running.get(pane);
  return { logging: Boolean(r), file: r?.file ?? null };
}

/** Starts or stops logging a pane; `enabled` omitted toggles. Answers the new state. */
export function setPaneLogging(o: {
  pane: Pane;
  enabled?: boolean;
  settings?: LoggingSettings;
  log?: (line: string) => void;
}): { pane: number; logging: boolean; file: string | null } {
  const { pane } = o;
  const log = o.log ?? serverLog;
  const on = running.get(pane);
  const want = o.enabled ?? !on;
  if (!want) {
    if (on) stop(pane, null);
    return { pane: pane.id, logging: false, file: on?.file ?? null };
  }
  if (on) return { pane: pane.id, logging: true, file: on.file };
  const s = o.settings ?? loggingSettings();
  const dir = join(s.dir, pane.session.name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `pane-${pane.id}.log`);
  const fd = openSync(file, 'a', 0o600);
  chmodSync(file, 0o600);
  const r: Running = { fd, file, bytes: statSync(file).size, maxBytes: s.maxBytes, off: () => undefined };
  running.set(pane, r);
  // On its own line, also when an earlier run ended mid-line (a prompt).
  const header = `${r.bytes > 0 ? '\n' : ''}[rozi log] session ${pane.session.name} pane ${pane.id} size ${pane.cols}x${pane.rows} started ${new Date().toISOString()}\n`;
  append(pane, Buffer.from(header), log);
  const tap = (data: Buffer) => append(pane, data, log);
  pane.dataTaps.add(tap);
  const exited = () => stop(pane, null);
  void pane.waitExit().then(exited);
  r.off = () => pane.dataTaps.delete(tap);
  announce(pane);
  return { pane: pane.id, logging: running.has(pane), file };
}

function append(pane: Pane, data: Buffer, log: (line: string) => void): void {
  const r = running.get(pane);
  if (!r) return;
  if (r.maxBytes > 0 && r.bytes + data.length > r.maxBytes) {
    const why = `reached [logging] max_bytes (${r.maxBytes} bytes)`;
    stop(pane, why);
    log(`pane ${pane.session.name}:${pane.id}: logging stopped: ${why}`);
    return;
  }
  try {
    writeSync(r.fd, data);
    r.bytes += data.length;
  } catch (err) {
    const why = `write error: ${err instanceof Error ? err.message : String(err)}`;
    stop(pane, why);
    log(`pane ${pane.session.name}:${pane.id}: logging stopped: ${why}`);
  }
}

function stop(pane: Pane, why: string | null): void {
  const r = running.get(pane);
  if (!r) return;
  running.delete(pane);
  r.off();
  announce(pane);
  try {
    closeSync(r.fd);
    if (why) appendFileSync(r.file, `\n[rozi log] logging stopped: ${why}\n`);
  } catch {
    // The file went with its directory: nothing left to record into.
  }
}
