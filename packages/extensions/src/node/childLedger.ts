// Every process the server starts, in one ledger: extension commands, services, actions and tab
// commands (spawnGroup), hook workers, shell hooks, git, ssh and each pane's program. Two uses:
//  * a clean stop ends whatever is still listed (commands used to outlive the server);
//  * the ledger is mirrored as one small file per process in the state dir, so the next server
//    after a SIGKILL finds what the dead one left running and ends it before starting its own
//    services (they ran twice). apps/server/src/proc/leftoverChildren.ts does that part.
// A record names one incarnation (pid + kernel start time), so a reused pid is never signalled.
import type { ChildProcess } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * `group`: the child leads its own process group (detached) and ending it means the whole group,
 * members left by a leader that already exited included. `process`: that one process.
 */
export type EndScope = 'group' | 'process';

export interface ChildRecord {
  pid: number;
  /** Kernel start time (clock ticks since boot, /proc/<pid>/stat field 22); null when unread. */
  startTime: number | null;
  what: string;
  scope: EndScope;
}

export interface LedgerStore {
  dir: string;
  startTimeOf(pid: number): number | null;
}

function signal(rec: ChildRecord, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(rec.scope === 'group' ? -rec.pid : rec.pid, sig);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the record still stands for a running process: a signal-0 probe succeeds on zombies,
 * and where init reaps slowly (this CI's does not reap at all) an ended member stays one, so
 * the state letter is read. The server's process-table reader lives above this package; these
 * two fields of /proc/<pid>/stat are all this needs.
 */
function statOf(pid: string): { pgid: number; state: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: f[0] ?? '?', pgid: Number(f[2]) };
  } catch {
    return null;
  }
}

function running(rec: ChildRecord): boolean {
  if (!signal(rec, 0)) return false;
  if (rec.scope === 'process') return (statOf(String(rec.pid))?.state ?? 'Z') !== 'Z';
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const st = statOf(name);
    if (st && st.pgid === rec.pid && st.state !== 'Z') return true;
  }
  return false;
}

export class ChildLedger {
  private readonly records = new Map<number, ChildRecord>();
  private store: LedgerStore | null = null;

  /** From now on every record is also a file in `store.dir` (made 0700 if missing). */
  persistTo(store: LedgerStore): void {
    mkdirSync(store.dir, { recursive: true, mode: 0o700 });
    this.store = store;
    for (const rec of this.records.values()) this.writeFile(rec);
  }

  /** Tracks a spawned child until it exits (for `group`: until nothing of its group is left). */
  track(child: ChildProcess, o: { what: string; scope: EndScope }): void {
    const pid = child.pid;
    if (pid === undefined) return; // Never started: spawn reports the error itself.
    const release = this.trackPid(pid, o);
    if (child.exitCode !== null || child.signalCode !== null) release();
    else child.once('exit', release);
  }

  /** Tracks `pid`; the returned function is called when it has exited. */
  trackPid(pid: number, o: { what: string; scope: EndScope }): () => void {
    this.prune();
    const rec: ChildRecord = {
      pid,
      startTime: this.store?.startTimeOf(pid) ?? null,
      what: o.what,
      scope: o.scope,
    };
    this.records.set(pid, rec);
    this.writeFile(rec);
    return () => {
      if (this.records.get(pid) !== rec) return;
      // A group outlives its leader while members remain: keep it until prune() finds it empty.
      if (rec.scope === 'group' && signal(rec, 0)) return;
      this.forget(rec);
    };
  }

  list(): ChildRecord[] {
    this.prune();
    return [...this.records.values()];
  }

  /**
   * Ends everything still listed: SIGTERM, then SIGKILL to what is left after `graceMs`.
   * Resolves with the records that were still running.
   */
  async endAll(o: { graceMs: number }): Promise<ChildRecord[]> {
    const live = this.list().filter((r) => running(r) && signal(r, 'SIGTERM'));
    const deadline = Date.now() + o.graceMs;
    while (live.some(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const r of live) signal(r, 'SIGKILL');
    // Everything goes, zombie-only groups included: nothing of ours is left to end.
    for (const r of [...this.records.values()]) this.forget(r);
    return live;
  }

  /**
   * SIGKILL to everything listed, now, without waiting: for a process about to exit on a signal
   * (a CLI interrupted mid-install), where nothing asynchronous will run any more.
   */
  killAllNow(): void {
    for (const r of [...this.records.values()]) {
      signal(r, 'SIGKILL');
      this.forget(r);
    }
  }

  /** Drops groups with no member left (their leader's exit could not tell); cheap, zombies linger. */
  private prune(): void {
    for (const rec of this.records.values()) if (!signal(rec, 0)) this.forget(rec);
  }

  private forget(rec: ChildRecord): void {
    this.records.delete(rec.pid);
    if (!this.store) return;
    try {
      unlinkSync(join(this.store.dir, `${rec.pid}.json`));
    } catch {
      // Not written (the store came later) or already removed.
    }
  }

  private writeFile(rec: ChildRecord): void {
    if (!this.store) return;
    try {
      // Plain write, no fsync: the file only has to survive the server's death, not the machine's.
      writeFileSync(join(this.store.dir, `${rec.pid}.json`), JSON.stringify(rec), { mode: 0o600 });
    } catch {
      // A full disk or a deleted state dir: the child still ends with a clean stop (in memory).
    }
  }
}

/** The server process's one ledger (a process has one set of children). */
export const childLedger = new ChildLedger();

/** The records a previous server left in `dir` (files it could not remove before it died). */
export function readLedgerDir(dir: string): { records: ChildRecord[]; files: string[] } {
  const records: ChildRecord[] = [];
  const files: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return { records, files };
  }
  for (const name of names) {
    if (!/^\d+\.json$/.test(name)) continue;
    files.push(join(dir, name));
    try {
      const v = JSON.parse(readFileText(join(dir, name))) as Partial<ChildRecord>;
      if (
        typeof v.pid === 'number' &&
        Number.isInteger(v.pid) &&
        v.pid > 1 &&
        (v.scope === 'group' || v.scope === 'process') &&
        (typeof v.startTime === 'number' || v.startTime === null)
      )
        records.push({ pid: v.pid, startTime: v.startTime, what: String(v.what ?? '?'), scope: v.scope });
    } catch {
      // Half-written by a dying server: nothing to act on.
    }
  }
  return { records, files };
}

function readFileText(path: string): string {
  // Small files; a bound keeps a planted huge file from costing memory.
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
