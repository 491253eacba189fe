// What `--remote HOST` (or "New session on…") names, resolved against [remote] settings: an alias
// of [remote.hosts], an ~/.ssh/config alias or bare host name (left to ssh), or an
// ssh://[user@]host[:port] URL. CLI values win over the alias's entry, which wins over the
// default host's shared identity_file / ssh_args / binary_path (configuration.md). Pure.
import { HOST_ALIAS_RE, type RemoteHostEntry, type RemoteSettings } from './remoteSettings';

export interface SshTarget {
  /** The name people see and sessions carry (`dev@<alias>`). */
  alias: string;
  /** What ssh is asked to reach: an alias keeps ~/.ssh/config in force. */
  destination: string;
  user: string | null;
  port: number | null;
  identityFile: string | null;
  sshArgs: string[];
  binaryPath: string | null;
  source: 'config' | 'ssh-config' | 'url' | 'hostname';
}

export type TargetResult = { ok: true; target: SshTarget } | { ok: false; error: string };

/** Host names and aliases: never an option (`-oProxyCommand=…` must not reach ssh as one). */
const DESTINATION_RE = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const USER_RE = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export function resolveHostTarget(
  arg: string,
  settings: RemoteSettings,
  sshAliases: readonly string[],
): TargetResult {
  const text = arg.trim();
  if (!text)
    return {
      ok: false,
      error: 'name a host: an alias of [remote.hosts] or ~/.ssh/config, or ssh://user@host:port',
    };
  const shared = settings.defaultHost ? settings.hosts.get(settings.defaultHost) : undefined;
  if (text.startsWith('ssh://')) {
    const m = /^ssh:\/\/(?:([^@/:]+)@)?([^@/:]+)(?::(\d+))?\/?$/.exec(text);
    if (!m)
      return { ok: false, error: `'${text}' is not ssh://host, ssh://user@host or ssh://user@host:port` };
    const [, user, host, portText] = m as unknown as [string, string | undefined, string, string | undefined];
    if (!DESTINATION_RE.test(host)) return { ok: false, error: `'${host}' is not a host name` };
    if (user !== undefined && !USER_RE.test(user))
      return { ok: false, error: `'${user}' is not a user name` };
    const port = portText === undefined ? null : Number(portText);
    if (port !== null && (port < 1 || port > 65535))
      return { ok: false, error: `port ${portText} is outside 1–65535` };
    const entry = settings.hosts.get(host);
    return {
      ok: true,
      target: merge({
        alias: port === null ? host : `${host}-${port}`,
        destination: entry?.host ?? host,
        entry,
        shared,
        user: user ?? null,
        port,
        source: 'url',
      }),
    };
  }
  if (!DESTINATION_RE.test(text) || !HOST_ALIAS_RE.test(text))
    return {
      ok: false,
      error: `'${text}' is not a host alias or name (letters, digits, '.', '_', '-'; or ssh://user@host:port)`,
    };
  const entry = settings.hosts.get(text);
  return {
    ok: true,
    target: merge({
      alias: text,
      destination: entry?.host ?? text,
      entry,
      shared,
      user: null,
      port: null,
      source: entry ? 'config' : sshAliases.includes(text) ? 'ssh-config' : 'hostname',
    }),
  };
}

function merge(o: {
  alias: string;
  destination: string;
  entry: RemoteHostEntry | undefined;
  shared: RemoteHostEntry | undefined;
  user: string | null;
  port: number | null;
  source: SshTarget['source'];
}): SshTarget {
  const e = o.entry;
  const s = o.shared && o.shared !== e ? o.shared : undefined;
  return {
    alias: o.alias,
    destination: o.destination,
    user: o.user ?? e?.user ?? null,
    port: o.port ?? e?.port ?? null,
    identityFile: e?.identityFile ?? s?.identityFile ?? null,
    sshArgs: e?.sshArgs.length ? e.sshArgs : (s?.sshArgs ?? []),
    binaryPath: e?.binaryPath ?? s?.binaryPath ?? null,
    source: o.source,
  };
}
