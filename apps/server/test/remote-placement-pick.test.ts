// rozi pick and rozi prompt from a process placed on a real sshd host reach the CLIENT's browser
// (spec 003: requests carrying the extension's identity act on the client): the picker opens on
// this server's page (a WebSocket viewer stands in for the browser), the answer goes back over
// the link to the process on the host, which prints it there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickerRequest } from '../src/events/types';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';
import { Viewer } from './viewer';

let fx: RemoteFixture;
let viewer: Viewer;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  await fx.start();
  viewer = new Viewer(fx.server!);
  await viewer.opened;
  const dir = join(fx.home, 'asker');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(
    join(dir, 'bin', 'ask.sh'),
    [
      '#!/bin/sh',
      // each-host runs here too (this machine is a host): only the placed copy asks.
      `[ "$(id -u)" = "${process.getuid!()}" ] && exec cat`,
      'out=$(printf "alpha\\nbeta\\n" | "$ROZI_BIN" pick --title "Pick on $(id -un)")',
      'echo "pick $? $out" >> "$HOME/answers.txt"',
      'out=$("$ROZI_BIN" prompt --title "Name?" --default x)',
      'echo "prompt $? $out" >> "$HOME/answers.txt"',
      'exec cat',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  writeFileSync(
    join(dir, 'extension.toml'),
    '[extension]\nid = "asker"\napi = 1\n\n[[services]]\nname = "ask"\nexec = ["./bin/ask.sh"]\nplacement = "each-host"\n',
  );
  const r = await runCli(fx.server!.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
}, 300_000);

afterAll(async () => {
  await viewer?.close();
  await fx?.cleanup();
}, 60_000);

type Event = { type: string; picker?: PickerRequest };
const opened = (after: number) =>
  waitFor(
    'a picker opened on this server',
    () =>
      viewer.messages
        .slice(after)
        .flatMap((m) => (m.t === 'event' ? [m.event as unknown as Event] : []))
        .find((e) => e.type === 'picker-open')?.picker,
    200_000,
  );

describe('pick and prompt from a process placed on a host', () => {
  it('opens on the client, and the host process gets the answer', async () => {
    const s = fx.server!;
    const seen = viewer.messages.length;
    await s.call('sessions.create', { name: 'dev', host: 'box' });
    const picker = await opened(seen);
    const account = fx.hosts[0]!.account;
    // The title was made on the host, by the host's account.
    expect(picker.title).toBe(`Pick on ${account.user}`);
    expect(picker.rows.map((r) => r.label)).toEqual(['alpha', 'beta']);
    const afterPick = viewer.messages.length;
    await s.call('extensions.pickerAnswer', {
      id: picker.id,
      result: { kind: 'selected', row: picker.rows[1] },
    });
    const prompt = await opened(afterPick);
    expect(prompt.title).toBe('Name?');
    await s.call('extensions.pickerAnswer', {
      id: prompt.id,
      result: { kind: 'input', text: 'from the client' },
    });
    const answers = await waitFor(
      'both answers on the host',
      () => {
        const f = join(account.home, 'answers.txt');
        const lines = existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n') : [];
        return lines.length >= 2 ? lines : null;
      },
      60_000,
    );
    expect(answers).toEqual(['pick 0 beta', 'prompt 0 from the client']);
  }, 300_000);
});
