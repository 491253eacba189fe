import { describe, expect, it } from 'vitest';
import { PaneViewer, pooledFrames, type ViewerChannel } from './paneViewer';
import {
  FLOW_BACKGROUND_WINDOW,
  FLOW_HIGH_WATERMARK,
  FLOW_LOW_WATERMARK,
  FRAME_HEADER_BYTES,
  FRAME_OUTPUT,
} from './protocol';
import { RingBuffer } from './ringBuffer';
import type { OutputSink, StreamSource } from './streamSource';

const FRAME = 64 * 1024;
/** Frames sent before the unacknowledged bytes reach the high watermark. */
const FULL = Math.ceil(FLOW_HIGH_WATERMARK / FRAME);

/** A pane whose output is whatever the test appends to its ring; counts PTY pauses. */
function fakePane(
  total: number,
): StreamSource & { paused: boolean; viewers: Set<OutputSink>; bytes: Buffer } {
  const ring = new RingBuffer(4 * 1024 * 1024);
  const bytes = Buffer.alloc(total);
  for (let i = 0; i < total; i++) bytes[i] = i % 251;
  ring.append(bytes);
  const pane = {
    key: 7,
    ring,
    bytes,
    exited: false,
    exitCode: null,
    paused: false,
    viewers: new Set<OutputSink>(),
    attach: (v: OutputSink) => void pane.viewers.add(v),
    detach: (v: OutputSink) => void pane.viewers.delete(v),
    updateFlow: () => {
      pane.paused = [...pane.viewers].every((v) => v.isBlocked());
    },
    snapshot: () => Promise.reject(new Error('not used')),
    write: () => undefined,
    resize: () => undefined,
  };
  return pane;
}

function recorder(): ViewerChannel & { frames: Buffer[] } {
  const frames: Buffer[] = [];
  return { frames, open: true, sendBinary: (f) => void frames.push(f), sendJson: () => undefined };
}

describe('PaneViewer flow control', () => {
  it('sends the frames of one pump inside one corked call of a channel that corks', () => {
    const pane = fakePane(256 * 1024);
    const frames: Buffer[] = [];
    const batches: number[] = [];
    let corked = false;
    const channel: ViewerChannel = {
      open: true,
      sendJson: () => undefined,
      sendBinary: (f) => {
        expect(corked).toBe(true);
        frames.push(f);
      },
      corked: (send) => {
        corked = true;
        const before = frames.length;
        send();
        corked = false;
        batches.push(frames.length - before);
      },
    };
    new PaneViewer(pane, channel).start(0);
    // 256 KiB: four full frames, written together.
    expect(batches).toEqual([4]);
    expect(Buffer.concat(frames.map((f) => f.subarray(FRAME_HEADER_BYTES))).equals(pane.bytes)).toBe(true);
  });

  it('sends every byte in order, stops above the high watermark and pauses the PTY', () => {
    const pane = fakePane(1024 * 1024);
    const channel = recorder();
    const viewer = new PaneViewer(pane, channel);
    viewer.start(0);
    // Full frames up to the high watermark: it stops and the PTY is paused.
    expect(channel.frames.map((f) => f.length - FRAME_HEADER_BYTES)).toEqual(Array(FULL).fill(FRAME));
    expect(viewer.isBlocked()).toBe(true);
    expect(pane.paused).toBe(true);
    // Acked frame by frame as a client would, the whole ring goes out, never more than the high
    // watermark plus one frame unacknowledged.
    let acked = 0;
    while (acked < 1024 * 1024) {
      expect(viewer.stats().unacked).toBeLessThanOrEqual(FLOW_HIGH_WATERMARK + FRAME);
      viewer.ack(FRAME);
      acked += FRAME;
    }
    const payload = Buffer.concat(channel.frames.map((f) => f.subarray(FRAME_HEADER_BYTES)));
    expect(payload.equals(pane.bytes)).toBe(true);
    expect(channel.frames.map((f) => f.readDoubleBE(5))).toEqual(channel.frames.map((_, i) => i * FRAME));
    expect(viewer.stats().unacked).toBe(0);
    expect(viewer.isBlocked()).toBe(false);
    expect(pane.paused).toBe(false);
  });

  it('stays stopped while more than the low watermark is unacknowledged', () => {
    const pane = fakePane(2 * 1024 * 1024);
    const channel = recorder();
    const viewer = new PaneViewer(pane, channel);
    viewer.start(0);
    expect(channel.frames).toHaveLength(FULL);
    // Acks that leave the low watermark unacknowledged send nothing.
    viewer.ack(FULL * FRAME - FLOW_LOW_WATERMARK);
    expect(viewer.stats().unacked).toBe(FLOW_LOW_WATERMARK);
    expect(channel.frames).toHaveLength(FULL);
    expect(viewer.isBlocked()).toBe(true);
    viewer.ack(1);
    const sent = channel.frames.length;
    expect(sent).toBeGreaterThan(FULL);
    // A bad ack (zero, negative, NaN) changes nothing.
    for (const bad of [0, -5, Number.NaN]) viewer.ack(bad);
    expect(channel.frames).toHaveLength(sent);
    expect(viewer.stats().unacked).toBeGreaterThan(FLOW_HIGH_WATERMARK);
  });

  it('a page-chosen window: a background pane stops early, focusing it sends what was held back', () => {
    const pane = fakePane(2 * 1024 * 1024);
    const channel = recorder();
    const window = FLOW_BACKGROUND_WINDOW;
    const viewer = new PaneViewer(pane, channel, { high: window, low: window / 2 });
    viewer.start(0);
    // 100 KiB window: two 64 KiB frames and it stops.
    expect(channel.frames).toHaveLength(Math.ceil(window / FRAME));
    expect(viewer.isBlocked()).toBe(true);
    // Focused: the full window, sent at once without waiting for an ack.
    viewer.setWindow(FLOW_HIGH_WATERMARK);
    expect(channel.frames).toHaveLength(FULL);
    expect(viewer.isBlocked()).toBe(true);
    // Back to background: nothing more leaves until acks bring it under half the small window.
    viewer.setWindow(window);
    viewer.ack(FULL * FRAME - window / 2);
    expect(channel.frames).toHaveLength(FULL);
    viewer.ack(1);
    expect(channel.frames.length).toBeGreaterThan(FULL);
    expect(viewer.stats().unacked).toBeLessThanOrEqual(window + FRAME);
  });
});

