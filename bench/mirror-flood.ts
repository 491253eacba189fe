// The headless mirror under a flood, alone: N MiB of `seq` output pushed in 64 KiB pieces at a
// fixed rate (BENCH_RATE_MIB, default 40 MiB/s, faster than xterm parses here), then whenParsed.
// Prints the mirror's busy time (xterm's parse and everything it allocates), GC pause time
// (PerformanceObserver 'gc'), skipped bytes and the number of skip-aheads, with the load average.
// Then the skip-ahead alone on a bare @xterm/headless terminal with a full scrollback: 64 KiB tails
// of `seq` fed after a reset() (what the mirror did) and after the seam it feeds now, alternating.
// Run: npx --no-install tsx bench/mirror-flood.ts
import xtermHeadless from '@xterm/headless';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { Mirror } from '../apps/server/src/session/mirror';

const MIB = Number(process.env.BENCH_MIB ?? 50);
const RATE = Number(process.env.BENCH_RATE_MIB ?? 40) * 1024 * 1024;
const SCROLLBACK = Number(process.env.BENCH_SCROLLBACK ?? 5000);
const PIECE = 64 * 1024;
const data = execFileSync('sh', ['-c', `seq 1 100000000 | head -c ${MIB * 1024 * 1024} | sed 's/$/\\r/'`], {
  maxBuffer: MIB * 2 * 1024 * 1024,
});
let gcMs = 0;
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
obs.observe({ entryTypes: ['gc'] });
const m = new Mirror({
  cols: 120,
  rows: 40,
  scrollback: SCROLLBACK,
  onTitle: () => undefined,
  onBell: () => undefined,
});
const load0 = loadavg()[0]!.toFixed(1);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let off = 0;
await new Promise<void>((resolve) => {
  const tick = () => {
    // Push what the rate allows since the start, in PIECE pieces (a PTY's reads).
    const due = Math.min(data.length, ((performance.now() - t0) / 1000) * RATE);
    while (off < due) {
      m.push(data.subarray(off, Math.min(off + PIECE, data.length)));
      off += PIECE;
    }
    if (off >= data.length) resolve();
    else setTimeout(tick, 1);
  };
  tick();
});
const pushedMs = performance.now() - t0;
await m.whenParsed(() => undefined);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
obs.disconnect();
console.log(
  `mirror flood: ${MIB} MiB seq at ${RATE / 1024 / 1024} MiB/s, scrollback ${SCROLLBACK}: pushed in ${pushedMs.toFixed(0)} ms, ` +
    `parsed by ${ms.toFixed(0)} ms; CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, GC ${gcMs.toFixed(0)} ms; ` +
    `skipped ${(m.skippedBytes / 1024 / 1024).toFixed(1)} MiB; load ${load0} → ${loadavg()[0]!.toFixed(1)}`,
);
m.dispose();

// The skip cycle alone: reset() + tail against seam + tail, alternating, on full scrollbacks.
const tail = data.subarray(data.length - 64 * 1024);
const fresh = () => {
  const t = new xtermHeadless.Terminal({
    cols: 120,
    rows: 40,
    scrollback: SCROLLBACK,
    allowProposedApi: true,
  });
  return t;
};
const write = (t: InstanceType<typeof xtermHeadless.Terminal>, d: Uint8Array | string) =>
  new Promise<void>((r) => t.write(d, r));
const withReset = fresh();
const withSeam = fresh();
await write(withReset, tail);
await write(withSeam, tail);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 40);
const spent = { reset: 0, seam: 0 };
const gcSpent = { reset: 0, seam: 0 };
let gcNow = 0;
const obs2 = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcNow += e.duration;
});
obs2.observe({ entryTypes: ['gc'] });
const load1 = loadavg()[0]!.toFixed(1);
for (let i = 0; i < CYCLES; i++) {
  for (const kind of ['reset', 'seam'] as const) {
    const t = kind === 'reset' ? withReset : withSeam;
    const g = gcNow;
    const s = performance.now();
    if (kind === 'reset') t.reset();
    else t.write('\x18\x1b[!p\r\n');
    await write(t, tail);
    spent[kind] += performance.now() - s;
    await new Promise((r) => setTimeout(r, 5)); // let a GC the cycle caused land in its own tally
    gcSpent[kind] += gcNow - g;
  }
}
obs2.disconnect();
console.log(
  `skip cycle (64 KiB tail, ${CYCLES}×, scrollback ${SCROLLBACK}): after reset() ${(spent.reset / CYCLES).toFixed(2)} ms ` +
    `(GC ${(gcSpent.reset / CYCLES).toFixed(2)} ms), after the seam ${(spent.seam / CYCLES).toFixed(2)} ms ` +
    `(GC ${(gcSpent.seam / CYCLES).toFixed(2)} ms); load ${load1} → ${loadavg()[0]!.toFixed(1)}`,
);
withReset.dispose();
withSeam.dispose();
