// The terminal stream: exact replay across reconnects (checksums), per-viewer flow control that
// keeps a stalled viewer from growing server memory or stalling another viewer, and Ctrl-C
// reaching a flooding program quickly.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PaneInfo } from '../src/session/model';
import type { Diagnostics } from '../src/api/trpc';
import { FLOW_HIGH_WATERMARK, FRAME_HEADER_BYTES } from '../src/stream/protocol';
import { waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';
import { Viewer } from './viewer';

let s: TestServer;
startServerForFile((started) => (s = started));

/** A pane whose program waits for `<home>/<flag>` and then runs `script` with the tty in raw mode (bytes pass unchanged). */
async function rawPane(flag: string, script: string): Promise<PaneInfo> {
  const r = await s.call<{ pane: PaneInfo }>('panes.split', {
    target: 1,
    cwd: s.home,
    argv: ['sh', '-c', `stty raw -echo; while [ ! -e ${flag} ]; do sleep 0.02; done; ${script}; sleep 600`],
  });
  return r.pane;
}

describe('terminal stream', () => {
  it('replays exactly across reconnects: 5 MB, same checksum, no gaps, no doubles', async () => {
    const size = 5 * 1024 * 1024;
    const data = Buffer.alloc(size);
    for (let i = 0; i < size; i++) data[i] = 32 + ((i * 7919 + (i >> 10)) % 95);
    writeFileSync(join(s.home, 'five.bin'), data);
    // Paced at ~4 MB/s so a reconnect gap stays far inside the 2 MB ring, as a real browser's would.
    const writer = `${process.execPath} -e "const d=require('fs').readFileSync('five.bin');let i=0;const t=setInterval(()=>{process.stdout.write(d.subarray(i,i+65536));i+=65536;if(i>=d.length)clearInterval(t)},16)"`;
    const pane = await rawPane('go-five', writer);
    const received: Buffer[] = [];
    let offset = 0;
    let reconnects = 0;
    let v = new Viewer(s);
    await v.opened;
    v.attach(pane.key, { since: 0 });
    writeFileSync(join(s.home, 'go-five'), '');
    while (offset < size) {
      const startedAt = offset;
      await waitFor(
        'more output',
        () =>
          v.view(pane.key).offset >= Math.min(size, startedAt + 400_000) || v.view(pane.key).offset >= size,
        { timeoutMs: 20_000, everyMs: 5 },
      );
      const view = v.view(pane.key);
      expect(view.resets).toBe(0);
      received.push(...view.chunks);
      offset = view.offset;
      await v.close();
      if (offset >= size) break;
      reconnects++;
      v = new Viewer(s);
      await v.opened;
      v.attach(pane.key, { since: offset });
    }
    const got = Buffer.concat(received);
    expect(reconnects).toBeGreaterThanOrEqual(5);
    expect(got.length).toBe(size);
    expect(createHash('sha256').update(got).digest('hex')).toBe(
      createHash('sha256').update(data).digest('hex'),
    );
    await s.call('panes.kill', { key: pane.key });
  });

  it('a stalled viewer keeps server memory bounded while a second viewer keeps receiving', async () => {
    const total = 80 * 1024 * 1024;
    const pane = await rawPane('go-flood', `head -c ${total} /dev/zero | tr '\\0' x`);
    const stalled = new Viewer(s);
    const live = new Viewer(s);
    await Promise.all([stalled.opened, live.opened]);
    stalled.acking = false;
    stalled.attach(pane.key, { since: 0 });
    live.attach(pane.key, { since: 0 });
    await waitFor('attached', () => true);
    // Stop reading the socket entirely: the kernel buffers fill, the server must stop sending.
    (stalled.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    writeFileSync(join(s.home, 'go-flood'), '');
    // What the server holds for the stalled viewer: bytes queued in its socket plus unacked bytes.
    let heldPeak = 0;
    let samples = 0;
    await waitFor(
      'the live viewer to receive everything',
      async () => {
        const d = await s.call<Diagnostics>('workspace.diagnostics');
        for (const c of d.connections) {
          const v = c.viewers.find((x) => x.key === pane.key);
          if (v && v.sentOffset < live.view(pane.key).offset - 10_000_000) {
            heldPeak = Math.max(heldPeak, c.bufferedAmount);
            samples++;
          }
        }
        return live.view(pane.key).offset >= total;
      },
      { timeoutMs: 120_000, everyMs: 25 },
    );
    expect(live.view(pane.key).resets).toBe(0);
    expect(live.view(pane.key).bytes).toBe(total);
    // 80 MB went through while the stalled viewer's share stayed under the watermark + one frame.
    expect(samples).toBeGreaterThan(3);
    expect(heldPeak).toBeLessThanOrEqual(FLOW_HIGH_WATERMARK + 64 * 1024 + FRAME_HEADER_BYTES * 2);
    expect(stalled.view(pane.key).bytes).toBeLessThan(2 * 1024 * 1024);
    // When the stalled tab wakes up and acks, it fell off the ring: it gets a reset, then live output.
    (stalled.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    stalled.acking = true;
    await waitFor(
      'stalled viewer catches up',
      () => {
        stalled.flushAcks();
        return stalled.view(pane.key).resets >= 1 && stalled.view(pane.key).offset >= total;
      },
      // A minute: at load 15-20 the catch-up took longer than 20 s in a full run.
      { timeoutMs: 60_000, everyMs: 50 },
    );
    await Promise.all([stalled.close(), live.close()]);
    await s.call('panes.kill', { key: pane.key });
  }, 240_000);

  it('Ctrl-C into a pane flooding `yes` takes effect within a second', async () => {
    const { pane } = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      argv: ['bash', '--norc', '--noprofile'],
    });
    const v = new Viewer(s);
    await v.opened;
    v.attach(pane.key);
    v.send({ t: 'input', key: pane.key, data: 'yes\r' });
    await waitFor('yes flooding', () => v.view(pane.key).bytes > 2_000_000, 20_000);
    const sentAt = Date.now();
    v.send({ t: 'input', key: pane.key, data: '\x03' });
    await waitFor(
      'yes interrupted',
      async () =>
        (await s.call<PaneInfo[]>('panes.list')).find((p) => p.key === pane.key)?.foreground_program ===
        'bash',
      { timeoutMs: 5000, everyMs: 10 },
    );
    expect(Date.now() - sentAt).toBeLessThan(1000);
    await v.close();
    await s.call('panes.kill', { key: pane.key });
  });

  it('a new viewer without `since` gets the screen as a reset frame, then live output', async () => {
    const { pane } = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      argv: ['bash', '--norc', '--noprofile'],
    });
    await s.call('panes.sendKeys', { key: pane.key, keys: ['echo first-$((1+1))', 'Enter'] });
    await waitFor('echo', async () =>
      (await s.call<{ lines: string[] }>('panes.capture', { key: pane.key })).lines.includes('first-2'),
    );
    const v = new Viewer(s);
    await v.opened;
    v.attach(pane.key);
    await waitFor('reset frame', () => v.view(pane.key).resets === 1 && v.text(pane.key).includes('first-2'));
    v.send({ t: 'input', key: pane.key, data: 'echo second-$((2+1))\r' });
    await waitFor('live output', () => v.text(pane.key).includes('second-3'));
    await v.close();
    await s.call('panes.kill', { key: pane.key });
  });

  it('several viewers: the PTY follows the one used last and returns to the desktop when the phone leaves', async () => {
    const { pane } = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      argv: ['bash', '--norc', '--noprofile'],
    });
    let n = 0;
    const size = async (): Promise<string> => {
      const mark = `size${++n}`;
      await s.call('panes.sendKeys', {
        key: pane.key,
        keys: [`echo ${mark}-$(stty size | tr ' ' x)`, 'Enter'],
      });
      return waitFor(mark, async () => {
        const lines = (await s.call<{ lines: string[] }>('panes.capture', { key: pane.key })).lines;
        return lines.find((l) => l.startsWith(`${mark}-`))?.slice(mark.length + 1);
      });
    };
    const desktop = new Viewer(s);
    const phone = new Viewer(s);
    await Promise.all([desktop.opened, phone.opened]);
    desktop.attach(pane.key, { cols: 130, rows: 40 });
    expect(await size()).toBe('40x130');
    phone.attach(pane.key, { cols: 47, rows: 50 });
    expect(await size()).toBe('50x47');
    // A keystroke on the desktop takes the pane back; one on the phone takes it again.
    desktop.send({ t: 'input', key: pane.key, data: '\x15' });
    expect(await size()).toBe('40x130');
    phone.send({ t: 'input', key: pane.key, data: '\x15' });
    expect(await size()).toBe('50x47');
    // The phone goes away: the desktop's size comes back, not the phone's.
    await phone.close();
    expect(await size()).toBe('40x130');
    await desktop.close();
    await s.call('panes.kill', { key: pane.key });
  });

  it("two pages on one session: the controller's size is canonical, a follower is told it and never resizes; taking control moves it", async () => {
    const { pane } = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      argv: ['bash', '--norc', '--noprofile'],
    });
    let n = 0;
    const size = async (): Promise<string> => {
      const mark = `canon${++n}`;
      await s.call('panes.sendKeys', {
        key: pane.key,
        keys: [`echo ${mark}-$(stty size | tr ' ' x)`, 'Enter'],
      });
      return waitFor(mark, async () => {
        const lines = (await s.call<{ lines: string[] }>('panes.capture', { key: pane.key })).lines;
        return lines.find((l) => l.startsWith(`${mark}-`))?.slice(mark.length + 1);
      });
    };
    const desktop = new Viewer(s);
    const phone = new Viewer(s);
    await Promise.all([desktop.opened, phone.opened]);
    const idOf = (v: Viewer) =>
      waitFor('hello', () => v.messages.find((m) => m.t === 'hello') as { client: number } | undefined);
    const [desk, mobile] = [(await idOf(desktop)).client, (await idOf(phone)).client];
    const sizeHeard = (v: Viewer, by: number, cols: number) =>
      waitFor(`size by ${by}`, () =>
        v.messages.some((m) => m.t === 'size' && m.key === pane.key && m.by === by && m.cols === cols),
      );
    desktop.send({ t: 'view', session: 'main' });
    desktop.attach(pane.key, { cols: 130, rows: 40 });
    expect(await size()).toBe('40x130');
    phone.send({ t: 'view', session: 'main' });
    phone.attach(pane.key, { cols: 47, rows: 50 });
    // The follower hears whose size the pane has and keeps it; its resize and keys change nothing.
    await sizeHeard(phone, desk, 130);
    phone.send({ t: 'resize', key: pane.key, cols: 45, rows: 50 });
    phone.send({ t: 'input', key: pane.key, data: '\x15' });
    expect(await size()).toBe('40x130');
    // The phone takes control: its last size, told to both pages.
    phone.send({ t: 'take-control' });
    await Promise.all([sizeHeard(desktop, mobile, 45), sizeHeard(phone, mobile, 45)]);
    expect(await size()).toBe('50x45');
    desktop.send({ t: 'input', key: pane.key, data: '\x15' });
    expect(await size()).toBe('50x45');
    // The controller leaves: the lease and the size go back to the desktop without a key.
    await phone.close();
    await sizeHeard(desktop, desk, 130);
    expect(await size()).toBe('40x130');
    await desktop.close();
    await s.call('panes.kill', { key: pane.key });
  });
});
