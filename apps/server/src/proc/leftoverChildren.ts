// What a previous server left running when it died without a clean stop (SIGKILL, OOM, power
// cut): its child ledger (@rozi/extensions/node childLedger.ts) is still on disk. Before this
// server starts anything, each recorded process that is still the same incarnation (same pid and
// kernel start time) is ended, with its whole group for group records; then the files go. Without
// it a restart ran every extension service a second time beside the orphaned first.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLedgerDir, type ChildRecord } from '@rozi/extensions/node';
import type { ProcReader, ProcStat } from './processTable';

export interface LeftoverOptions {
  dir: string;
  reader: ProcReader;
  /** SIGTERM first; SIGKILL to what is left after this long. */
  graceMs: number;
  log(line: string): void;
}

/** The live processes a record still stands for (none when its incarnation is gone). */
function targetsOf(rec: ChildRecord, all: () => ProcStat[], reader: ProcReader): ProcStat[] {
  if (rec.startTime === null) return []; // Unverifiable: a reused pid must never be signalled.
  const start = rec.startTime;
  if (rec.scope === 'process') {
    const s = reader.stat(rec.pid);
    return s && s.startTime === start && s.state !== 'Z' ? [s] : [];
  }
  // The group may have outlived its leader: members of that group started after the leader.
  return all().filter((s) => s.pgid === rec.pid && s.startTime >= start && s.state !== 'Z');
}

/** Still the same incarnation and not a zombie (an ended child not reaped yet counts as gone). */
function running(reader: ProcReader, t: ProcStat): boolean {
  const s = reader.stat(t.pid);
  return s !== null && s.startTime === t.startTime && s.state !== 'Z';
}

function signal(pid: number, sig: NodeJS.Signals): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

/** The server that wrote the ledger: a second server on the same state dir must not reap its children. */
const OWNER_FILE = 'owner.json';

function liveOwner(o: LeftoverOptions): number | null {
  try {
    const v = JSON.parse(readFileSync(join(o.dir, OWNER_FILE), 'utf8')) as {
      pid?: unknown;
      startTime?: unknown;
    };
    if (typeof v.pid !== 'number' || v.pid === process.pid) return null;
    const s = o.reader.stat(v.pid);
    return s && s.startTime === v.startTime && s.state !== 'Z' ? v.pid : null;
  } catch {
    return null;
  }
}

/** Marks this server as the ledger's owner (the ledger dir must exist). */
export function claimLedger(o: Pick<LeftoverOptions, 'dir' | 'reader'>): void {
  const self = o.reader.stat(process.pid);
  writeFileSync(
    join(o.dir, OWNER_FILE),
    JSON.stringify({ pid: process.pid, startTime: self?.startTime ?? null }),
    {
      mode: 0o600,
    },
  );
}

export function releaseLedger(dir: string): void {
  try {
    unlinkSync(join(dir, OWNER_FILE));
  } catch {
    // Never claimed, or the state dir is gone.
  }
}

/**
 * Ends the previous server's leftovers; resolves with how many processes were still running.
 * Does nothing when the ledger's owner is still alive (a second server on the same state dir).
 */
export async function endLeftoverChildren(o: LeftoverOptions): Promise<number | 'owner-alive'> {
  const owner = liveOwner(o);
  if (owner !== null) {
    o.log(`warning: server ${owner} still runs on this state dir; leaving its processes alone`);
    return 'owner-alive';
  }
  const { records, files } = readLedgerDir(o.dir);
  if (records.length === 0 && files.length === 0) return 0;
  let scan: ProcStat[] | null = null;
  const all = (): ProcStat[] => (scan ??= o.reader.scan());
  const targets = new Map<ProcStat, ChildRecord>();
  for (const rec of records) for (const t of targetsOf(rec, all, o.reader)) targets.set(t, rec);
  for (const t of targets.keys()) signal(t.pid, 'SIGTERM');
  const deadline = Date.now() + o.graceMs;
  const alive = (): ProcStat[] => [...targets.keys()].filter((t) => running(o.reader, t));
  while (alive().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  for (const t of alive()) signal(t.pid, 'SIGKILL');
  for (const f of files) {
    try {
      unlinkSync(f);
    } catch {
      // Gone already.
    }
  }
  if (targets.size > 0) {
    const kinds = [...new Set([...targets.values()].map((r) => r.what))].join(', ');
    o.log(`ended ${targets.size} process(es) a previous server left running (${kinds})`);
  }
  return targets.size;
}
