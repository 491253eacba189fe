// Test setup for remote hosts: real sshd(s) on loopback, one fresh account per host (its own
// HOME: "the remote machine"), and a local rozi server in a temp HOME whose config.toml names the
// hosts and whose ~/.ssh holds the generated client key and the hosts' keys. Hosts run this
// checkout's rozi (binary_path) unless a test asks for an install.
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, makeHome, removeHome, startServer, type TestServer } from './harness';
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

export interface TestHost {
  alias: string;
  account: RemoteAccount;
  sshd: TestSshd;
}

export interface RemoteFixture {
  home: string;
  env: NodeJS.ProcessEnv;
  key: ClientKey;
  hosts: TestHost[];
  server: TestServer | null;
  base: string;
  start(extraEnv?: NodeJS.ProcessEnv): Promise<TestServer>;
  /** Adds `[remote.hosts.<alias>]` (and any other TOML) to config.toml. */
  appendConfig(toml: string): void;
  hostConfig(h: TestHost, extra?: Record<string, string>): string;
  cleanup(): Promise<void>;
}

export async function remoteFixture(o: {
  hosts: string[];
  binaryPath?: string | null;
  extraConfig?: string;
}): Promise<RemoteFixture> {
  const { home, env } = makeHome();
  // The accounts' homes: outside the local HOME (a 0700 directory they could not enter).
  const base = mkdtempSync(join(tmpdir(), 'rozi-remote-'));
  chmodSync(base, 0o755);
  const sshDir = join(home, '.ssh');
  mkdirSync(sshDir, { mode: 0o700 });
  const key = generateKey(sshDir, 'id_test');
  const hosts: TestHost[] = [];
  for (const alias of o.hosts) {
    const account = createAccount(base);
    const sshd = await startSshd({ accounts: [account], clientKeys: [key] });
    hosts.push({ alias, account, sshd });
    appendFileSync(join(sshDir, 'known_hosts'), sshd.knownHostsLine + '\n', { mode: 0o600 });
  }
  const configDir = join(home, '.config', 'rozi');
  mkdirSync(configDir, { recursive: true });
  const configFile = join(configDir, 'config.toml');
  const hostConfig = (h: TestHost, extra: Record<string, string> = {}) => {
    const lines = [
      `[remote.hosts.${h.alias}]`,
      `host = "127.0.0.1"`,
      `port = ${h.sshd.port}`,
      `user = "${h.account.user}"`,
      `identity_file = "~/.ssh/id_test"`,
    ];
    const binaryPath = o.binaryPath === undefined ? BIN : o.binaryPath;
    if (binaryPath) lines.push(`binary_path = "${binaryPath}"`);
    for (const [k, v] of Object.entries(extra)) lines.push(`${k} = ${v}`);
    return lines.join('\n') + '\n';
  };
  writeFileSync(configFile, (o.extraConfig ?? '') + hosts.map((h) => hostConfig(h)).join('\n'));
  const fx: RemoteFixture = {
    home,
    env,
    key,
    hosts,
    base,
    server: null,
    async start(extraEnv) {
      fx.server = await startServer({ home: { home, env }, env: extraEnv });
      return fx.server;
    },
    appendConfig(toml) {
      appendFileSync(configFile, '\n' + toml);
    },
    hostConfig,
    async cleanup() {
      if (fx.server) await fx.server.stop();
      for (const h of hosts) {
        await h.sshd.stop();
        await removeAccount(h.account);
        removeSshdDir(h.sshd);
      }
      removeHome(home);
      rmSync(base, { recursive: true, force: true });
    },
  };
  return fx;
}
