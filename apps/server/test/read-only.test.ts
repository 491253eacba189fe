// Shared sessions (issue 20.4, rozi's sessions.md): `rozi attach NAME --read-only` prints a link
// whose holder watches but never types. Asserted on the server: the viewer's keystrokes never
// reach the PTY, its sizes never resize it, every procedure but the display queries refuses it
// (each path of every router is tried), it is never granted control; the roster events
// (session-attached/-detached, controller-changed) follow pages that show and leave a session.
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/api/router';
import { READ_ONLY_PROCEDURES } from '../src/api/readOnlyAccess';
import type { ServerEvent } from '../src/events/types';
import type { PaneInfo } from '../src/session/model';
import { runCli, waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';
import { Viewer } from './viewer';

let s: TestServer;
startServerForFile((started) => (s = started));
const open: Viewer[] = [];
afterAll(() => {
  for (const v of open) v.ws.close();
});

function http(o: { method: string; path: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: s.port, method: o.method, path: o.path, headers: o.headers },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d: string) => {
            body += d;
            // A subscription's stream stays open: its refusal arrives as an error event.
            if (body.includes('read-only viewer') && res.headers['content-type']?.includes('event-stream')) {
              resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
              req.destroy();
            }
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(o.body);
    },
  );
}

const capture = async (key: number) =>
  (await s.call<{ lines: string[] }>('panes.capture', { key })).lines.join('\n');

let viewerToken = '';
const viewerHeaders = () => ({ Cookie: `rozi_${s.port}=${viewerToken}`, Origin: s.origin });
const viewer = (readOnly: boolean) => {
  const v = new Viewer(
    s,
    readOnly ? { cookie: false, headers: { Cookie: `rozi_${s.port}=${viewerToken}` } } : {},
  );
  open.push(v);
  return v;
};

