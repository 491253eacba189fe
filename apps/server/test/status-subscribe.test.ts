// `rozi subscribe` prints the documented event payloads (docs/hooks.md "Events": the names and
// fields hooks receive), one JSON object a line, for every event a real server raises: sessions,
// panes, focus, bells, notifications, agent states from a fake agent in a real PTY, and
// config.toml reloads.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_EVENT_FIELDS, type HookEventName } from '@rozi/extensions/node';
import type { PaneInfo } from '../src/session/model';
import { BIN, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';
import { agentCapture } from './agentCaptures';

const FAKE = join(__dirname, 'fake-agents');
let s: TestServer;
let sub: ChildProcess;
let lines: string[] = [];
// rozi's line shape {"event","data":{…}}, flattened for the assertions below.
const events = () =>
  lines.map((l) => {
    const line = JSON.parse(l) as { event: HookEventName; data: Record<string, unknown> };
    // The fields under `data`, and the same beside `event` (rozi's recipes read them there).
    expect(Object.keys(line).sort()).toEqual(['data', 'event', ...Object.keys(line.data)].sort());
    for (const [k, v] of Object.entries(line.data)) expect(line[k as keyof typeof line]).toEqual(v);
    return { event: line.event, ...line.data } as { event: HookEventName } & Record<string, unknown>;
  });

beforeAll(async () => {
  s = await startServer();
  sub = spawn(process.execPath, [BIN, 'subscribe'], { env: s.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let buf = '';
  sub.stdout?.setEncoding('utf8').on('data', (d: string) => {
    buf += d;
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    lines.push(...parts);
  });
  // Connected once a notification raised now comes back.
  await waitFor(
    'subscriber connected',
    async () => {
      await s.call('notify', { message: 'hello', level: 'info' });
      return events().some((e) => e.event === 'notification');
    },
    60_000,
  );
  lines = [];
}, 120_000);

afterAll(async () => {
  sub?.kill('SIGTERM');
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

describe('rozi subscribe', () => {
  it('prints every event with exactly the documented fields', async () => {
    await s.call('sessions.create', { name: 'sub' });
    await waitFor('session-created', () =>
      events().find((e) => e.event === 'session-created' && e.session === 'sub'),
    );
    await s.call('sessions.rename', { session: 'sub', to: 'sub2' });
    const tab = await s.call<{ pane: PaneInfo }>('tabs.create', { session: 'sub2' });
    const pane = tab.pane.id;
    await s.call('panes.focus', { session: 'sub2', target: 1 });
    await s.call('panes.focus', { session: 'sub2', target: pane });
    await s.call('panes.sendText', { session: 'sub2', target: pane, text: "printf '\\a'\r" });
    await s.call('notify', {
      message: 'built',
      title: 'ci',
      level: 'warn',
      pane: { session: 'sub2', target: pane },
    });

    // A fake codex in the pane: agent-state-changed as hooks see it.
    const bin = join(s.home, 'agents');
    mkdirSync(bin);
    symlinkSync(join(FAKE, 'fake-agent.mjs'), join(bin, 'codex.mjs'));
    await s.call('panes.sendText', {
      session: 'sub2',
      target: pane,
      text: `FAKE_FIXTURE=${agentCapture('codex')} FAKE_SEQUENCE=working node ${bin}/codex.mjs\r`,
    });
    const working = await waitFor(
      'agent working',
      () => events().find((e) => e.event === 'agent-state-changed' && e.state === 'working'),
      15_000,
    );
    // previous: null or idle, depending on whether the first screen read saw the prompt first.
    expect(working).toEqual({
      event: 'agent-state-changed',
      session: 'sub2',
      pane,
      agent: 'codex',
      previous: working.previous,
      state: 'working',
      source: 'screen',
      message: null,
    });
    expect([null, 'idle']).toContain(working.previous);

    // config.toml written: config-reloaded, no fields.
    mkdirSync(join(s.home, '.config', 'rozi'), { recursive: true });
    writeFileSync(
      join(s.home, '.config', 'rozi', 'config.toml'),
      '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n',
    );
    await waitFor('config-reloaded', () => events().find((e) => e.event === 'config-reloaded'), 10_000);

    // The pane's program ends: pane-exited.
    await s.call('panes.kill', { session: 'sub2', target: pane });
    await waitFor('pane-exited', () => events().find((e) => e.event === 'pane-exited' && e.pane === pane));

    const seen = events();
    for (const e of seen) {
      expect(Object.keys(e).sort(), `${e.event} fields`).toEqual(
        ['event', ...HOOK_EVENT_FIELDS[e.event]].sort(),
      );
    }
    const names = new Set(seen.map((e) => e.event));
    for (const name of [
      'session-created',
      'session-renamed',
      'pane-spawned',
      'focus-changed',
      'bell',
      'notification',
      'agent-state-changed',
      'config-reloaded',
      'pane-exited',
      'workspace-switched',
    ] as const) {
      expect(names.has(name), `saw ${name}`).toBe(true);
    }
    expect(seen.find((e) => e.event === 'session-renamed')).toEqual({
      event: 'session-renamed',
      session: 'sub2',
      previous: 'sub',
    });
    expect(seen.find((e) => e.event === 'bell')).toEqual({
      event: 'bell',
      session: 'sub2',
      pane,
      focused: true,
    });
    expect(seen.find((e) => e.event === 'notification' && e.title === 'ci')).toEqual({
      event: 'notification',
      session: 'sub2',
      pane,
      title: 'ci',
      message: 'built',
      level: 'warn',
    });
    expect(seen.find((e) => e.event === 'config-reloaded')).toEqual({
      event: 'config-reloaded',
      path: join(s.home, '.config', 'rozi', 'config.toml'),
    });
    // A new tab is selected: rozi's workspace-switched with its 1-based position.
    expect(seen.find((e) => e.event === 'workspace-switched')).toEqual({
      event: 'workspace-switched',
      session: 'sub2',
      workspace: 2,
    });
    // rozi's events spell an absent value '' (a plain shell pane has no command).
    expect(seen.find((e) => e.event === 'pane-spawned' && e.pane === pane)).toMatchObject({
      command: '',
      workspace: 2,
    });
    expect(seen.filter((e) => e.event === 'focus-changed').at(-1)).toEqual({
      event: 'focus-changed',
      session: 'sub2',
      pane,
      previous: 1,
    });
    // Raw bus fields never leak out.
    expect(lines.join('\n')).not.toMatch(/"type"|"paneId"|"previous_state"|"key"/);
  }, 60_000);

  it('--events keeps only the named events and refuses unknown names', async () => {
    const only = spawn(process.execPath, [BIN, 'subscribe', '--events', 'bell'], {
      env: s.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    only.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
    try {
      const tab = await s.call<{ pane: PaneInfo }>('tabs.create', {});
      await waitFor(
        'a bell',
        async () => {
          await s.call('notify', { message: 'not a bell' });
          await s.call('panes.sendText', { target: tab.pane.id, text: "printf '\\a'\r" });
          await new Promise((r) => setTimeout(r, 100));
          return out.includes('"bell"');
        },
        60_000,
      );
      for (const line of out.trim().split('\n')) expect(JSON.parse(line)).toMatchObject({ event: 'bell' });
    } finally {
      only.kill('SIGTERM');
    }
    // rozi's spelling: event names as positionals.
    const named = spawn(process.execPath, [BIN, 'subscribe', 'bell', 'pane-exited'], {
      env: s.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    out = '';
    named.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
    try {
      const tab = await s.call<{ pane: PaneInfo }>('tabs.create', {});
      await waitFor(
        'a bell',
        async () => {
          await s.call('notify', { message: 'not a bell' });
          await s.call('panes.sendText', { target: tab.pane.id, text: "printf '\\a'\r" });
          await new Promise((r) => setTimeout(r, 100));
          return out.includes('"bell"');
        },
        60_000,
      );
      const bell = JSON.parse(out.trim().split('\n')[0] as string) as unknown;
      const fields = { session: 'main', pane: tab.pane.id, focused: true };
      // The fields under `data`, and beside `event` too (rozi's recipes read them there).
      expect(bell).toEqual({ event: 'bell', data: fields, ...fields });
    } finally {
      only.kill('SIGTERM');
    }
    const bad = await runCli(s.env, ['subscribe', '--events', 'bell,nope,pane-closed']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown events 'nope', 'pane-closed'");
    const badName = await runCli(s.env, ['subscribe', 'bel']);
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain("unknown event 'bel'");
  }, 120_000);
});
