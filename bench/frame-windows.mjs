// When this Chromium draws a frame that a page asks for, as a function of how long ago it last
// drew one: why a key echo's paint time under a fixed-cadence harness (peerbench types a key ~30 ms
// after the previous echo was painted) falls into two groups, "at once" and "a tick later".
// For each delay d (0, 4, … --max ms) the page draws a frame (a style change, awaited with
// requestAnimationFrame), waits d ms, changes the style again and times the next
// requestAnimationFrame callback. Prints the latency per delay (each --repeats times) and a
// one-line summary of the delays answered at once (under 3 ms) against those that waited.
//
//   npx --no-install tsx bench/frame-windows.mjs [--repeats 6] [--max 80] [--page blank|rozi]
//
// --page rozi runs the sweep inside rozi's workspace page (a real server in a temp HOME), to check
// that the page itself does not change the schedule. Measured on the project's 2-core VM with
// Debian's chromium, headless: d = 0–12 wait for the next vsync tick, d = 16–32 at once, d = 36–44
// wait again, d ≥ 48 at once (the compositor has stopped listening for ticks by then).
import { openBrowser } from '../e2e/lib/browser.ts';
import { startRozi } from '../e2e/lib/roziServer.ts';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const REPEATS = Number(opt('repeats', '6'));
const MAX = Number(opt('max', '80'));
const PAGE = opt('page', 'blank');
const AT_ONCE_MS = 3;

const server = PAGE === 'rozi' ? await startRozi() : null;
const browser = await openBrowser({ viewport: { width: 1400, height: 860 } });
try {
  if (server) {
    await browser.page.goto(server.url);
    await browser.page.waitForSelector('.xterm-rows', { timeout: 60_000 });
    await browser.page.waitForTimeout(1_500);
  } else {
    await browser.page.setContent('<body></body>');
  }
  const byDelay = await browser.page.evaluate(
    async ({ repeats, max }) => {
      const probe = document.createElement('div');
      probe.style.cssText = 'position:fixed;right:0;bottom:0;width:40px;height:4px;background:#888';
      document.body.append(probe);
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
      const out = {};
      for (let rep = 0; rep < repeats; rep++) {
        for (let d = 0; d <= max; d += 4) {
          probe.style.width = `${40 + ((rep + d) % 7)}px`;
          await frame(); // a frame that draws
          await sleep(d);
          const asked = performance.now();
          probe.style.height = `${4 + ((rep + d) % 3)}px`;
          (out[d] ??= []).push((await frame()) - asked);
        }
      }
      probe.remove();
      return out;
    },
    { repeats: REPEATS, max: MAX },
  );
  const atOnce = [];
  const waited = [];
  console.log(`page: ${PAGE}; requestAnimationFrame latency (ms) after a drawn frame and a pause of d ms`);
  for (const [d, latencies] of Object.entries(byDelay)) {
    const sorted = [...latencies].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    (median < AT_ONCE_MS ? atOnce : waited).push(Number(d));
    console.log(
      `d ${d.padStart(3)}  median ${median.toFixed(1).padStart(5)}  ${latencies.map((x) => x.toFixed(1)).join(' ')}`,
    );
  }
  console.log(`at once (median < ${AT_ONCE_MS} ms): d = ${atOnce.join(', ')}`);
  console.log(`waited for a tick: d = ${waited.join(', ')}`);
} finally {
  await browser.close();
  await server?.dispose();
}
