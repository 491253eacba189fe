// Case C01: chaos kills for a bounded time (15 s). While panes are opened and closed, a random
// process the server started (a pane's program, an extension service, a flooding `yes`) is
// SIGKILLed every 150 ms. The server must answer every call within 2 s (a split within its 5 s
// PTY-ready wait) throughout, never exit,
// and afterwards be back at its baseline: descriptors, children and (loosely) memory.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { PaneInfo } from '../../src/session/model';
import {
  childPids,
  fdCount,
  makeHome,
  removeHome,
  rssBytes,
  runCli,
  startServer,
  waitFor,
  type TestServer,
} from '../harness';

const home = makeHome();
let s: TestServer | undefined;
afterAll(async () => {
  if (s && s.proc.exitCode === null) await s.kill9();
  removeHome(home.home);
});

/** Every descendant of `pid` (children, their children, …). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) for (const c of childPids(queue.shift() as number)) (out.push(c), queue.push(c));
  return out;
}

/** Awaits `p`, failing when it took longer than `limitMs` (2 s; a split may wait 5 s for its PTY). */
async function timed<T>(what: string, p: Promise<T>, limitMs = 2000): Promise<T> {
  const started = Date.now();
  const v = await p.catch((e: Error) => {
    e.message = `${what}: ${e.message}`;
    throw e;
  });
  const took = Date.now() - started;
  if (took > limitMs) throw new Error(`${what} took ${took} ms during chaos`);
  return v;
}

it('C01 15 s of random SIGKILLs: every call answered, nothing leaked afterwards', async () => {
  const ext = join(home.home, 'svc');
  mkdirSync(ext);
  writeFileSync(
    join(ext, 'extension.toml'),
    '[extension]\nid = "svc"\ntitle = "S"\ndescription = "d"\nversion = "1"\napi = 1\n\n[[services]]\nname = "s"\nexec = ["sleep", "1000"]\nrestart = "on-failure"\n',
  );
  s = await startServer({ home });
  const server = s;
  const pid = server.proc.pid as number;
  expect((await runCli(server.env, ['extensions', 'install', ext])).code).toBe(0);
  await waitFor('the service', () => descendants(pid).length >= 2, 20_000);
  // Baseline: one shell pane and the service.
  await new Promise((r) => setTimeout(r, 500));
  const heapUsed = async () =>
    (await server.call<{ server: { heap_used_bytes: number } }>('status.metrics')).server.heap_used_bytes;
  const before = {
    fds: fdCount(pid),
    procs: descendants(pid).length,
    rss: rssBytes(pid),
    heap: await heapUsed(),
  };

  const deadline = Date.now() + 15_000;
  const killer = setInterval(() => {
    const victims = descendants(pid);
    const v = victims[Math.floor(Math.random() * victims.length)];
    if (v === undefined) return;
    try {
      process.kill(v, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 150);
  let calls = 0;
  try {
    for (let round = 0; Date.now() < deadline; round++) {
      // Killing a session's last program ends the session: start another, as a user would.
      if ((await timed('list-panes', server.call<PaneInfo[]>('panes.list'))).length === 0)
        // Its program may be the next victim: then the call says so instead of answering a row.
        await timed('new-session', server.call('sessions.create', { name: `chaos-${round}` })).catch(
          (e: Error) => {
            if (!/ended as soon as it started/.test(e.message)) throw e;
          },
        );
      const r = await timed(
        'split',
        server.call<{ pane: PaneInfo }>('panes.split', {
          target: 1,
          argv: ['sh', '-c', 'yes | head -c 2000000; sleep 5'],
        }),
        6000,
      ).catch((e: Error) => (/pane|target|start|session/.test(e.message) ? null : Promise.reject(e)));
      await timed('workspace.get', server.call('workspace.get'));
      await timed('list-panes', server.call('panes.list'));
      if (r) await timed('kill', server.call('panes.kill', { key: r.pane.key })).catch(() => null);
      calls += 5;
      expect(server.proc.exitCode).toBe(null);
    }
  } finally {
    clearInterval(killer);
  }
  expect(calls).toBeGreaterThan(20);

  // Calm again: close every pane but a fresh first one, let the service come back.
  const panes = await server.call<PaneInfo[]>('panes.list');
  if (panes.length === 0) await server.call('sessions.create', { name: 'again' });
  // A pane listed a moment ago may be ending with its session ("no longer belongs to a session").
  for (const p of (await server.call<PaneInfo[]>('panes.list')).slice(1))
    await server.call('panes.kill', { key: p.key }).catch((e: Error) => {
      if (!/no longer|not found|no pane|gone/i.test(e.message)) throw e;
    });
  await waitFor('children back to the baseline', () => descendants(pid).length <= before.procs, {
    timeoutMs: 30_000,
    everyMs: 200,
  });
  await waitFor('descriptors back to the baseline', () => fdCount(pid) <= before.fds + 4, 10_000);
  // Memory, loosely: the JS heap in use comes back near the baseline once the garbage of the
  // chaos is collected (V8 collects when it allocates, and the idle server still polls), while
  // RSS keeps the pages V8 grew into and says little about a leak; it is printed, not asserted.
  const leakBound = before.heap + 48 * 1024 * 1024;
  let heap = await heapUsed();
  await waitFor('the JS heap back near the baseline', async () => (heap = await heapUsed()) < leakBound, {
    timeoutMs: 30_000,
    everyMs: 500,
  }).catch(() => undefined);
  const after = { fds: fdCount(pid), procs: descendants(pid).length, rss: rssBytes(pid), heap };
  // The figures of the closing note (issue 14): before and after.
  console.log(`C01 figures: before ${JSON.stringify(before)} after ${JSON.stringify(after)} calls ${calls}`);
  expect(after.heap).toBeLessThan(leakBound);
  expect(await server.stop()).toBe(0);
}, 120_000);
