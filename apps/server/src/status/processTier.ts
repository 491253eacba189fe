// The process tier: which agent process (if any) occupies each pane. One shared /proc scan serves
// every pane: the stat of every process is read once and indexed by process group, then each
// pane's foreground group is looked up in the index, so the cost is O(processes + panes), never
// panes × processes. cmdline/exe/environ are read only for foreground-group members, and cached
// by pid + start time + image (a reused pid changes start time; an exec changes the image — the
// stack addresses of its arguments and environment — even where comm stays the same: the pane's
// forked child is `node` like the server it was forked from until it execs, and `env X=1 node
// agent.mjs` execs `node` again).
//
// When to scan (ARCHITECTURE.md, apps/server: status):
// - a pane wrote output and its foreground group (tpgid in the root process's stat) or that
//   group leader's identity (start time + comm + image, which an exec changes) differs from the last
//   scan's → full scan now, and a settle scan settleMs later because a launcher (npx, a shell
//   wrapper) starts the real agent a moment after taking the terminal. One or two stat reads;
// - a pane was added → full scan;
// - every slowScanMs while any pane exists → full scan (catches exec in place, silent changes).
// An idle pane costs nothing between slow scans: no output, no reads.
import { createHash } from 'node:crypto';
import type { ProcessInfo, ProcessSnapshot } from '@rozi/detect';
import type { PaneKey } from '../session/model';
import type { ProcReader, ProcStat } from '../proc/processTable';
import type { Occupant } from './types';

export interface AgentMatch {
  agent: string;
  label: string;
  /** Which process of the snapshot is the agent (its pid + start time is the occupant). */
  pid: number;
}

/** @rozi/detect's matchProcess bound to the loaded definitions (the host adapts its result). */
export type AgentMatcher = (snapshot: ProcessSnapshot) => AgentMatch | null;

export const PROCESS_POLICY = {
  /** At most one foreground check per pane this often while it writes output. */
  fgCheckMs: 250,
  settleMs: 500,
  slowScanMs: 10_000,
} as const;

export type ProcessPolicy = { [K in keyof typeof PROCESS_POLICY]: number };

export interface ProcessTierOptions {
  reader: ProcReader;
  match: AgentMatcher;
  now(): number;
  /** Mixed into occupant ids so they are opaque and never compare equal across server runs. */
  epoch: string;
  policy?: Partial<ProcessPolicy>;
}

export interface OccupantChange {
  pane: PaneKey;
  occupant: Occupant | null;
}

interface PaneProc {
  rootPid: number;
  /** Foreground group + its leader's start time, comm and image at the last scan: a change means rescan. */
  fgKey: string | null;
  outputSince: number | null;
  lastFgCheck: number;
  occupant: Occupant | null;
}

interface CachedDetails {
  startTime: number;
  comm: string;
  image: string;
  info: ProcessInfo;
}

interface ScanIndex {
  byPid: Map<number, ProcStat>;
  children: Map<number, ProcStat[]>;
}

export interface ProcessTierStats {
  fullScans: number;
  fgChecks: number;
  detailReads: number;
}

export class ProcessTier {
  readonly policy: ProcessPolicy;
  readonly stats: ProcessTierStats = { fullScans: 0, fgChecks: 0, detailReads: 0 };
  private readonly panes = new Map<PaneKey, PaneProc>();
  private readonly details = new Map<number, CachedDetails>();
  private lastScanAt = -Infinity;
  private scanDueAt: number | null = null;

  constructor(private readonly options: ProcessTierOptions) {
    this.policy = { ...PROCESS_POLICY, ...options.policy };
  }

  addPane(pane: PaneKey, rootPid: number): void {
    this.panes.set(pane, { rootPid, fgKey: null, outputSince: null, lastFgCheck: -Infinity, occupant: null });
    this.requestScan(this.options.now());
  }

  removePane(pane: PaneKey): void {
    this.panes.delete(pane);
  }

  occupant(pane: PaneKey): Occupant | null {
    return this.panes.get(pane)?.occupant ?? null;
  }

  /** The pane's PTY produced output: its foreground program may have changed. */
  noteOutput(pane: PaneKey): void {
    const p = this.panes.get(pane);
    if (p && p.outputSince === null) p.outputSince = this.options.now();
  }

  nextDueAt(): number | null {
    if (this.panes.size === 0) return null;
    let due = this.lastScanAt + this.policy.slowScanMs;
    if (this.scanDueAt !== null) due = Math.min(due, this.scanDueAt);
    for (const p of this.panes.values()) {
      if (p.outputSince !== null)
        due = Math.min(due, Math.max(p.outputSince, p.lastFgCheck + this.policy.fgCheckMs));
    }
    return due;
  }

  /** Does what is due; returns the panes whose occupant changed. */
  tick(): OccupantChange[] {
    const now = this.options.now();
    if (this.panes.size === 0) return [];
    let scan =
      now >= this.lastScanAt + this.policy.slowScanMs || (this.scanDueAt !== null && now >= this.scanDueAt);
    for (const p of this.panes.values()) {
      if (p.outputSince === null || now < p.lastFgCheck + this.policy.fgCheckMs) continue;
      p.outputSince = null;
      p.lastFgCheck = now;
      if (scan) continue;
      this.stats.fgChecks++;
      if (this.foregroundKey(p.rootPid) !== p.fgKey) {
        scan = true;
        this.scanDueAt = now + this.policy.settleMs;
      }
    }
    return scan ? this.fullScan(now) : [];
  }

