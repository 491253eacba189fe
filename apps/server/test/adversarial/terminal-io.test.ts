// Terminal I/O cases against a real server: a viewer that lies about what it read (T02), and
// output a hostile program prints (T05). T01/T03 (junk frames and lines) are in
// hostile-input.test.ts, T04 (oversized input on every channel) in limits.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Diagnostics } from '../../src/api/trpc';
import type { PaneInfo } from '../../src/session/model';
import { FLOW_HIGH_WATERMARK, FRAME_HEADER_BYTES } from '../../src/stream/protocol';
import { startServerForFile } from '../fileServer';
import { waitFor, type TestServer } from '../harness';
import { Viewer } from '../viewer';

let s: TestServer;
startServerForFile((started) => (s = started));

/** A pane that waits for `<home>/<flag>`, then runs `script` with the tty raw. */
async function rawPane(flag: string, script: string): Promise<PaneInfo> {
  const r = await s.call<{ pane: PaneInfo }>('panes.split', {
    target: 1,
    cwd: s.home,
    argv: ['sh', '-c', `stty raw -echo; while [ ! -e ${flag} ]; do sleep 0.02; done; ${script}; sleep 600`],
  });
  return r.pane;
}

it('T02 a viewer that acknowledges bytes it never read cannot make the server queue output for it', async () => {
  const total = 16 * 1024 * 1024;
  const pane = await rawPane('go-liar', `head -c ${total} /dev/zero | tr '\\0' y`);
  const liar = new Viewer(s);
  const honest = new Viewer(s);
  await Promise.all([liar.opened, honest.opened]);
  liar.acking = false;
  liar.attach(pane.key, { since: 0 });
  honest.attach(pane.key, { since: 0 });
  // The liar never reads its socket, and claims a megabyte read every 5 ms.
  (liar.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  const lies = setInterval(() => liar.send({ t: 'ack', key: pane.key, bytes: 1_000_000 }), 5);
  writeFileSync(join(s.home, 'go-liar'), '');
  let queuedPeak = 0;
  try {
    await waitFor(
      'the honest viewer to receive everything',
      async () => {
        const d = await s.call<Diagnostics>('workspace.diagnostics');
        for (const c of d.connections) queuedPeak = Math.max(queuedPeak, c.bufferedAmount);
        return honest.view(pane.key).offset >= total;
      },
      { timeoutMs: 120_000, everyMs: 25 },
    );
  } finally {
    clearInterval(lies);
  }
  // 16 MB went to the honest viewer; what the server queued for the liar stayed at the watermark.
  expect(honest.view(pane.key).bytes).toBe(total);
  expect(queuedPeak).toBeLessThanOrEqual(FLOW_HIGH_WATERMARK + 64 * 1024 + FRAME_HEADER_BYTES * 2);
  await Promise.all([liar.close(), honest.close()]);
  await s.call('panes.kill', { key: pane.key });
}, 150_000);
