// The ssh command lines rozi runs: always the system `ssh`, so known_hosts, agents, jump hosts
// and the user's ~/.ssh/config stay ssh's business. Host keys are never waved through (no
// StrictHostKeyChecking=no): an unknown or changed key fails, and the user decides with ssh.
// One connection per host: the link's ssh is the ControlMaster and every other command for that
// host (install, kill of a stuck link) rides it while it is up.
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { RemoteSettings } from './remoteSettings';
import type { SshTarget } from './hostTarget';

export interface SshContext {
  settings: RemoteSettings;
  /** The HOME this server runs with. */
  home: string;
  /** A private (0700) directory for ControlMaster sockets. */
  controlDir: string;
}

/** Single-quotes a word for the remote login shell (sh, bash, zsh, fish and csh agree on '…'). */
export function shQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `~/x` → `"$HOME"/x` so the remote shell expands it; anything else quoted as is. */
function remotePath(path: string): string {
  return path.startsWith('~/') ? `"$HOME"/${shQuote(path.slice(2))}` : shQuote(path);
}

function expandLocal(path: string, home: string): string {
  return path.startsWith('~/') ? join(home, path.slice(2)) : path;
}

/**
 * ssh reads ~/.ssh from the password database, not $HOME. A server started with another HOME
 * (a container, a test) means that HOME's ssh files, so they are named explicitly.
 */
function homeOverrides(home: string): string[] {
  let pwHome: string;
  try {
    pwHome = userInfo().homedir;
  } catch {
    return [];
  }
  if (pwHome === home) return [];
  const config = join(home, '.ssh', 'config');
  return [
    '-F',
    existsSync(config) ? config : '/dev/null',
    '-o',
    `UserKnownHostsFile=${join(home, '.ssh', 'known_hosts')}`,
  ];
}

/** Arguments before the destination, shared by every ssh rozi runs for this host. */
export function sshOptions(t: SshTarget, c: SshContext): string[] {
  const s = c.settings;
  return [
    // The user's own arguments first: for options ssh takes the first value it sees.
    ...t.sshArgs,
    ...homeOverrides(c.home),
    '-T',
    '-o',
    `BatchMode=${s.batchMode ? 'yes' : 'no'}`,
    '-o',
    `ConnectTimeout=${s.connectionTimeoutSecs}`,
    '-o',
    `ServerAliveInterval=${s.serverAliveIntervalSecs}`,
    '-o',
    `ServerAliveCountMax=${s.serverAliveCountMax}`,
    '-o',
    'ControlMaster=auto',
    '-o',
    `ControlPath=${join(c.controlDir, '%C')}`,
    '-o',
    'ControlPersist=no',
    ...(t.port !== null ? ['-p', String(t.port)] : []),
    ...(t.user !== null ? ['-l', t.user] : []),
    ...(t.identityFile !== null
      ? ['-i', expandLocal(t.identityFile, c.home), '-o', 'IdentitiesOnly=yes']
      : []),
  ];
}

/** The comment line that marks ~/.local/bin/rozi as a launcher `rozi remote install` wrote. */
export const LAUNCHER_MARK = 'rozi-host-launcher';

/** Exit status of the link command when the host has no rozi it can run. */
export const ROZI_MISSING_EXIT = 97;

/**
 * The link: find rozi on the host (binary_path, else the launcher an install wrote in
 * ~/.local/bin, else PATH, else whatever ~/.local/bin/rozi is), then run its `host serve --stdio`. A missing rozi says so on stderr with a
 * fixed word the client recognises, instead of a shell's "command not found". The client's
 * ROZI_ECHO_TRACE (a bench's) is handed to the host's server too (stream/echoTrace.ts), and its
 * ROZI_HOST_STDIO (`proxy`: the relay pipes the link instead of the server adopting the ssh stdio,
 * host/stdioAdoption.ts) to the relay.
 */
export function linkCommand(
  t: SshTarget,
  pass: { ROZI_ECHO_TRACE?: string; ROZI_HOST_STDIO?: string } = {},
): string {
  const find = t.binaryPath
    ? `b=${remotePath(t.binaryPath)}; [ -x "$b" ] || { echo "rozi-missing: $b is not an executable file" >&2; exit ${ROZI_MISSING_EXIT}; }`
    : `l="$HOME/.local/bin/rozi"; if [ -x "$l" ] && grep -q ${LAUNCHER_MARK} "$l" 2>/dev/null; then b="$l"; elif command -v rozi >/dev/null 2>&1; then b=rozi; elif [ -x "$HOME/.local/bin/rozi" ]; then b="$HOME/.local/bin/rozi"; else echo "rozi-missing: no rozi on PATH or in ~/.local/bin" >&2; exit ${ROZI_MISSING_EXIT}; fi`;
  const set = Object.entries(pass)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${shQuote(v as string)}`);
  const env = set.length ? `env ${set.join(' ')} ` : '';
  return `sh -c ${shQuote(`${find}; exec ${env}"$b" host serve --stdio`)}`;
}

export function sshArgv(t: SshTarget, c: SshContext, remoteCommand: string): string[] {
  return [...sshOptions(t, c), '--', t.destination, remoteCommand];
}
