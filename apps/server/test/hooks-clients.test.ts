// rozi's client events (hooks.md) as a script sees them: `rozi subscribe session-attached
// session-detached controller-changed` prints their {"event","data"} lines and a config.toml
// [[hooks]] `run =` entry gets ROZI_EVENT and ROZI_<FIELD> for each, when browser pages (here
// WebSocket viewers, as the page speaks) show a session, take its control and leave.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, makeHome, removeHome, startServer, waitFor, type TestServer } from './harness';
import { Viewer } from './viewer';

const EVENTS = ['session-attached', 'session-detached', 'controller-changed'] as const;

let server: TestServer;

beforeAll(async () => {
  const home = makeHome();
  const configDir = join(home.home, '.config', 'rozi');
  mkdirSync(configDir, { recursive: true });
  // Each call appends one line (a single small write with O_APPEND: lines never interleave).
  const record =
    `printf '%s|%s|%s|%s|%s|%s\\n' "$ROZI_EVENT" "$ROZI_SESSION" "$ROZI_CLIENT_ID" ` +
    `"$ROZI_CONTROLLER" "$ROZI_READ_ONLY" "$ROZI_REASON" >> "$HOME/clients.log"`;
  writeFileSync(
    join(configDir, 'config.toml'),
    EVENTS.flatMap((event) => [
      '[[hooks]]',
      `event = "${event}"`,
      `run = ${JSON.stringify(record)}`,
      '',
    ]).join('\n'),
  );
  server = await startServer({ home });
}, 120_000);

afterAll(async () => {
  if (!server) return;
  expect(await server.stop()).toBe(0);
  removeHome(server.home);
});

