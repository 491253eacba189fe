// Installing rozi on hosts that have none (issue 19, `[remote] install`): `rozi remote install`
// copies this rozi's self-contained build (its own node, sources, run-time modules), checked by
// sha256, into the host account's ~/.local/share/rozi/builds/<digest>, with a launcher in
// ~/.local/bin; a second install sends nothing; with install = "always" a link that finds no
// rozi installs it and carries on. Real sshd, real second accounts, no rozi on their PATH.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';
import type { PaneInfo } from '../src/session/model';

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['bare', 'auto'], binaryPath: null });
  await fx.start();
}, 60_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

async function echoOnHost(session: string, key: number): Promise<string[]> {
  await fx.server!.call('panes.sendText', { key, text: 'echo "bin=$ROZI_BIN"\r' });
  return waitFor(
    `the pane of ${session} answering`,
    async () => {
      const c = await fx.server!.call<{ lines: string[] }>('panes.capture', { key });
      return c.lines.some((l) => l.startsWith('bin=/')) ? c.lines : null;
    },
    30_000,
  );
}

describe('rozi remote install', () => {
  it('copies a digest-named build with a launcher, and the host then serves sessions', async () => {
    const env = fx.server!.env;
    const r = await runCli(env, ['remote', 'install', 'bare', '--format', 'text']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^installed rozi [0-9a-f]{12} on bare \([\d.]+ MB, checked by sha256\) and connected/,
    );
    const home = fx.hosts[0]!.account.home;
    const launcher = readFileSync(join(home, '.local', 'bin', 'rozi'), 'utf8');
    const digest = /rozi-host-launcher ([0-9a-f]{64})/.exec(launcher)?.[1];
    expect(digest).toBeDefined();
    const build = join(home, '.local', 'share', 'rozi', 'builds', digest!);
    expect(existsSync(join(build, 'node'))).toBe(true);
    expect(existsSync(join(build, 'apps', 'server', 'bin', 'rozi.mjs'))).toBe(true);
    // Nothing half-copied is left beside it.
    expect(existsSync(`${build}.partial`)).toBe(false);

    const created = await fx.server!.call<{ session: string; pane: PaneInfo }>('sessions.create', {
      name: 'work',
      host: 'bare',
    });
    expect(created.session).toBe('work@bare');
    const lines = await echoOnHost('work@bare', created.pane.key);
    // Panes on the host call the installed launcher, not this checkout.
    expect(lines).toContain(`bin=${join(home, '.local', 'bin', 'rozi')}`);

    const again = await runCli(env, ['remote', 'install', 'bare', '--format', 'text']);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(`bare already has rozi ${digest!.slice(0, 12)}; connected`);
  }, 300_000);

  it('installs on first use with [remote] install = "always"', async () => {
    fx.appendConfig('[remote]\ninstall = "always"\n');
    const created = await fx.server!.call<{ session: string; pane: PaneInfo }>('sessions.create', {
      name: 'auto',
      host: 'auto',
    });
    expect(created.session).toBe('auto@auto');
    const home = fx.hosts[1]!.account.home;
    const lines = await echoOnHost('auto@auto', created.pane.key);
    expect(lines).toContain(`bin=${join(home, '.local', 'bin', 'rozi')}`);
  }, 300_000);
});
