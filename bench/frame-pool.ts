// Frame buffers reused vs allocated per frame (stream/paneViewer.ts): one viewer streams
// BENCH_MIB of ring bytes through a channel that acks each frame at once, either calling the
// written callback (pooled) or not (a new 64 KiB buffer per frame, the old behaviour), alternating
// BENCH_ROUNDS times. Prints the frames sent and CPU time (and V8's GC entries, when it reports any).
//   npx --no-install tsx bench/frame-pool.ts
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { PaneViewer, type ViewerChannel } from '../apps/server/src/stream/paneViewer';
import { RingBuffer } from '../apps/server/src/stream/ringBuffer';
import type { OutputSink, StreamSource } from '../apps/server/src/stream/streamSource';

const MIB = Number(process.env.BENCH_MIB ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNK = 16 * 1024;

let gcCount = 0;
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcCount++;
    gcMs += e.duration;
  }
}).observe({ entryTypes: ['gc'] });

async function run(
  pooled: boolean,
): Promise<{ cpuMs: number; gcCount: number; gcMs: number; frames: number }> {
  const ring = new RingBuffer(8 * 1024 * 1024);
  const viewers = new Set<OutputSink>();
  const pane = {
    key: 1,
    ring,
    exited: false,
    exitCode: null,
    attach: (v: OutputSink) => void viewers.add(v),
    detach: (v: OutputSink) => void viewers.delete(v),
    updateFlow: () => undefined,
    snapshot: () => Promise.reject(new Error('not used')),
    write: () => undefined,
    resize: () => undefined,
  } as unknown as StreamSource;
  let viewer: PaneViewer | null = null;
  let frames = 0;
  const channel: ViewerChannel = {
    open: true,
    sendBinary: (frame, _headroom, sent) => {
      frames++;
      if (pooled) sent?.();
      // The client acks what it got (a real socket would write the frame first).
      queueMicrotask(() => viewer?.ack(frame.length - 13));
    },
    sendJson: () => undefined,
  };
  viewer = new PaneViewer(pane, channel);
  viewer.start(0);
  const chunk = Buffer.alloc(CHUNK, 0x41);
  const gc0 = { gcCount, gcMs };
  const cpu0 = process.cpuUsage();
  for (let sent = 0; sent < MIB * 1024 * 1024; sent += CHUNK) {
    ring.append(Buffer.from(chunk)); // node-pty hands over a fresh buffer per read
    viewer.onOutput();
    await Promise.resolve(); // the acks
  }
  const cpu = process.cpuUsage(cpu0);
  viewer.dispose();
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    gcCount: gcCount - gc0.gcCount,
    gcMs: gcMs - gc0.gcMs,
    frames,
  };
}

const fmt = (r: { cpuMs: number; gcCount: number; gcMs: number; frames: number }) =>
  `${r.frames} frames, CPU ${r.cpuMs.toFixed(0)} ms, ${r.gcCount} GCs, GC ${r.gcMs.toFixed(0)} ms`;
console.log(`frame-pool: ${MIB} MiB per run, load ${(loadavg()[0] ?? 0).toFixed(1)}`);
for (let i = 0; i < ROUNDS; i++) {
  for (const pooled of [true, false]) {
    const r = await run(pooled);
    await new Promise((r2) => setTimeout(r2, 50)); // let the last GC entries arrive
    console.log(`${pooled ? 'pooled   ' : 'per frame'}: ${fmt(r)}`);
  }
}
