// `list-panes` with 200 panes: the procedure over the control socket (what the budget covers),
// and the whole `rozi list-panes` CLI process for reference (Node + tsx startup dominate it).
// Run: npx --no-install tsx bench/server-list-panes.ts
import { execFileSync } from 'node:child_process';
import { BIN, percentile, printTable, startServer } from './server-harness';

const PANES = Number(process.env.BENCH_PANES ?? 200);
const s = await startServer();
// 20 tabs × 10 panes, each pane a real PTY running sleep (tabs spread over sessions: a session
// has nine workspaces).
let made = 1;
for (let t = 0; made < PANES; t++) {
  const session = `bench${Math.floor(t / 9)}`;
  const r =
    t % 9 === 0
      ? await s.call<{ pane: { id: number } }>('sessions.create', { name: session, argv: ['sleep', '600'] })
      : await s.call<{ pane: { id: number } }>('tabs.create', { session, argv: ['sleep', '600'] });
  made++;
  for (let i = 1; i < 10 && made < PANES; i++, made++)
    await s.call('panes.split', {
      session,
      target: r.pane.id,
      argv: ['sleep', '600'],
      direction: i % 2 ? 'row' : 'column',
    });
}
const times: number[] = [];
let rows = 0;
for (let i = 0; i < 60; i++) {
  const started = performance.now();
  rows = (await s.call<unknown[]>('panes.list')).length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const cli: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  execFileSync(process.execPath, [BIN, 'list-panes', '--format', 'json'], {
    env: s.env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  cli.push(performance.now() - started);
}
cli.sort((a, b) => a - b);
await s.stop();
printTable(
  `list-panes with ${rows} panes, ms`,
  ['path', 'p50', 'p99'],
  [
    [
      'panes.list over the control socket',
      percentile(times, 50).toFixed(2),
      percentile(times, 99).toFixed(2),
    ],
    [
      '`rozi list-panes` process (incl. startup)',
      percentile(cli, 50).toFixed(0),
      percentile(cli, 99).toFixed(0),
    ],
  ],
);
process.exit(0);
