// A real OpenSSH server for the remote-host tests: sshd on 127.0.0.1 on a free port with a
// generated host key, and "remote" accounts created for the test (each its own HOME), logged into
// with a generated client key. Nothing of the machine's own ssh setup is read or changed: the
// client side lives in the test's temporary HOME (known_hosts, key, config.toml).
// Needs root (useradd, sshd) and Debian's openssh-server (scripts/test.sh installs it).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { waitFor } from './harness';

export const SSHD = '/usr/sbin/sshd';
const SSHD_BASE = '/run/rozi-test';

export interface RemoteAccount {
  user: string;
  uid: number;
  home: string;
}

export interface TestSshd {
  port: number;
  dir: string;
  /** `[127.0.0.1]:port ssh-ed25519 …`: the line a client's known_hosts needs. */
  knownHostsLine: string;
  stop(): Promise<void>;
  /** Starts it again on the same port (the link reconnects). */
  restart(): Promise<void>;
  readonly running: boolean;
}

export interface ClientKey {
  privateKey: string;
  publicKey: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = createConnection(port, '127.0.0.1');
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });
}

export function generateKey(dir: string, name: string): ClientKey {
  const path = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', path]);
  return { privateKey: path, publicKey: readFileSync(`${path}.pub`, 'utf8').trim() };
}

/** A fresh account with its own HOME under `base` (deleted by removeAccount). */
export function createAccount(base: string): RemoteAccount {
  const user = `rozi-h${randomBytes(4).toString('hex')}`;
  const home = join(base, user);
  execFileSync('useradd', ['-M', '-d', home, '-s', '/bin/bash', '-U', user]);
  // A locked password ('!') makes sshd refuse even key logins without PAM; '*' is "no password".
  execFileSync('usermod', ['-p', '*', user]);
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  mkdirSync(home, { mode: 0o700 });
  chownSync(home, uid, uid);
  return { user, uid, home };
}

/** Ends every process of the test account (all started by the test), then removes it. */
export async function removeAccount(a: RemoteAccount): Promise<void> {
  const pids = () =>
    readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .filter((n) => {
        try {
          return /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${n}/status`, 'utf8'))?.[1] === String(a.uid);
        } catch {
          return false;
        }
      })
      .map(Number);
  for (const pid of pids()) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  await waitFor('the test account to have no processes', () => pids().length === 0, 5000).catch(() => {
    for (const pid of pids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  });
  try {
    execFileSync('userdel', [a.user], { stdio: 'ignore' });
  } catch {
    // Already removed.
  }
  rmSync(a.home, { recursive: true, force: true });
  // useradd -U made a group of the same name; userdel removes it with the user.
}

export async function startSshd(o: {
  accounts: RemoteAccount[];
  clientKeys: ClientKey[];
  port?: number;
}): Promise<TestSshd> {
  if (!existsSync(SSHD)) throw new Error(`${SSHD} is missing: install openssh-server (scripts/test.sh does)`);
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  // sshd's StrictModes refuses an authorized_keys file below a world-writable directory (/tmp).
  mkdirSync(SSHD_BASE, { recursive: true, mode: 0o755 });
  const dir = mkdtempSync(join(SSHD_BASE, 'sshd-'));
  chmodSync(dir, 0o755);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_ed25519')]);
  const auth = join(dir, 'auth');
  mkdirSync(auth, { mode: 0o755 });
  for (const a of o.accounts)
    writeFileSync(join(auth, a.user), o.clientKeys.map((k) => k.publicKey).join('\n') + '\n', {
      mode: 0o644,
    });
  const port = o.port ?? (await freePort());
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_ed25519')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${auth}/%u`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'PermitRootLogin no',
      'StrictModes yes',
      `AllowUsers ${o.accounts.map((a) => a.user).join(' ')}`,
      'PrintMotd no',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  const hostPub = readFileSync(join(dir, 'host_ed25519.pub'), 'utf8')
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .join(' ');
  let proc: ChildProcess | null = null;
  let log = '';
  const start = async () => {
    proc = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    proc.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    await waitFor(
      `sshd on port ${port} (${log})`,
      async () => {
        if (proc?.exitCode !== null) throw new Error(`sshd exited: ${log}`);
        return portOpen(port);
      },
      10_000,
    );
  };
  const stop = async () => {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    dir,
    knownHostsLine: `[127.0.0.1]:${port} ${hostPub}`,
    get running() {
      return proc !== null && proc.exitCode === null;
    },
    async stop() {
      await stop();
    },
    async restart() {
      await stop();
      await start();
    },
  };
}

export function removeSshdDir(s: TestSshd): void {
  rmSync(s.dir, { recursive: true, force: true });
}
