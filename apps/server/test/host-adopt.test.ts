// The host server takes the ssh session's stdin/stdout over itself (host/stdioAdoption.ts), so no
// relay process copies the link's bytes on the host; ROZI_HOST_STDIO=proxy makes the relay pipe
// them as before. Checked on a real sshd by which process holds sshd's pipes, with the link
// working in both modes, surviving its relay being killed, and the relay ending with the link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';
import type { PaneInfo, WorkspaceInfo } from '../src/session/model';

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
}, 60_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

/** The host account's processes whose command line contains every one of `words`. */
function hostProcs(words: string[]): number[] {
  const uid = fx.hosts[0]!.account.uid;
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (statSync(`/proc/${name}`).uid !== uid) continue;
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (words.every((w) => argv.includes(w))) out.push(Number(name));
    } catch {
      // Gone while we looked.
    }
  }
  return out;
}

function fdTargets(pid: number): Map<string, string> {
  const m = new Map<string, string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      m.set(fd, readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      // Closed meanwhile.
    }
  }
  return m;
}

/** Whether the host's server holds the relay's ssh stdin and stdout pipes itself. */
function serverHoldsRelayStdio(relay: number): boolean {
  const [server] = hostProcs(['server', '--headless']);
  if (!server) throw new Error('no headless rozi server on the host');
  const r = fdTargets(relay);
  const held = new Set(fdTargets(server).values());
  const stdin = r.get('0')!;
  const stdout = r.get('1')!;
  expect(stdin).toMatch(/^pipe:/);
  expect(stdout).toMatch(/^pipe:/);
  return held.has(stdin) && held.has(stdout);
}

async function relayPid(): Promise<number> {
  return waitFor('one relay on the host', () => {
    const relays = hostProcs(['host', 'serve', '--stdio']);
    return relays.length === 1 ? relays[0]! : null;
  });
}

async function echoes(key: number, word: string): Promise<void> {
  const s = fx.server!;
  await s.call('panes.sendText', { key, text: `echo ${word}-$((40+2))\r` });
  await waitFor(
    `${word} echoed on the host`,
    async () => (await s.call<{ lines: string[] }>('panes.capture', { key })).lines.includes(`${word}-42`),
    20_000,
  );
}

async function connected(): Promise<void> {
  await waitFor(
    'the link up',
    async () =>
      (await fx.server!.call<{ state: string }>('hosts.link', { alias: 'box' })).state === 'connected',
    60_000,
  );
}

describe('the host server adopts the ssh stdio', () => {
  let key = 0;

  it('holds the pipes sshd made', async () => {
    const s = await fx.start();
    const created = await s.call<{ pane: PaneInfo }>('sessions.create', { name: 'a', host: 'box' });
    key = created.pane.key;
    await echoes(key, 'adopted');
    const relay = await relayPid();
    expect(serverHoldsRelayStdio(relay)).toBe(true);
  }, 120_000);

  it('comes back adopted after its relay is killed, nothing lost', async () => {
    const s = fx.server!;
    const before = await relayPid();
    const link = await s.call<{ pid: number }>('hosts.link', { alias: 'box' });
    process.kill(before, 'SIGKILL');
    await waitFor(
      'a new link',
      async () => {
        const l = await s.call<{ state: string; pid: number | null }>('hosts.link', { alias: 'box' });
        return l.state === 'connected' && l.pid !== link.pid;
      },
      60_000,
    );
    await echoes(key, 'again');
    const relay = await relayPid();
    expect(relay).not.toBe(before);
    expect(serverHoldsRelayStdio(relay)).toBe(true);
  }, 120_000);

  it('ends the relay when the link ends', async () => {
    expect(await fx.server!.stop()).toBe(0);
    fx.server = null;
    await waitFor(
      'no relay left on the host',
      () => hostProcs(['host', 'serve', '--stdio']).length === 0,
      30_000,
    );
    // The host's server and its session stay.
    expect(hostProcs(['server', '--headless'])).toHaveLength(1);
  }, 120_000);

  it('ROZI_HOST_STDIO=proxy: the relay pipes the link, the server holds none of its stdio', async () => {
    const s = await fx.start({ ROZI_HOST_STDIO: 'proxy' });
    await connected();
    const ws = await waitFor('the host session back', async () => {
      const w = await s.call<WorkspaceInfo>('workspace.get');
      return w.panes.some((p) => p.session === 'a@box') ? w : null;
    });
    const pane = ws.panes.find((p) => p.session === 'a@box')!;
    await echoes(pane.key, 'piped');
    const relay = await relayPid();
    expect(serverHoldsRelayStdio(relay)).toBe(false);
  }, 120_000);
});
