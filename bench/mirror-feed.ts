// The main thread's cost of feeding a pane's mirror worker (session/mirrorClient.ts): BENCH_MIB of
// output in node-pty's 4 KiB reads, appended to a ring and pushed to a real mirror worker, either
// as views of a shared ring (what a pane does: nothing copied on this thread) or as plain buffers
// (the path before: each flush copied into a transferred buffer). Alternates BENCH_ROUNDS times;
// prints the main thread's CPU ms per round (from /proc, 10 ms ticks) and the load average.
//   npx --no-install tsx bench/mirror-feed.ts
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { MirrorWorkers } from '../apps/server/src/session/mirrorClient';
import { RingBuffer } from '../apps/server/src/stream/ringBuffer';

const MIB = Number(process.env.BENCH_MIB ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const READ = 4096;

/** CPU ms of this process's main thread only (the worker's parse is not counted). */
function mainThreadCpuMs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const workers = new MirrorWorkers({ size: 1, log: () => undefined });
const read = Buffer.alloc(READ, 0x61);
const results: Record<'copied' | 'shared', number[]> = { copied: [], shared: [] };
const load0 = loadavg()[0]!.toFixed(1);
for (let round = 0; round < ROUNDS; round++) {
  for (const shared of [false, true]) {
    const ring = new RingBuffer(2 * 1024 * 1024, 0, shared);
    const mirror = workers.open({
      cols: 120,
      rows: 40,
      scrollback: 1000,
      onTitle: () => undefined,
      onBell: () => undefined,
      replay: () => ({ bytes: Buffer.alloc(0), offset: 0 }),
    });
    await mirror.read({ kind: 'screen' });
    const cpu0 = mainThreadCpuMs();
    for (let i = 0; i < (MIB * 1024 * 1024) / READ; i++) {
      // A new buffer per read, as node-pty delivers them.
      const data = Buffer.from(read);
      const from = ring.end;
      ring.append(data);
      if (shared) for (const view of ring.since(from)) mirror.push(view);
      else mirror.push(data);
      // Reads arrive between socket events: let the flush timer run now and then.
      if (i % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
    }
    results[shared ? 'shared' : 'copied'].push(mainThreadCpuMs() - cpu0);
    await mirror.read({ kind: 'screen' });
    mirror.dispose();
  }
}
console.log(
  `mirror feed, ${MIB} MiB in ${READ}-byte reads, main-thread CPU ms per round (load ${load0} → ` +
    `${loadavg()[0]!.toFixed(1)}): copied ${results.copied.join(', ')}; shared ring views ${results.shared.join(', ')}`,
);
await workers.crash();
process.exit(0);
