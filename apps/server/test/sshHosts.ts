// Loopback "remote machines" for whatever needs one (server tests through remoteFixture.ts, the
// e2e tests, bench/remote-hosts.ts): per alias a fresh account (its own HOME under `base`) and a
// real sshd for it, plus the client side in the given HOME: a generated key in ~/.ssh, each
// host's key in ~/.ssh/known_hosts, and the `[remote.hosts.<alias>]` lines for config.toml.
// Needs root (useradd, sshd) and Debian's openssh-server (see sshd.ts).
import { appendFileSync, chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  createAccount,
  generateKey,
  removeAccount,
  removeSshdDir,
  startSshd,
  type ClientKey,
  type RemoteAccount,
  type TestSshd,
} from './sshd';

export interface SshHost {
  alias: string;
  account: RemoteAccount;
  sshd: TestSshd;
}

export interface SshHosts {
  key: ClientKey;
  hosts: SshHost[];
  /** One host's `[remote.hosts.<alias>]` table, with `extra` keys (TOML values) after. */
  hostConfig(h: SshHost, extra?: Record<string, string>): string;
  /** Every host's table: what config.toml needs to reach them all. */
  config(): string;
  /** Stops the sshds and removes the accounts with everything they run (not `base`). */
  stop(): Promise<void>;
}

export async function sshHosts(o: {
  /** The client's HOME: its ~/.ssh gets the key and known_hosts. */
  clientHome: string;
  /** Where the accounts' HOMEs go: made world-enterable here (0755), removed by the caller. */
  base: string;
  aliases: string[];
  /** The hosts' `binary_path` (this checkout's rozi), or null for none. */
  binaryPath: string | null;
  /** The key's file name in ~/.ssh (default id_test). */
  keyName?: string;
}): Promise<SshHosts> {
  chmodSync(o.base, 0o755);
  const sshDir = join(o.clientHome, '.ssh');
  mkdirSync(sshDir, { recursive: true, mode: 0o700 });
  const keyName = o.keyName ?? 'id_test';
  const key = generateKey(sshDir, keyName);
  const hosts: SshHost[] = [];
  const stop = async () => {
    for (const h of hosts) {
      await h.sshd.stop();
      removeSshdDir(h.sshd);
      await removeAccount(h.account);
    }
  };
  try {
    for (const alias of o.aliases) {
      const account = createAccount(o.base);
      const sshd = await startSshd({ accounts: [account], clientKeys: [key] }).catch(async (err: unknown) => {
        await removeAccount(account);
        throw err;
      });
      hosts.push({ alias, account, sshd });
      appendFileSync(join(sshDir, 'known_hosts'), sshd.knownHostsLine + '\n', { mode: 0o600 });
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const hostConfig = (h: SshHost, extra: Record<string, string> = {}) =>
    [
      `[remote.hosts.${h.alias}]`,
      'host = "127.0.0.1"',
      `port = ${h.sshd.port}`,
      `user = "${h.account.user}"`,
      `identity_file = "~/.ssh/${keyName}"`,
      ...(o.binaryPath ? [`binary_path = "${o.binaryPath}"`] : []),
      ...Object.entries(extra).map(([k, v]) => `${k} = ${v}`),
    ].join('\n') + '\n';
  return {
    key,
    hosts,
    hostConfig,
    config: () => hosts.map((h) => hostConfig(h)).join('\n'),
    stop,
  };
}
