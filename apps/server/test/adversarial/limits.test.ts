// Case T04: oversized input, on every door. One table (src/api/limits.ts) decides for HTTP, the
// WebSocket and the control socket alike; whatever is over it gets a one-line refusal naming the
// limit — never a dropped connection that the CLI would report as "no server".
import { expect, it } from 'vitest';
import { LIMITS } from '../../src/api/limits';
import type { PaneInfo } from '../../src/session/model';
import { startServerForFile } from '../fileServer';
import { runCli, type TestServer } from '../harness';
import { controlLines, wsFrames } from './rawClients';

let s: TestServer;
startServerForFile((started) => (s = started));

/** POSTs a tRPC mutation over HTTP as the browser would (cookie, our Origin, JSON). */
async function httpMutation(path: string, input: unknown): Promise<{ status: number; text: string }> {
  const r = await fetch(`${s.origin}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `rozi_${s.port}=${s.token}`, origin: s.origin },
    body: JSON.stringify(input),
  });
  return { status: r.status, text: await r.text() };
}

it('T04 20 MB of send-text is refused in one line naming the limit, not reported as no server', async () => {
  const r = await runCli(s.env, ['--format', 'json', 'send-text', '--target', '1'], 'x'.repeat(20_000_000));
  expect(r.code, r.stderr).toBe(1); // contract/codes.ts: too-large is a failure (1), not a usage error
  expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'too-large' });
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/20\.0 MB; one request types at most 1 MiB into a pane/);
});

it('T04 a control-socket line over the request limit is answered, then the connection closes', async () => {
  const big = JSON.stringify({
    id: 7,
    path: 'panes.sendText',
    input: { target: 1, text: 'y'.repeat(LIMITS.requestBytes + 1024) },
  });
  const [reply] = await controlLines(s.env.ROZI_SOCKET as string, [big], 1);
  expect(JSON.parse(reply ?? '{}')).toMatchObject({ ok: false, error: { code: 'too-large' } });
  expect(await s.call('workspace.get')).toBeTruthy();
});

it('T04 the same limits on HTTP, WebSocket and socket: 2 MB of text refused on each, 900 KB taken by each', async () => {
  const { pane } = await s.call<{ pane: PaneInfo }>('panes.split', {
    target: 1,
    argv: ['sh', '-c', 'stty raw -echo; cat > /dev/null'],
  });
  const over = 'z'.repeat(2 * 1024 * 1024);
  const under = 'z'.repeat(900 * 1024);
  // Control socket (the CLI's door).
  await expect(s.call('panes.sendText', { key: pane.key, text: over })).rejects.toMatchObject({
    code: 'too-large',
  });
  expect(await s.call('panes.sendText', { key: pane.key, text: under })).toMatchObject({
    bytes: under.length,
  });
  // HTTP (the browser's tRPC door): 413 with the same sentence; past the request limit, 413 too.
  const http = await httpMutation('panes.sendText', { key: pane.key, text: over });
  expect(http.status).toBe(413);
  expect(http.text).toMatch(/one request types at most 1 MiB into a pane/);
  expect((await httpMutation('panes.sendText', { key: pane.key, text: under })).status).toBe(200);
  expect(
    (await httpMutation('panes.sendText', { key: pane.key, text: 'q'.repeat(5 * 1024 * 1024) })).status,
  ).toBe(413);
  // WebSocket (typing and pasting): an error reply, and the connection stays up for the next one.
  const replies = (await wsFrames(
    s,
    [
      JSON.stringify({ t: 'input', key: pane.key, data: over }),
      JSON.stringify({ t: 'input', key: pane.key, data: under }),
      'null',
    ],
    3000,
  )) as { t: string; message?: string }[];
  const errors = replies.filter((m) => m.t === 'error').map((m) => m.message ?? '');
  expect(errors).toHaveLength(2);
  expect(errors[0]).toMatch(/one request types at most 1 MiB into a pane .*; nothing was typed$/);
  await s.call('panes.kill', { key: pane.key });
});
