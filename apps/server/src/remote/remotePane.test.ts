import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINK_HIGH_WATERMARK } from '../link/linkProtocol';
import { FRAME_HEADER_BYTES, FRAME_OUTPUT } from '../stream/protocol';
import type { OutputSink } from '../stream/streamSource';
import { RemotePane, type PaneLinkPort } from './remotePane';

const HOST_KEY = 41;
const LOCAL_KEY = 9;

function port(): PaneLinkPort & { acks: number[] } {
  const acks: number[] = [];
  return {
    acks,
    connected: true,
    attach: () => undefined,
    detach: () => undefined,
    input: () => undefined,
    resize: () => undefined,
    ack: (_key, bytes) => void acks.push(bytes),
    snapshot: () => Promise.reject(new Error('not used')),
  };
}

/** A host output frame (the host's key) of `n` bytes at `offset`. */
function hostFrame(offset: number, n: number): Buffer {
  const f = Buffer.alloc(FRAME_HEADER_BYTES + n, 0x78);
  f[0] = FRAME_OUTPUT;
  f.writeUInt32BE(HOST_KEY, 1);
  f.writeDoubleBE(offset, 5);
  return f;
}

function viewer(): OutputSink & { offered: Array<Buffer | undefined> } {
  const offered: Array<Buffer | undefined> = [];
  return { offered, onOutput: (f) => void offered.push(f), onExit: () => undefined, isBlocked: () => false };
}

const turn = () => new Promise((r) => setImmediate(r));

// The linger timer only runs when a test says so (a loaded machine takes longer than it between
// two turns); turns of the event loop stay real.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('RemotePane', () => {
  it('hands each link frame on with this server’s key and acks a flood an eighth of the window at a time', async () => {
    const p = port();
    const pane = new RemotePane({ key: LOCAL_KEY, remoteKey: HOST_KEY, port: p, ringBytes: 4 << 20 });
    const v = viewer();
    pane.attach(v);
    const step = LINK_HIGH_WATERMARK / 8;
    // Two eighths arrive in 64 KiB frames, one read (one turn) at a time.
    let offset = 0;
    while (offset < 2 * step) {
      pane.onFrame(hostFrame(offset, 64 * 1024));
      offset += 64 * 1024;
      await turn();
    }
    expect(p.acks).toEqual([step, step]);
    expect(v.offered).toHaveLength((2 * step) / (64 * 1024));
    for (const f of v.offered) expect(f?.readUInt32BE(1)).toBe(LOCAL_KEY);
    expect(pane.ring.end).toBe(2 * step);
  });

  it('a little output is acked shortly after it stops, not held', async () => {
    const p = port();
    const pane = new RemotePane({ key: LOCAL_KEY, remoteKey: HOST_KEY, port: p, ringBytes: 4 << 20 });
    pane.attach(viewer());
    pane.onFrame(hostFrame(0, 5));
    await turn();
    expect(p.acks).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(p.acks).toEqual([5]);
  });

  it('holds the credit while every viewer is blocked and returns it when one goes on', async () => {
    const p = port();
    const pane = new RemotePane({ key: LOCAL_KEY, remoteKey: HOST_KEY, port: p, ringBytes: 4 << 20 });
    let blocked = true;
    pane.attach({ onOutput: () => undefined, onExit: () => undefined, isBlocked: () => blocked });
    pane.onFrame(hostFrame(0, LINK_HIGH_WATERMARK / 4));
    await turn();
    vi.advanceTimersByTime(50);
    expect(p.acks).toEqual([]);
    blocked = false;
    pane.updateFlow();
    expect(p.acks).toEqual([LINK_HIGH_WATERMARK / 4]);
  });
});
