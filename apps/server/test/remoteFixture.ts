// Test setup for remote hosts: real sshd(s) on loopback, one fresh account per host (its own
// HOME: "the remote machine"), and a local rozi server in a temp HOME whose config.toml names the
// hosts and whose ~/.ssh holds the generated client key and the hosts' keys. Hosts run this
// checkout's rozi (binary_path) unless a test asks for an install.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, makeHome, removeHome, startServer, type TestServer } from './harness';
import type { ClientKey } from './sshd';
import { sshHosts, type SshHost } from './sshHosts';

export type TestHost = SshHost;

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
  const ssh = await sshHosts({
    clientHome: home,
    base,
    aliases: o.hosts,
    binaryPath: o.binaryPath === undefined ? BIN : o.binaryPath,
  });
  const configDir = join(home, '.config', 'rozi');
  mkdirSync(configDir, { recursive: true });
  const configFile = join(configDir, 'config.toml');
  writeFileSync(configFile, (o.extraConfig ?? '') + ssh.config());
  const fx: RemoteFixture = {
    home,
    env,
    key: ssh.key,
    hosts: ssh.hosts,
    base,
    server: null,
    async start(extraEnv) {
      fx.server = await startServer({ home: { home, env }, env: extraEnv });
      return fx.server;
    },
    appendConfig(toml) {
      appendFileSync(configFile, '\n' + toml);
    },
    hostConfig: ssh.hostConfig,
    async cleanup() {
      if (fx.server) await fx.server.stop();
      await ssh.stop();
      removeHome(home);
      rmSync(base, { recursive: true, force: true });
    },
  };
  return fx;
}
