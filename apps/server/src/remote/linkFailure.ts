// Why a link attempt failed, in one line a person can act on, from what ssh and the host said.
// `permanent` failures (a refused host key, refused login, unknown name, no or wrong rozi) wait for
// the user; the others (refused or dropped connections, timeouts) are retried with backoff.
import { ROZI_MISSING_EXIT } from './sshCommand';

export type FailureKind =
  | 'unresolvable'
  | 'refused'
  | 'timeout'
  | 'unreachable'
  | 'host-key-changed'
  | 'host-key-unknown'
  | 'auth'
  | 'rozi-missing'
  | 'rozi-incompatible'
  | 'dropped'
  | 'protocol'
  | 'other';

export interface LinkFailure {
  kind: FailureKind;
  message: string;
  permanent: boolean;
}

const PERMANENT = new Set<FailureKind>([
  'unresolvable',
  'host-key-changed',
  'host-key-unknown',
  'auth',
  'rozi-missing',
  'rozi-incompatible',
]);

function failure(kind: FailureKind, message: string): LinkFailure {
  return { kind, message, permanent: PERMANENT.has(kind) };
}

/** The last meaningful stderr line (ssh's warnings about added keys etc. are not the reason). */
function lastLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !/^Warning: Permanently added/.test(l) && !/^@+$/.test(l));
  return lines[lines.length - 1] ?? '';
}

/** Classifies the end of an ssh process that never completed the hello. Pure. */
export function classifyExit(o: {
  alias: string;
  destination: string;
  /** The [remote.hosts] alias `destination` came from, when it did. */
  configuredAs?: string;
  exitCode: number | null;
  signal: string | null;
  stderr: string;
  stdout: string;
  installHint: string;
}): LinkFailure {
  const { alias, stderr } = o;
  if (/Could not resolve hostname|Name or service not known|nodename nor servname/i.test(stderr))
    return failure(
      'unresolvable',
      // A configured alias was found: its `host` is what does not resolve, so say where it is written.
      o.configuredAs !== undefined
        ? `cannot resolve host '${o.destination}' (host of [remote.hosts.${o.configuredAs}] in config.toml): check that name, or this machine's DNS`
        : `cannot resolve host '${o.destination}': not an alias in [remote.hosts] or ~/.ssh/config, and not a known host name`,
    );
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key for .* has changed/i.test(stderr))
    return failure(
      'host-key-changed',
      `the host key of ${alias} does not match your known_hosts (the host was reinstalled, or someone is in between): check it, then remove the old key with ssh-keygen -R`,
    );
  if (/Host key verification failed|No .* host key is known/i.test(stderr))
    return failure(
      'host-key-unknown',
      `the host key of ${alias} is not in your known_hosts: run 'ssh ${o.destination}' once to check and accept it`,
    );
  if (/Permission denied|Too many authentication failures/i.test(stderr))
    return failure(
      'auth',
      `ssh could not log in to ${alias} (${lastLine(stderr).replace(/^.*?Permission denied/, 'permission denied')}): load your key into ssh-agent or set identity_file in [remote.hosts.${alias}]`,
    );
  if (/Connection refused/i.test(stderr))
    return failure(
      'refused',
      `${alias} refused the connection (${lastLine(stderr)}): is sshd running there?`,
    );
  if (/timed out/i.test(stderr)) return failure('timeout', `connecting to ${alias} timed out`);
  if (/No route to host|Network is unreachable/i.test(stderr))
    return failure('unreachable', `${alias} is unreachable (${lastLine(stderr)})`);
  if (o.exitCode === ROZI_MISSING_EXIT || /rozi-missing:/.test(stderr)) {
    const why = /rozi-missing: (.*)/.exec(stderr)?.[1] ?? 'no rozi found';
    return failure('rozi-missing', `rozi is not installed on ${alias} (${why.trim()}): ${o.installHint}`);
  }
  if (o.exitCode === 255)
    return failure('dropped', `ssh to ${alias} failed: ${lastLine(stderr) || 'connection closed'}`);
  if (o.exitCode !== null && o.exitCode !== 0 && !o.stdout.trim())
    // rozi ran but has no `host serve` (or failed before its hello): a build too old to be a host.
    return failure(
      'rozi-incompatible',
      `rozi on ${alias} cannot serve this client (${lastLine(stderr) || `exit ${o.exitCode}`}): update it, ${o.installHint}`,
    );
  return failure('dropped', `the link to ${alias} closed${lastLine(stderr) ? `: ${lastLine(stderr)}` : ''}`);
}
