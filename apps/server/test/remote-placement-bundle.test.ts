// `bundle-failed` from a real host (spec 003 "Availability": the extension's files could not be
// stored or verified on the host; issue 19 item 6): the host account's snapshot store
// (~/.local/share/rozi/placed) is a plain file, so the host cannot store the snapshot it is sent.
// The placed service stays unavailable with that reason (it never falls back to the client), one
// notification however often placement retries, and the CLI's row names it; a local session and
// the host's own sessions keep working.
import { chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';

interface PlacedRow {
  service: string;
  host: string;
  state: string;
  reason: string | null;
  message: string | null;
}

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  // The host account's data directory exists and is its own, but `placed` is a file there.
  const account = fx.hosts[0]!.account;
  const share = join(account.home, '.local', 'share', 'rozi');
  mkdirSync(share, { recursive: true });
  writeFileSync(join(share, 'placed'), 'not a directory\n');
  for (const p of ['.local', '.local/share', '.local/share/rozi', '.local/share/rozi/placed'])
    chownSync(join(account.home, p), account.uid, account.uid);
  await fx.start();
  const dir = join(fx.home, 'bundled');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'ok.sh'), '#!/bin/sh\nexec cat\n', { mode: 0o755 });
  writeFileSync(
    join(dir, 'extension.toml'),
    '[extension]\nid = "bundled"\napi = 1\n\n[[services]]\nname = "watch"\nexec = ["./bin/ok.sh"]\nplacement = "each-host"\n',
  );
  const r = await runCli(fx.server!.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
}, 300_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

describe('bundle-failed on a real host', () => {
  it('leaves the service unavailable with bundle-failed, one notification, the host session working', async () => {
    const s = fx.server!;
    const made = await s.call<{ pane: { key: number } }>('sessions.create', { name: 'dev', host: 'box' });
    const row = await waitFor(
      'the service unavailable on box',
      async () => {
        const st = await s.call<{ placed: PlacedRow[] }>('extensions.status', {});
        const r = st.placed.find((x) => x.service === 'watch' && x.host === 'box');
        return r?.reason ? r : null;
      },
      200_000,
    );
    expect(row.state).toBe('unavailable');
    expect(row.reason).toBe('bundle-failed');
    expect(row.message).toMatch(/could not store the extension's files: .*(EEXIST|ENOTDIR)/);
    // reload-extensions tries again (a reason the user must fix): it fails the same way, and the
    // notification is not repeated.
    const failures = () =>
      ((s.stderr() ?? '').match(/bundled\.watch unavailable on box: bundle-failed/g) ?? []).length;
    const before = failures();
    await runCli(s.env, ['run-action', 'reload-extensions']);
    await waitFor('a second placement that failed alike', () => failures() > before, 120_000);
    const notes = await s.call<{ title: string | null }[]>('workspace.notifications');
    expect(
      notes.filter((n) => /^bundled\.watch unavailable on box/.test(n.title ?? '')).map((n) => n.title),
    ).toEqual(['bundled.watch unavailable on box: bundle-failed']);
    const text = await runCli(s.env, ['extensions', 'status', '--format', 'text']);
    expect(text.stdout).toMatch(/service\.watch\s+unavailable.*bundle-failed/);
    // The host's session itself is unaffected.
    const key = made.pane.key;
    await s.call('panes.sendText', { key, text: 'echo still-$((20+1))\r' });
    await waitFor(
      'the host pane answering',
      async () => (await s.call<{ lines: string[] }>('panes.capture', { key })).lines.includes('still-21'),
      120_000,
    );
  }, 360_000);
});