describe('PaneViewer and a frame the source already has (a remote pane’s link frame)', () => {
  /** A pane with nothing yet; `produce` appends bytes and offers their frame as a remote pane does. */
  function source() {
    const pane = fakePane(0);
    let next = 0;
    const produce = (n: number, offer = true): Buffer => {
      const payload = Buffer.alloc(n, 0x61 + (next % 26));
      const frame = Buffer.alloc(FRAME_HEADER_BYTES + n);
      frame[0] = FRAME_OUTPUT;
      frame.writeUInt32BE(pane.key, 1);
      frame.writeDoubleBE(pane.ring.end, 5);
      payload.copy(frame, FRAME_HEADER_BYTES);
      pane.ring.append(payload);
      next++;
      for (const v of pane.viewers) v.onOutput(offer ? frame : undefined);
      return frame;
    };
    return { pane, produce };
  }

  it('a caught-up viewer sends the offered frame itself, not a copy', () => {
    const { pane, produce } = source();
    const channel = recorder();
    new PaneViewer(pane, channel).start(0);
    const frames = [produce(1000), produce(FRAME), produce(3)];
    expect(channel.frames).toHaveLength(3);
    channel.frames.forEach((f, i) => expect(f).toBe(frames[i]));
  });

  it('a viewer that is behind, blocked, or offered the wrong bytes copies from the ring in order', () => {
    const { pane, produce } = source();
    const channel = recorder();
    const viewer = new PaneViewer(pane, channel, { high: 3 * FRAME, low: FRAME });
    viewer.start(0);
    produce(FRAME, false); // not offered: copied from the ring
    for (let i = 0; i < 3; i++) produce(FRAME); // the third finds the window full
    expect(channel.frames).toHaveLength(3);
    expect(viewer.isBlocked()).toBe(true);
    produce(FRAME); // blocked: held in the ring
    viewer.ack(2 * FRAME + 1); // resumes: two frames behind, so both come from the ring
    expect(channel.frames).toHaveLength(5);
    // An offered frame whose offset is not the viewer's next byte is not sent as it is.
    const wrong = Buffer.from(produce(100));
    wrong.writeDoubleBE(0, 5);
    viewer.onOutput(wrong);
    expect(channel.frames.filter((f) => f === wrong)).toHaveLength(0);
    const payload = Buffer.concat(channel.frames.map((f) => f.subarray(FRAME_HEADER_BYTES)));
    expect(payload.equals(pane.ring.tail(pane.ring.end))).toBe(true);
    expect(channel.frames.map((f) => f.readDoubleBE(5))).toEqual([0, 1, 2, 3, 4, 5].map((i) => i * FRAME));
  });
});

describe('frame buffers', () => {
  it('are reused only once the channel says a frame was written, and never change what it holds', () => {
    const pane = fakePane(3 * 1024 * 1024);
    // Holds frames without calling back (a slow socket): every frame keeps its own bytes.
    const held: Array<{ frame: Buffer; sent?: () => void }> = [];
    const channel: ViewerChannel = {
      open: true,
      sendBinary: (frame, _headroom, sent) => void held.push({ frame, sent }),
      sendJson: () => undefined,
    };
    const viewer = new PaneViewer(pane, channel);
    const before = pooledFrames();
    viewer.start(0);
    expect(held).toHaveLength(FULL);
    const backing = new Set(held.map((h) => h.frame.buffer));
    expect(backing.size).toBe(FULL);
    // Written: the buffers go back to the pool, and the next frames are built in them.
    for (const h of held.splice(0)) h.sent?.();
    expect(pooledFrames()).toBe(before + FULL);
    viewer.ack(FULL * FRAME);
    expect(held).toHaveLength(FULL);
    expect(held.every((h) => backing.has(h.frame.buffer))).toBe(true);
    // Every frame still holds exactly its ring bytes, in order.
    held.forEach((h, i) => {
      const offset = h.frame.readDoubleBE(5);
      expect(offset).toBe((FULL + i) * FRAME);
      expect(h.frame.subarray(FRAME_HEADER_BYTES).equals(pane.bytes.subarray(offset, offset + FRAME))).toBe(
        true,
      );
    });
  });
});
