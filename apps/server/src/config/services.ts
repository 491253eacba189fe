// config.toml's `[[services]]` (rozi's configuration.md): background programs the server starts
// and keeps running. Each entry has a unique `name`, a `run` command line (through command_shell),
// an optional `cwd` (`~` expands), `restart` (on-failure | always | never; default on-failure) and
// `env` (string values). A bad entry is one warning with its line and is skipped; the rest load.
import type { ConfigRoot } from './configLoad';
import { KeyLines } from './keyLines';

export type ServiceRestart = 'on-failure' | 'always' | 'never';

export interface ConfigService {
  name: string;
  run: string;
  /** As written (`~` not yet expanded); null = the server's launch directory. */
  cwd: string | null;
  restart: ServiceRestart;
  env: Record<string, string>;
}

export const SERVICE_RESTARTS: readonly ServiceRestart[] = ['on-failure', 'always', 'never'];
const KEYS = new Set(['name', 'run', 'cwd', 'restart', 'env']);
const NAME_RE = /^[A-Za-z0-9_.-]+$/;

const isTable = (v: unknown): v is ConfigRoot =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

function serviceOf(t: ConfigRoot, where: string): ConfigService | string {
  const unknown = Object.keys(t).filter((k) => !KEYS.has(k));
  if (unknown.length > 0) return `${where}: unknown key ${unknown.join(', ')}; skipped`;
  if (typeof t.name !== 'string' || !NAME_RE.test(t.name))
    return `${where}: name must be letters, digits, '.', '_' or '-'; skipped`;
  if (typeof t.run !== 'string' || t.run.trim() === '')
    return `${where}: run must be a non-empty command line; skipped`;
  if (t.cwd !== undefined && (typeof t.cwd !== 'string' || t.cwd === ''))
    return `${where}: cwd must be a path; skipped`;
  const restart = t.restart ?? 'on-failure';
  if (typeof restart !== 'string' || !(SERVICE_RESTARTS as readonly string[]).includes(restart))
    return `${where}: restart must be "on-failure", "always" or "never"; skipped`;
  const env: Record<string, string> = {};
  if (t.env !== undefined) {
    if (!isTable(t.env)) return `${where}: env must be a table of strings; skipped`;
    for (const [k, v] of Object.entries(t.env)) {
      if (typeof v !== 'string') return `${where}: env.${k} must be a string; skipped`;
      env[k] = v;
    }
  }
  return {
    name: t.name,
    run: t.run,
    cwd: typeof t.cwd === 'string' ? t.cwd : null,
    restart: restart as ServiceRestart,
    env,
  };
}

export function readConfigServices(o: { root: ConfigRoot; text: string; file: string }): {
  services: ConfigService[];
  warnings: string[];
} {
  const out = { services: [] as ConfigService[], warnings: [] as string[] };
  const list = o.root.services;
  if (list === undefined) return out;
  const lines = new KeyLines(o.text);
  const at = (path: Array<string | number>) => `${o.file}:${lines.lineOf(path) ?? '?'}`;
  if (!Array.isArray(list)) {
    out.warnings.push(`${at(['services'])}: services must be an array of tables ([[services]])`);
    return out;
  }
  const seen = new Set<string>();
  list.forEach((entry: unknown, i) => {
    const where = `${at(['services', i])}: [[services]] #${i + 1}`;
    if (!isTable(entry)) return void out.warnings.push(`${where}: expected a table; skipped`);
    const s = serviceOf(entry, where);
    if (typeof s === 'string') return void out.warnings.push(s);
    if (seen.has(s.name))
      return void out.warnings.push(`${where}: a service '${s.name}' is already defined; skipped`);
    seen.add(s.name);
    out.services.push(s);
  });
  return out;
}

/** Whether a running service must restart for `next` (anything that reaches its process changed). */
export function serviceChanged(a: ConfigService, b: ConfigService): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}
