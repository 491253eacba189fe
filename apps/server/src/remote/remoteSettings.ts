// `[remote]` and `[remote.hosts.<alias>]` of config.toml (rozi's configuration.md), as values:
// the defaults applied, every bad value a one-line warning that names the key and falls back to
// the default. Pure: the TOML root comes in as a value (remoteConfigFile.ts reads the file).

export type InstallPolicy = 'prompt' | 'always' | 'never';

export interface RemoteHostEntry {
  alias: string;
  /** SSH host name when it differs from the alias. */
  host: string | null;
  user: string | null;
  port: number | null;
  identityFile: string | null;
  sshArgs: string[];
  /** Absolute path of rozi on the host: no probe for it, no install. */
  binaryPath: string | null;
}

export interface RemoteSettings {
  defaultHost: string | null;
  connectionTimeoutSecs: number;
  serverAliveIntervalSecs: number;
  serverAliveCountMax: number;
  install: InstallPolicy;
  batchMode: boolean;
  hosts: Map<string, RemoteHostEntry>;
  warnings: string[];
}

/** Host aliases become the `@host` of session names: no spaces, no `:` (the target separator). */
export const HOST_ALIAS_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

export const DEFAULT_REMOTE: Omit<RemoteSettings, 'hosts' | 'warnings'> = {
  defaultHost: null,
  connectionTimeoutSecs: 15,
  serverAliveIntervalSecs: 15,
  serverAliveCountMax: 3,
  install: 'prompt',
  batchMode: true,
};

function isTable(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
}

function num(v: unknown): number | null {
  if (typeof v === 'bigint') return Number(v);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function remoteSettingsFrom(root: Record<string, unknown>): RemoteSettings {
  const warnings: string[] = [];
  const out: RemoteSettings = { ...DEFAULT_REMOTE, hosts: new Map(), warnings };
  const remote = root.remote;
  if (remote === undefined) return out;
  if (!isTable(remote)) {
    warnings.push('[remote] must be a table; using the defaults');
    return out;
  }
  const intKey = (key: string, min: number, max: number): number | undefined => {
    const v = remote[key];
    if (v === undefined) return undefined;
    const n = num(v);
    if (n === null || !Number.isInteger(n) || n < min || n > max) {
      warnings.push(`[remote] ${key} must be an integer ${min}–${max}; using the default`);
      return undefined;
    }
    return n;
  };
  out.connectionTimeoutSecs = intKey('connection_timeout_secs', 1, 600) ?? out.connectionTimeoutSecs;
  out.serverAliveIntervalSecs = intKey('server_alive_interval_secs', 0, 3600) ?? out.serverAliveIntervalSecs;
  out.serverAliveCountMax = intKey('server_alive_count_max', 1, 100) ?? out.serverAliveCountMax;
  if (remote.install !== undefined) {
    if (remote.install === 'prompt' || remote.install === 'always' || remote.install === 'never')
      out.install = remote.install;
    else warnings.push(`[remote] install must be "prompt", "always" or "never"; using "prompt"`);
  }
  if (remote.batch_mode !== undefined) {
    if (typeof remote.batch_mode === 'boolean') out.batchMode = remote.batch_mode;
    else warnings.push('[remote] batch_mode must be true or false; using true');
  }
  if (remote.default_host !== undefined) {
    if (typeof remote.default_host === 'string' && remote.default_host.trim())
      out.defaultHost = remote.default_host.trim();
    else warnings.push('[remote] default_host must be a host name or alias');
  }
  const known = new Set([
    'default_host',
    'connection_timeout_secs',
    'server_alive_interval_secs',
    'server_alive_count_max',
    'install',
    'batch_mode',
    'hosts',
  ]);
  for (const k of Object.keys(remote)) if (!known.has(k)) warnings.push(`[remote] unknown key '${k}'`);
  if (remote.hosts !== undefined) {
    if (!isTable(remote.hosts)) warnings.push('[remote.hosts] must be a table of aliases');
    else
      for (const [alias, t] of Object.entries(remote.hosts)) {
        const entry = hostEntry(alias, t, warnings);
        if (entry) out.hosts.set(alias, entry);
      }
  }
  return out;
}

function hostEntry(alias: string, t: unknown, warnings: string[]): RemoteHostEntry | null {
  const where = `[remote.hosts.${alias}]`;
  if (!HOST_ALIAS_RE.test(alias)) {
    warnings.push(
      `${where}: an alias is letters, digits, '.', '_' and '-' (it names sessions: dev@${alias}); skipped`,
    );
    return null;
  }
  if (!isTable(t)) {
    warnings.push(`${where} must be a table; skipped`);
    return null;
  }
  const str = (key: string): string | null => {
    const v = t[key];
    if (v === undefined) return null;
    if (typeof v === 'string' && v.trim()) return v.trim();
    warnings.push(`${where} ${key} must be a non-empty string; ignored`);
    return null;
  };
  let port: number | null = null;
  if (t.port !== undefined) {
    const n = num(t.port);
    if (n !== null && Number.isInteger(n) && n >= 1 && n <= 65535) port = n;
    else warnings.push(`${where} port must be an integer 1–65535; ignored`);
  }
  let sshArgs: string[] = [];
  if (t.ssh_args !== undefined) {
    if (Array.isArray(t.ssh_args) && t.ssh_args.every((a) => typeof a === 'string')) sshArgs = t.ssh_args;
    else warnings.push(`${where} ssh_args must be an array of strings; ignored`);
  }
  const binaryPath = str('binary_path');
  if (binaryPath && !binaryPath.startsWith('/') && !binaryPath.startsWith('~/')) {
    warnings.push(`${where} binary_path must be absolute (or start with ~/); ignored`);
  }
  const known = new Set(['host', 'user', 'port', 'identity_file', 'ssh_args', 'binary_path']);
  for (const k of Object.keys(t)) if (!known.has(k)) warnings.push(`${where} unknown key '${k}'`);
  return {
    alias,
    host: str('host'),
    user: str('user'),
    port,
    identityFile: str('identity_file'),
    sshArgs,
    binaryPath: binaryPath && (binaryPath.startsWith('/') || binaryPath.startsWith('~/')) ? binaryPath : null,
  };
}
