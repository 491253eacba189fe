// rozi's `run-action <id>` for built-in action ids (its control.md and keybindings.md), through
// the real CLI and the raw socket as a script would use them: spawn, focus by direction,
// fullscreen, workspace steps, close, and a clear refusal for ids with no web meaning.
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneInfo } from '../src/session/model';
import { removeHome, runCli, startServer, type TestServer } from './harness';

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
}, 120_000);

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

/** One rozi request on a raw connection: its one reply line. */
function raw(request: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const c = createConnection(s.env.ROZI_SOCKET as string);
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (d: string) => {
      buf += d;
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      c.destroy();
      resolve(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
    });
    c.on('error', reject);
    c.on('connect', () => c.write(JSON.stringify(request) + '\n'));
  });
}

const panes = () => s.call<PaneInfo[]>('panes.list');
const focused = async () => (await panes()).find((p) => p.focused);

describe('run-action with built-in ids', () => {
  it('spawn, focus-left/right, toggle-fullscreen, next-tab and close act on the panes', async () => {
    // The CLI, piped: rozi's {ok, data} reply.
    const spawned = await runCli(s.env, ['run-action', 'spawn']);
    expect(spawned.code).toBe(0);
    expect(JSON.parse(spawned.stdout)).toMatchObject({ ok: true, data: { id: 'spawn' } });
    const [first, second] = await panes();
    expect([first?.id, second?.id]).toEqual([1, 2]);
    expect((await focused())?.id).toBe(2);

    expect(await raw({ cmd: 'run-action', action: 'focus-left' })).toMatchObject({
      ok: true,
      data: { result: { moved: true, pane: 1 } },
    });
    expect((await focused())?.id).toBe(1);
    await raw({ cmd: 'run-action', action: 'focus-right', source_pane: 1 });
    expect((await focused())?.id).toBe(2);

    expect(await raw({ cmd: 'run-action', action: 'toggle-fullscreen', target: 2 })).toMatchObject({
      ok: true,
      data: { result: { zoomed: true } },
    });
    expect(await raw({ cmd: 'run-action', action: 'toggle-fullscreen', target: 2 })).toMatchObject({
      data: { result: { zoomed: false } },
    });

    await raw({ cmd: 'run-action', action: 'new-tab' });
    expect((await focused())?.workspace).toBe(2);
    expect(await raw({ cmd: 'run-action', action: 'next-tab' })).toMatchObject({
      data: { result: { workspace: 1 } },
    });
    expect((await focused())?.workspace).toBe(1);

    expect(await raw({ cmd: 'run-action', action: 'close', target: 2 })).toMatchObject({ ok: true });
    expect((await panes()).map((p) => p.id).sort()).toEqual([1, 3]);
  });

  it('refuses ids with no web meaning with the reason, and unknown ids as before', async () => {
    const float = await runCli(s.env, ['run-action', 'toggle-float']);
    expect(float.code).toBe(1);
    expect(float.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('run-action toggle-float: floating panes are not part of the web edition yet'),
    ]);
    expect(JSON.parse(float.stdout)).toMatchObject({ ok: false, code: 'invalid' });
    expect(await raw({ cmd: 'run-action', action: 'command-palette' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('acts inside the browser page'),
    });
    expect(await raw({ cmd: 'run-action', action: 'nosuch' })).toMatchObject({
      ok: false,
      error: expect.stringContaining("no command 'nosuch'"),
    });
  });
});
