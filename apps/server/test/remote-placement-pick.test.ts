// rozi pick and rozi prompt from a process placed on a real sshd host reach the CLIENT's browser
// (spec 003: requests carrying the extension's identity act on the client): the picker opens on
// this server's page (a WebSocket viewer stands in for the browser), `pick --json`'s later lines
// replace its rows there, the answer goes back over the link to the process on the host, which
// prints it there. Its `rozi subscribe` gets only the events that happen while a session of its
// host (its binding, each-host) is on screen.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickerRequest, PickerRow } from '../src/events/types';
import { BIN, roziData, runCli, waitFor } from './harness';
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
      '"$ROZI_BIN" subscribe pane-status-changed > "$HOME/events.txt" 2>&1 &',
      'out=$(printf "alpha\\nbeta\\n" | "$ROZI_BIN" pick --title "Pick on $(id -un)")',
      'echo "pick $? $out" >> "$HOME/answers.txt"',
      'out=$("$ROZI_BIN" prompt --title "Name?" --default x)',
      'echo "prompt $? $out" >> "$HOME/answers.txt"',
      // The request line, then a rows update while the palette is open.
      `out=$(printf '%s\\n' '{"title":"Live","rows":[{"id":"one","label":"one"}]}' '{"rows":[{"id":"two","label":"two"},{"id":"three","label":"three"}]}' | "$ROZI_BIN" pick --json)`,
      'echo "json $? $out" >> "$HOME/answers.txt"',
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

type Event = { type: string; picker?: PickerRequest; id?: string; rows?: PickerRow[] };
const events = (after: number): Event[] =>
  viewer.messages.slice(after).flatMap((m) => (m.t === 'event' ? [m.event as unknown as Event] : []));
const opened = (after: number) =>
  waitFor(
    'a picker opened on this server',
    () => events(after).find((e) => e.type === 'picker-open')?.picker,
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
    const afterPrompt = viewer.messages.length;
    await s.call('extensions.pickerAnswer', {
      id: prompt.id,
      result: { kind: 'input', text: 'from the client' },
    });
    // pick --json: its second stdin line replaces the rows of the palette open on the client.
    const live = await opened(afterPrompt);
    expect(live.title).toBe('Live');
    const updated = await waitFor(
      'the rows update from the host',
      () => events(afterPrompt).find((e) => e.type === 'picker-rows' && e.id === live.id)?.rows,
      120_000,
    );
    expect(updated.map((r) => r.label)).toEqual(['two', 'three']);
    await s.call('extensions.pickerAnswer', { id: live.id, result: { kind: 'selected', row: updated[1] } });
    const answers = await waitFor(
      'the three answers on the host',
      () => {
        const f = join(account.home, 'answers.txt');
        const lines = existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n') : [];
        return lines.length >= 3 ? lines : null;
      },
      60_000,
    );
    expect(answers).toEqual(['pick 0 beta', 'prompt 0 from the client', 'json 0 {"selected":"three"}']);
  }, 300_000);

  it("subscribes to the host's events only while a session of that host is on screen", async () => {
    const s = fx.server!;
    const account = fx.hosts[0]!.account;
    // What the placed process's own socket answers says where the host thinks the screen is.
    const placed = placedProcess(account.uid);
    const paneCount = async () => {
      const r = await asAccount({ uid: account.uid, ...placed }, ['list-panes', '--format', 'json']);
      if (r.code !== 0) throw new Error(`list-panes on the placed socket: ${r.stderr.trim()}`);
      return roziData<unknown[]>(r.stdout).length;
    };
    const seen = () => {
      const f = join(account.home, 'events.txt');
      return existsSync(f) ? readFileSync(f, 'utf8') : '';
    };
    const mark = (reason: string) => s.call('status.set', { target: 'dev@box:1', status: 'busy', reason });
    await s.call('panes.focus', { target: 'dev@box:1' });
    await waitFor('box on screen for the placed process', async () => (await paneCount()) > 0, 120_000);
    await mark('first-in-scope');
    await waitFor('the first event on the host', () => seen().includes('first-in-scope'), 120_000);
    // A local session on screen: what happens on box meanwhile does not reach the process.
    await s.call('sessions.create', { name: 'here' });
    await s.call('panes.focus', { target: 'here:1' });
    await waitFor('box off screen for the placed process', async () => (await paneCount()) === 0, 120_000);
    await mark('while-off-screen');
    await s.call('panes.focus', { target: 'dev@box:1' });
    await waitFor('box on screen again', async () => (await paneCount()) > 0, 120_000);
    await mark('back-in-scope');
    await waitFor('the event after coming back', () => seen().includes('back-in-scope'), 120_000);
    // Only the two events of the times box was on screen (the last one's previous_reason still
    // names the change made meanwhile).
    const lines = seen()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; data: { reason: string } });
    expect(lines.map((l) => [l.event, l.data.reason])).toEqual([
      ['pane-status-changed', 'first-in-scope'],
      ['pane-status-changed', 'back-in-scope'],
    ]);
  }, 300_000);
});

/** The CLI run as the host account (rozi talks only to its own user's socket). */
function asAccount(
  o: { uid: number; gid: number; env: NodeJS.ProcessEnv },
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { ...o, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    p.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The group and environment of the asker service placed on the host (its socket, credential). */
function placedProcess(uid: number): { gid: number; env: NodeJS.ProcessEnv } {
  for (const n of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const status = readFileSync(`/proc/${n}/status`, 'utf8');
      if (/^Uid:\s+(\d+)/m.exec(status)?.[1] !== String(uid)) continue;
      const vars = readFileSync(`/proc/${n}/environ`, 'utf8').split('\0').filter(Boolean);
      const env = Object.fromEntries(
        vars.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]),
      );
      if (env.ROZI_EXTENSION === 'asker' && env.ROZI_SOCKET)
        return { gid: Number(/^Gid:\s+(\d+)/m.exec(status)?.[1]), env };
    } catch {
      // A process that ended meanwhile.
    }
  }
  throw new Error('the asker service is not running on the host');
}
