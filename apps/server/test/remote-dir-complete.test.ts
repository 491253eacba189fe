// Directory completion for a session on a remote host (issue 17): the browser's Set folder field
// names the session (`dev@box`) and the host answers from its own disk, over real sshd. This
// server's HOME has none of the host's directories, so a local answer could not pass.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteFixture, type RemoteFixture } from './remoteFixture';

interface Completion {
  entries: string[];
  truncated: boolean;
  problem: string | null;
}

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  await fx.start();
}, 180_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

describe('directories.complete for a remote session', () => {
  it('lists the host’s directories, not this machine’s', async () => {
    const s = fx.server!;
    const home = fx.hosts[0]!.account.home;
    for (const d of ['projects/alpha', 'projects/beta', 'photos']) {
      mkdirSync(join(home, d), { recursive: true });
    }
    for (const d of ['projects', 'projects/alpha', 'projects/beta', 'photos'])
      chmodSync(join(home, d), 0o755);
    mkdirSync(join(fx.home, 'local-only'), { recursive: true });
    await s.call('sessions.create', { name: 'dev', host: 'box' });

    const bySession = await s.call<Completion>('directories.complete', { prefix: '~/p', session: 'dev@box' });
    expect(bySession).toEqual({ entries: ['~/photos/', '~/projects/'], truncated: false, problem: null });
    const inside = await s.call<Completion>('directories.complete', {
      prefix: '~/projects/',
      session: 'dev@box',
    });
    expect(inside.entries).toEqual(['~/projects/alpha/', '~/projects/beta/']);
    const absolute = await s.call<Completion>('directories.complete', { prefix: `${home}/pr`, host: 'box' });
    expect(absolute.entries).toEqual([`${home}/projects/`]);

    // A local session (and no session at all) still reads this machine's disk.
    const local = await s.call<Completion>('directories.complete', { prefix: '~/lo' });
    expect(local.entries).toEqual(['~/local-only/']);
    const hostMissing = await s.call<Completion>('directories.complete', {
      prefix: '~/lo',
      session: 'dev@box',
    });
    expect(hostMissing.entries).toEqual([]);

    // A directory part missing on the host: one line, from the host.
    const missing = await s.call<Completion>('directories.complete', {
      prefix: '~/nope/x',
      session: 'dev@box',
    });
    expect(missing).toEqual({ entries: [], truncated: false, problem: 'No such directory: ~/nope/' });
  }, 240_000);
});
