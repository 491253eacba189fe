// Availability reasons a real host produces (spec 003 "Availability", issue 19 item 6): a placed
// program that is not on the host's PATH is `missing-executable`, one the host cannot execute is
// `spawn-failed`; each is one notification, and the extension's other service runs on.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';

interface PlacedRow {
  service: string;
  host: string;
  state: string;
  pid: number | null;
  reason: string | null;
  message: string | null;
}

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  await fx.start();
  const dir = join(fx.home, 'reasons');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'ok.sh'), '#!/bin/sh\nexec cat\n', { mode: 0o755 });
  // No execute bit: the host's spawn fails (EACCES).
  writeFileSync(join(dir, 'bin', 'plain.sh'), '#!/bin/sh\nexec cat\n', { mode: 0o644 });
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]\nid = "reasons"\napi = 1\n',
      '[[services]]\nname = "fine"\nexec = ["./bin/ok.sh"]\nplacement = "each-host"\n',
      '[[services]]\nname = "gone"\nexec = ["rozi-test-no-such-program"]\nplacement = "each-host"\n',
      '[[services]]\nname = "noexec"\nexec = ["./bin/plain.sh"]\nplacement = "each-host"\n',
    ].join('\n'),
  );
  const r = await runCli(fx.server!.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
}, 300_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

describe('availability reasons on a real host', () => {
  it('shows missing-executable and spawn-failed once each while the good service runs', async () => {
    const s = fx.server!;
    await s.call('sessions.create', { name: 'dev', host: 'box' });
    const rows = await waitFor(
      'every service placed or unavailable on box',
      async () => {
        const st = await s.call<{ placed: PlacedRow[] }>('extensions.status', {});
        const by = (n: string) => st.placed.find((r) => r.service === n && r.host === 'box');
        const fine = by('fine');
        return fine?.state === 'running' && fine.pid && by('gone')?.reason && by('noexec')?.reason
          ? st.placed
          : null;
      },
      200_000,
    );
    const by = (n: string) => rows.find((r) => r.service === n)!;
    expect(by('gone').reason).toBe('missing-executable');
    expect(by('gone').message).toMatch(/rozi-test-no-such-program is not on this host's PATH/);
    expect(by('noexec').reason).toBe('spawn-failed');
    expect(by('noexec').message).toMatch(/plain\.sh could not be started: .*EACCES/);
    const notes = await waitFor('the notifications', async () => {
      const list = await s.call<{ title: string | null }[]>('workspace.notifications');
      const mine = list.filter((n) => /^reasons\.\w+ unavailable on box/.test(n.title ?? ''));
      return mine.length >= 2 ? mine.map((n) => n.title) : null;
    });
    expect(notes.sort()).toEqual([
      'reasons.gone unavailable on box: missing-executable',
      'reasons.noexec unavailable on box: spawn-failed',
    ]);
    // The CLI shows each reason on its row.
    const text = await runCli(s.env, ['extensions', 'status', '--format', 'text']);
    expect(text.stdout).toMatch(/service\.gone\s+unavailable.*missing-executable/);
    expect(text.stdout).toMatch(/service\.noexec\s+unavailable.*spawn-failed/);
  }, 300_000);
});