  /**
   * One or two stat reads: the root's (for the terminal's foreground group) and the group
   * leader's, whose comm and image change when a launcher execs the real program in place.
   */
  private foregroundKey(rootPid: number): string | null {
    const root = this.options.reader.stat(rootPid);
    if (!root) return null;
    if (root.tpgid <= 0) return keyOf(root, undefined);
    return keyOf(root, root.tpgid === root.pid ? root : (this.options.reader.stat(root.tpgid) ?? undefined));
  }

  /** A full scan now, whatever is due (new definitions must re-match every pane). */
  rescanNow(): OccupantChange[] {
    return this.fullScan(this.options.now());
  }

  private requestScan(at: number): void {
    this.scanDueAt = this.scanDueAt === null ? at : Math.min(this.scanDueAt, at);
  }

  private fullScan(now: number): OccupantChange[] {
    this.stats.fullScans++;
    this.lastScanAt = now;
    if (this.scanDueAt !== null && now >= this.scanDueAt) this.scanDueAt = null;
    const index: ScanIndex = { byPid: new Map(), children: new Map() };
    for (const st of this.options.reader.scan()) {
      index.byPid.set(st.pid, st);
      const c = index.children.get(st.ppid);
      if (c) c.push(st);
      else index.children.set(st.ppid, [st]);
    }
    for (const pid of this.details.keys()) if (!index.byPid.has(pid)) this.details.delete(pid);

    const changes: OccupantChange[] = [];
    for (const [pane, p] of this.panes) {
      const root = index.byPid.get(p.rootPid);
      p.fgKey = root ? keyOf(root, root.tpgid > 0 ? index.byPid.get(root.tpgid) : undefined) : null;
      const snapshot = root ? this.snapshotOf(root, index) : null;
      const occupant = snapshot ? this.occupantOf(p, snapshot) : null;
      if (occupant?.id !== p.occupant?.id || occupant?.agent !== p.occupant?.agent) {
        p.occupant = occupant;
        changes.push({ pane, occupant });
      }
    }
    return changes;
  }

  /**
   * The pane's root and its descendants (each pane walks only its own subtree, so all panes
   * together touch every process once). Only foreground-group members get argv/exe/env read:
   * detection looks at the foreground job, the rest only links it to the root.
   */
  private snapshotOf(root: ProcStat, index: ScanIndex): ProcessSnapshot {
    const fg = root.tpgid > 0 ? root.tpgid : root.pgid;
    const processes: ProcessInfo[] = [];
    const queue: ProcStat[] = [root];
    const seen = new Set<number>();
    while (queue.length > 0) {
      const st = queue.shift() as ProcStat;
      if (seen.has(st.pid)) continue;
      seen.add(st.pid);
      const info = st.pgid === fg || st.pid === root.pid ? this.info(st) : null;
      processes.push(
        info ?? { pid: st.pid, ppid: st.ppid, pgid: st.pgid, argv: [st.comm], startTime: st.startTime },
      );
      for (const c of index.children.get(st.pid) ?? []) queue.push(c);
    }
    return { rootPid: root.pid, foregroundPgid: fg, processes };
  }

  private occupantOf(p: PaneProc, snapshot: ProcessSnapshot): Occupant | null {
    const match = this.options.match(snapshot);
    if (!match) return null;
    // Keep the process already known as the agent while it is still in the foreground and
    // still the same agent: a launcher and the child it starts must not read as a replacement.
    const prev = p.occupant;
    const stillThere = (i: ProcessInfo) =>
      i.pid === prev?.pid && i.startTime === prev.startTime && i.pgid === snapshot.foregroundPgid;
    if (prev && prev.agent === match.agent && snapshot.processes.some(stillThere)) {
      return prev.label === match.label ? prev : { ...prev, label: match.label };
    }
    const startTime = snapshot.processes.find((i) => i.pid === match.pid)?.startTime;
    if (startTime === undefined) return null;
    return {
      id: this.occupantId(match.pid, startTime),
      pid: match.pid,
      startTime,
      agent: match.agent,
      label: match.label,
    };
  }

  private occupantId(pid: number, startTime: number): string {
    return createHash('sha256')
      .update(`${this.options.epoch}:${pid}:${startTime}`)
      .digest('hex')
      .slice(0, 16);
  }

  private info(s: ProcStat): ProcessInfo | null {
    const cached = this.details.get(s.pid);
    if (cached && cached.startTime === s.startTime && cached.comm === s.comm && cached.image === s.image)
      return cached.info;
    this.stats.detailReads++;
    const d = this.options.reader.details(s.pid);
    if (!d) return null;
    const info: ProcessInfo = {
      pid: s.pid,
      ppid: s.ppid,
      pgid: s.pgid,
      startTime: s.startTime,
      argv: d.argv.length ? d.argv : [s.comm],
      ...(d.exe ? { exe: d.exe } : {}),
      env: d.env,
    };
    // An empty cmdline is a process caught inside exec: its comm is already the new program's
    // but the kernel has not laid out its arguments (or environment) yet. Kept, the entry would
    // hide the agent until the pid went away (comm and start time do not change again), so it is
    // read afresh next scan. (A pane's processes are never kernel threads, the other empty case.)
    // An empty environ is not kept either (a process whose environment could not be read yet):
    // cached, `env ROZI_AGENT=x prog` would never show its ROZI_AGENT.
    if (d.argv.length > 0 && !d.environEmpty)
      this.details.set(s.pid, { startTime: s.startTime, comm: s.comm, image: s.image, info });
    return info;
  }
}

function keyOf(root: ProcStat, leader: ProcStat | undefined): string {
  return `${root.tpgid}:${leader ? `${leader.startTime}:${leader.comm}:${leader.image}` : '-'}`;
}
