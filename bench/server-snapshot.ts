// Snapshot write for 16 panes × 5000 lines of output: the layout snapshot (written after every
// change, debounced) and the pane histories (mirror serialized per pane, written on shutdown and
// every 30 s). In process, real PTYs and mirrors. Run: npx --no-install tsx bench/server-snapshot.ts
import { mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus } from '../apps/server/src/events/bus';
import { HistoryWriter } from '../apps/server/src/persist/history';
import { SnapshotWriter } from '../apps/server/src/persist/snapshot';
import { procProcessTable } from '../apps/server/src/proc/processTable';
import { nodePtyBackend } from '../apps/server/src/pty/nodePtyBackend';
import { SessionManager } from '../apps/server/src/session/manager';
import { percentile, printTable, until } from './server-harness';

const home = mkdtempSync(join(tmpdir(), 'rozi-bench-snap-'));
const bus = new EventBus();
const m = new SessionManager({
  bus,
  home,
  envr: {
    backend: nodePtyBackend,
    procs: procProcessTable,
    bus,
    env: { PATH: process.env.PATH ?? '', HOME: home },
    shell: '/bin/sh',
    scrollback: 5000,
    ringBytes: 2 * 1024 * 1024,
  },
});
const script = `i=0; while [ $i -lt 5000 ]; do printf '\\033[3%dmline %05d of the pane output, some words to make it realistic\\033[0m\\n' $((i % 7)) $i; i=$((i+1)); done; sleep 600`;
const { pane: first } = m.createSession({ name: 'bench', launch: { command: script, cols: 100, rows: 30 } });
for (let i = 1; i < 16; i++)
  m.split(first, { direction: i % 2 ? 'row' : 'column', launch: { command: script, cols: 100, rows: 30 } });
await until(
  async () => {
    for (const p of m.panes.values()) {
      const c = await p.mirror.read({ kind: 'capture', scrollback: 'full' });
      if (c.lines.length < 5000) return false;
    }
    return true;
  },
  120_000,
  200,
);

const layout: number[] = [];
const snap = new SnapshotWriter({ manager: m, bus, file: join(home, 'snapshot.json'), log: console.error });
for (let i = 0; i < 20; i++) {
  m.renamePane(first, `run ${i}`); // a change, so every write really writes
  const started = performance.now();
  snap.write();
  layout.push(performance.now() - started);
}
const hist: number[] = [];
const dir = join(home, 'history');
for (let i = 0; i < 5; i++) {
  const h = new HistoryWriter({ manager: m, dir, log: console.error });
  const started = performance.now();
  await h.writeChanged();
  hist.push(performance.now() - started);
  await h.close().catch(() => 0);
}
const histBytes = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
const snapBytes = statSync(join(home, 'snapshot.json')).size;
snap.close();
await m.shutdown(200);
rmSync(home, { recursive: true, force: true });
layout.sort((a, b) => a - b);
hist.sort((a, b) => a - b);
printTable(
  'Snapshot write, 16 panes × 5000 lines, ms',
  ['what', 'p50', 'max', 'size'],
  [
    [
      'layout snapshot (sessions, splits, live cwd from /proc, titles)',
      percentile(layout, 50).toFixed(2),
      (layout[layout.length - 1] as number).toFixed(2),
      `${(snapBytes / 1024).toFixed(1)} KiB`,
    ],
    [
      'pane histories (16 raw output tails, colours kept, atomic writes)',
      percentile(hist, 50).toFixed(0),
      (hist[hist.length - 1] as number).toFixed(0),
      `${(histBytes / 1024 / 1024).toFixed(1)} MiB`,
    ],
  ],
);
process.exit(0);