/** `rozi subscribe EVENT…` as a separate process; its stdout lines parsed as they come. */
function subscribe(events: readonly string[]) {
  const lines: Array<{ event: string; data: Record<string, unknown> }> = [];
  const p = spawn(process.execPath, [BIN, 'subscribe', ...events], {
    env: server.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buf = '';
  let stderr = '';
  p.stdout.setEncoding('utf8').on('data', (d: string) => {
    buf += d;
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    for (const l of parts) if (l) lines.push(JSON.parse(l) as (typeof lines)[number]);
  });
  p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return { lines, stop: () => p.kill('SIGTERM'), stderr: () => stderr };
}

const hookLines = () => {
  const path = join(server.home, 'clients.log');
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
};

describe("rozi's client events", () => {
  it('session-attached, session-detached and controller-changed reach `rozi subscribe` and [[hooks]] run', async () => {
    const sub = subscribe(EVENTS);
    const open: Viewer[] = [];
    try {
      // The subscription is live once an event emitted after it arrives: a probe viewer shows
      // main and leaves until the subscriber has seen one line (a slow CLI start loses nothing).
      const probe = new Viewer(server);
      open.push(probe);
      await probe.opened;
      await waitFor('the probe hello', () => probe.messages.some((m) => m.t === 'hello'), 60_000);
      const idOf = (v: Viewer) =>
        (v.messages.find((m) => m.t === 'hello') as { client: number } | undefined)?.client ?? -1;
      let shown = false;
      await waitFor(
        'the subscriber to print its first line',
        () => {
          probe.send({ t: 'view', session: shown ? null : 'main' });
          shown = !shown;
          return sub.lines.length > 0;
        },
        { timeoutMs: 90_000, everyMs: 1000 },
      );
      // The probe leaves; the server's roster says when that is done (no controller on main), so
      // every later line is about the two pages below.
      probe.ws.close();
      await waitFor(
        'the probe to leave and main to have no controller',
        async () => {
          const r = await server.call<{
            clients: Array<{ id: number }>;
            controllers: Record<string, number>;
          }>('workspace.clients');
          return !r.clients.some((c) => c.id === idOf(probe)) && r.controllers.main === undefined;
        },
        60_000,
      );
      const a = new Viewer(server);
      const b = new Viewer(server);
      open.push(a, b);
      await Promise.all([a.opened, b.opened]);
      await waitFor('hellos', () => idOf(a) > 0 && idOf(b) > 0, 60_000);
      a.send({ t: 'view', session: 'main' });
      // a is the first on main again: its grant is the first line of ours.
      const granted = () =>
        sub.lines.findIndex((l) => l.event === 'controller-changed' && l.data.controller === idOf(a));
      await waitFor('a granted control', () => granted() >= 0, 60_000);
      const from = granted();
      await waitFor(
        'a attached',
        () => sub.lines.some((l, i) => i >= from && l.data.client_id === idOf(a)),
        60_000,
      );
      b.send({ t: 'view', session: 'main' });
      await waitFor(
        'b attached',
        () => sub.lines.some((l, i) => i >= from && l.data.client_id === idOf(b)),
        60_000,
      );
      b.send({ t: 'take-control' });
      await waitFor(
        'b controls',
        () =>
          sub.lines.some(
            (l, i) => i >= from && l.event === 'controller-changed' && l.data.controller === idOf(b),
          ),
        60_000,
      );
      b.ws.close();
      await waitFor(
        'b detached',
        () =>
          sub.lines.some(
            (l, i) => i >= from && l.event === 'session-detached' && l.data.client_id === idOf(b),
          ),
        60_000,
      );
      a.ws.close();
      await waitFor(
        'control released',
        () =>
          sub.lines.some(
            (l, i) => i >= from && l.event === 'controller-changed' && l.data.reason === 'released',
          ),
        60_000,
      );
      const ours = sub.lines.slice(from);
      // Each line: the fields under `data`, and beside `event` too (rozi's recipes read them there).
      for (const l of ours) expect({ ...l.data, event: l.event, data: l.data }).toEqual(l);
      expect(ours.map((l) => ({ event: l.event, data: l.data }))).toEqual([
        { event: 'controller-changed', data: { session: 'main', controller: idOf(a), reason: 'granted' } },
        {
          event: 'session-attached',
          data: { session: 'main', client_id: idOf(a), controller: idOf(a), read_only: false },
        },
        {
          event: 'session-attached',
          data: { session: 'main', client_id: idOf(b), controller: idOf(a), read_only: false },
        },
        { event: 'controller-changed', data: { session: 'main', controller: idOf(b), reason: 'granted' } },
        // b leaves: a (still on main) is promoted; then a leaves and nobody controls main.
        { event: 'session-detached', data: { session: 'main', client_id: idOf(b) } },
        { event: 'controller-changed', data: { session: 'main', controller: idOf(a), reason: 'granted' } },
        { event: 'session-detached', data: { session: 'main', client_id: idOf(a) } },
        // rozi's word for no controller is the empty string (hooks.md).
        { event: 'controller-changed', data: { session: 'main', controller: '', reason: 'released' } },
      ]);

      // Each line the subscriber printed (the probe's too) ran the [[hooks]] entry once, with the
      // same fields; detached shells finish in any order, and the probe's first ones may predate
      // the subscription.
      const lineOf = (l: { event: string; data: Record<string, unknown> }) =>
        [
          l.event,
          l.data.session,
          l.data.client_id ?? '',
          l.data.controller ?? '',
          l.data.read_only ?? '',
          l.data.reason ?? '',
        ].join('|');
      const missing = () => {
        const ran = hookLines();
        return sub.lines.map(lineOf).filter((want) => {
          const i = ran.indexOf(want);
          if (i < 0) return true;
          ran.splice(i, 1);
          return false;
        });
      };
      await waitFor('every hook ran', () => missing().length === 0, 90_000);
      expect(hookLines().every((l) => EVENTS.includes(l.split('|')[0] as (typeof EVENTS)[number]))).toBe(
        true,
      );
    } finally {
      sub.stop();
      for (const v of open) v.ws.close();
    }
  }, 300_000);
});