describe('read-only viewers', () => {
  it('attach --read-only prints a link; its token becomes a cookie that can only watch', async () => {
    const r = await runCli(s.env, ['--format', 'json', 'attach', 'main', '--read-only']);
    expect(r.code, r.stderr).toBe(0);
    const url = new URL((JSON.parse(r.stdout) as { data: { url: string } }).data.url);
    viewerToken = url.searchParams.get('token') ?? '';
    expect(viewerToken).toMatch(/^[0-9a-f]{64}$/);
    expect(viewerToken).not.toBe(s.token);
    expect(url.searchParams.get('session')).toBe('main');
    const exchanged = await http({
      method: 'GET',
      path: `/?token=${viewerToken}`,
      headers: { Host: `127.0.0.1:${s.port}` },
    });
    expect(exchanged.status).toBe(302);
    expect(String(exchanged.headers['set-cookie'])).toContain(`rozi_${s.port}=${viewerToken};`);
    const missing = await runCli(s.env, ['attach', 'nope', '--read-only']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it('every procedure but the display queries refuses a viewer (each router reviewed)', async () => {
    const paths = Object.keys(
      (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures,
    );
    expect(paths.length).toBeGreaterThan(50);
    const refused: string[] = [];
    for (const path of paths) {
      const def = (
        appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } }
      )._def.procedures[path]!._def;
      const res =
        def.type !== 'mutation'
          ? await http({
              method: 'GET',
              path: `/trpc/${path}`,
              headers: { ...viewerHeaders(), Host: `127.0.0.1:${s.port}` },
            })
          : await http({
              method: 'POST',
              path: `/trpc/${path}`,
              headers: {
                ...viewerHeaders(),
                Host: `127.0.0.1:${s.port}`,
                'Content-Type': 'application/json',
              },
              body: '{}',
            });
      if (READ_ONLY_PROCEDURES.has(path)) expect(res.status, `${path}: ${res.body}`).not.toBe(403);
      else if (def.type === 'subscription') {
        expect(res.body, `${path} must refuse a viewer`).toContain('read-only viewer');
        refused.push(path);
      } else {
        expect(res.status, `${path} must refuse a viewer: ${res.body}`).toBe(403);
        expect(res.body).toContain('read-only viewer');
        refused.push(path);
      }
    }
    expect(refused).toContain('panes.sendText');
    expect(refused).toContain('sessions.readOnlyLink');
    const ws = await http({
      method: 'GET',
      path: '/trpc/workspace.get',
      headers: { ...viewerHeaders(), Host: `127.0.0.1:${s.port}` },
    });
    expect(ws.status).toBe(200);
  }, 300_000);

  it("a viewer's keystrokes and sizes never reach the PTY; the owner's do", async () => {
    const pane = (await s.call<PaneInfo[]>('panes.list'))[0]!;
    const ro = viewer(true);
    await ro.opened;
    await waitFor('hello', () => ro.messages.some((m) => m.t === 'hello'));
    expect(ro.messages.find((m) => m.t === 'hello')).toMatchObject({ readOnly: true });
    ro.attach(pane.key, { cols: 33, rows: 11 });
    ro.send({ t: 'input', key: pane.key, data: 'echo VIEWER-$((6*7))\r' });
    ro.send({ t: 'resize', key: pane.key, cols: 40, rows: 12 });
    await waitFor('refusal', () =>
      ro.messages.some((m) => m.t === 'error' && m.message.includes('read-only viewer: nothing was typed')),
    );
    const owner = viewer(false);
    await owner.opened;
    owner.attach(pane.key, { cols: 100, rows: 30 });
    owner.send({ t: 'input', key: pane.key, data: 'echo OWNER-$((6*7))\r' });
    await waitFor('owner echo', async () => (await capture(pane.key)).includes('OWNER-42'));
    const text = await capture(pane.key);
    expect(text).not.toContain('VIEWER');
    const after = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.key === pane.key)!;
    expect([after.cols, after.rows]).toEqual([100, 30]);
    // The viewer still watches: the owner's output reached it.
    await waitFor('viewer sees output', () => ro.text(pane.key).includes('OWNER-42'));
  }, 120_000);

  it('roster: attach/detach events, the first writer controls, a viewer is never granted', async () => {
    const events: ServerEvent[] = [];
    const watch = viewer(false);
    await watch.opened;
    const seen = () =>
      watch.messages
        .flatMap((m) => (m.t === 'event' ? [m.event] : []))
        .filter((e) => ['session-attached', 'session-detached', 'controller-changed'].includes(e.type));
    const ro = viewer(true);
    await ro.opened;
    ro.send({ t: 'view', session: 'main' });
    ro.send({ t: 'take-control' });
    await waitFor('refused', () =>
      ro.messages.some((m) => m.t === 'error' && m.message.includes('cannot take control')),
    );
    const a = viewer(false);
    const b = viewer(false);
    await Promise.all([a.opened, b.opened]);
    const idOf = (v: Viewer) => (v.messages.find((m) => m.t === 'hello') as { client: number }).client;
    await waitFor(
      'hellos',
      () => a.messages.some((m) => m.t === 'hello') && b.messages.some((m) => m.t === 'hello'),
    );
    a.send({ t: 'view', session: 'main' });
    await waitFor('a controls', () =>
      seen().some((e) => e.type === 'controller-changed' && e.controller === idOf(a)),
    );
    b.send({ t: 'view', session: 'main' });
    await waitFor('b attached', () =>
      seen().some((e) => e.type === 'session-attached' && e.client_id === idOf(b)),
    );
    const roster = await s.call<{ controllers: Record<string, number> }>('workspace.clients');
    expect(roster.controllers.main).toBe(idOf(a));
    b.send({ t: 'take-control' });
    await waitFor('b takes', () =>
      seen().some((e) => e.type === 'controller-changed' && e.controller === idOf(b)),
    );
    b.ws.close();
    await waitFor('a promoted', () =>
      seen().some(
        (e, i, all) =>
          e.type === 'controller-changed' &&
          e.controller === idOf(a) &&
          i > all.findIndex((x) => x.type === 'controller-changed' && x.controller === idOf(b)),
      ),
    );
    events.push(...seen());
    expect(events.some((e) => e.type === 'session-detached' && e.client_id === idOf(b))).toBe(true);
    expect(events.some((e) => e.type === 'controller-changed' && e.controller === idOf(ro))).toBe(false);
  }, 120_000);

  it("the server refuses a follower page's layout changes in one line; the controller's run", async () => {
    const a = viewer(false);
    const b = viewer(false);
    await Promise.all([a.opened, b.opened]);
    const hello = (v: Viewer) =>
      v.messages.find((m) => m.t === 'hello') as { client: number; token: string } | undefined;
    await waitFor('hellos', () => hello(a) !== undefined && hello(b) !== undefined);
    expect(hello(a)!.token).toMatch(/^[0-9a-f]{32}$/);
    a.send({ t: 'view', session: 'main' });
    b.send({ t: 'view', session: 'main' });
    a.send({ t: 'take-control' });
    const controller = async () =>
      (await s.call<{ controllers: Record<string, number> }>('workspace.clients')).controllers.main;
    await waitFor('a controls main', async () => (await controller()) === hello(a)!.client);
    const key = (await s.call<PaneInfo[]>('panes.list', { session: 'main' }))[0]!.key;
    const count = async () => (await s.call<PaneInfo[]>('panes.list', { session: 'main' })).length;
    const before = await count();
    const post = (v: Viewer | null, path: string, input: unknown) =>
      http({
        method: 'POST',
        path: `/trpc/${path}`,
        headers: {
          Cookie: `rozi_${s.port}=${s.token}`,
          Origin: s.origin,
          Host: `127.0.0.1:${s.port}`,
          'Content-Type': 'application/json',
          ...(v ? { 'x-rozi-client': hello(v)!.token } : {}),
        },
        body: JSON.stringify(input),
      });
    const message = (body: string) => (JSON.parse(body) as { error: { message: string } }).error.message;
    for (const [path, input] of [
      ['panes.split', { key }],
      ['tabs.setLayout', { session: 'main', layout: 'grid' }],
      ['panes.kill', { key }],
    ] as const) {
      const refused = await post(b, path, input);
      expect(refused.status, `${path}: ${refused.body}`).toBe(403);
      expect(message(refused.body)).toBe(
        `browser ${hello(a)!.client} controls the layout of main; this page follows it: take or request control first (nothing changed)`,
      );
    }
    expect(await count()).toBe(before);
    // The follower's policy switches over /ws are the controller's too: one line, nothing set.
    b.send({ t: 'control', op: 'input-lock', on: true });
    await waitFor('input lock refused', () =>
      b.messages.some((m) => m.t === 'error' && m.message === 'only the controller can do that'),
    );
    // Focus is not layout: a follower still moves its own focus.
    expect((await post(b, 'panes.focus', { key })).status).toBe(200);
    const split = await post(a, 'panes.split', { key });
    expect(split.status, split.body).toBe(200);
    expect(await count()).toBe(before + 1);
    // Taking control makes the follower the one whose layout changes run.
    b.send({ t: 'take-control' });
    await waitFor('b controls main', async () => (await controller()) === hello(b)!.client);
    const newKey = (JSON.parse(split.body) as { result: { data: { pane: { key: number } } } }).result.data
      .pane.key;
    const killed = await post(b, 'panes.kill', { key: newKey });
    expect(killed.status, killed.body).toBe(200);
    await waitFor('back to the panes before', async () => (await count()) === before);
    expect((await post(a, 'panes.split', { key })).status).toBe(403);
    expect(await count()).toBe(before);
  }, 120_000);
});
