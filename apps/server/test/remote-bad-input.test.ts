// Remote hosts that cannot serve (issue 19, "bad input"): each fails with one line saying why and
// what to do, within bounded time, and the local workspace keeps working throughout.
import { chmodSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';
import { freePort, generateKey } from './sshd';

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  const box = fx.hosts[0]!;
  const refusedPort = await freePort();
  // A host key that is not box's: known_hosts holds it under an alias ssh is told to use.
  const otherKey = generateKey(fx.base, 'other_host_key');
  appendFileSync(
    join(fx.home, '.ssh', 'known_hosts'),
    `wrong-key-alias ${otherKey.publicKey.split(' ').slice(0, 2).join(' ')}\n`,
  );
  const old = join(fx.base, 'old-rozi');
  writeFileSync(
    old,
    '#!/bin/sh\necho "rozi-host protocol=0 min=0 version=0.0.1 platform=linux arch=x64"\nsleep 30\n',
  );
  chmodSync(old, 0o755);
  const ancient = join(fx.base, 'ancient-rozi');
  writeFileSync(ancient, '#!/bin/sh\necho "rozi: unknown command \'host\' (see rozi --help)" >&2\nexit 2\n');
  chmodSync(ancient, 0o755);
  const base = (alias: string, extra: string[]) =>
    [
      `[remote.hosts.${alias}]`,
      'host = "127.0.0.1"',
      `port = ${box.sshd.port}`,
      `user = "${box.account.user}"`,
      'identity_file = "~/.ssh/id_test"',
      ...extra,
    ].join('\n') + '\n';
  fx.appendConfig(
    [
      `[remote.hosts.refused]\nhost = "127.0.0.1"\nport = ${refusedPort}\nidentity_file = "~/.ssh/id_test"\n`,
      base('badkey', ['ssh_args = ["-o", "HostKeyAlias=wrong-key-alias"]', `binary_path = "/usr/bin/true"`]),
      base('norozi', []),
      base('oldrozi', [`binary_path = "${old}"`]),
      base('ancient', [`binary_path = "${ancient}"`]),
    ].join('\n'),
  );
  await fx.start();
}, 60_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

async function newSessionOn(host: string): Promise<{ code: number | null; stderr: string; ms: number }> {
  const t0 = Date.now();
  const r = await runCli(fx.server!.env, ['new-session', '--name', 'x', '--remote', host]);
  return { code: r.code, stderr: r.stderr.trim(), ms: Date.now() - t0 };
}

describe('a host that cannot serve', () => {
  const cases: Array<[string, RegExp]> = [
    ['no-such-host.invalid', /cannot resolve host 'no-such-host\.invalid'/],
    ['refused', /refused the connection/],
    ['badkey', /host key of badkey does not match your known_hosts/],
    ['norozi', /rozi is not installed on norozi .*rozi remote install norozi/],
    ['oldrozi', /rozi on oldrozi is not compatible: it is rozi 0\.0\.1 \(host link protocol 0\)/],
    ['ancient', /rozi on ancient cannot serve this client \(rozi: unknown command 'host'/],
  ];
  for (const [host, reason] of cases)
    it(`${host}: one line with the reason, quickly`, async () => {
      const r = await newSessionOn(host);
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(reason);
      expect(r.ms).toBeLessThan(25_000);
      // The local workspace is untouched and answers.
      const local = await fx.server!.call<{ session: string }>('sessions.create', {
        name: `local-${host.slice(0, 6)}`,
      });
      expect(local.session).toBe(`local-${host.slice(0, 6)}`);
    }, 60_000);

  it('with [remote] install = "never", names what to install by hand instead', async () => {
    fx.appendConfig('[remote]\ninstall = "never"\n');
    const r = await newSessionOn('norozi');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /rozi is not installed on norozi .*install rozi there yourself .*install = "never"/,
    );
    expect(r.stderr).not.toMatch(/rozi remote install/);
  }, 60_000);

  it('lists the failed hosts offline with their reasons', async () => {
    const hosts =
      await fx.server!.call<Array<{ alias: string; state: string; reason: string | null }>>('hosts.list');
    const badkey = hosts.find((h) => h.alias === 'badkey');
    expect(badkey?.state).toBe('offline');
    expect(badkey?.reason).toMatch(/host key/);
  });
});
