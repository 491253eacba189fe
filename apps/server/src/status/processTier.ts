// The process tier: which agent process (if any) occupies each pane. One shared /proc scan serves
// every pane: the stat of every process is read once and indexed by process group, then each
// pane's foreground group is looked up in the index, so the cost is O(processes + panes), never
// panes × processes. cmdline/exe/environ are read only for foreground-group members, and cached
// by pid + start time + comm (an exec changes comm; a reused pid changes start time).
//
// When to scan (ARCHITECTURE.md, apps/server: status):
// - a pane wrote output and its foreground group (tpgid in the root process's stat: one read)
//   differs from the last scan's → full scan now, and a settle scan settleMs later because a
//   launcher (npx, a shell wrapper) execs the real agent a moment after taking the terminal;
// - a pane was added → full scan;
// - every slowScanMs while any pane exists → full scan (catches exec in place, silent changes).
// An idle pane costs nothing between slow scans: no output, no reads.
import { createHash } from 'node:crypto';
import type { PaneKey } from '../session/model';
import type { ProcReader, ProcStat } from './procReader';
import type { Occupant } from './types';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  startTime: number;
  comm: string;
  exe: string | null;
  argv: string[];
  agentEnv: string | null;
}

/** What detection's process matcher receives for one pane: a value, no I/O behind it. */
export interface PaneProcessSnapshot {
  /** The pane's PTY child (shell or argv program). */
  rootPid: number;
  /** Foreground process group of the terminal; null when the root is gone. */
  foregroundPgid: number | null;
  /** Members of the foreground group, group leader first, then by pid. */
  processes: ProcessInfo[];
}

export interface AgentMatch {
  agent: string;
  label: string;
  /** Which process of the snapshot is the agent (its pid + start time is the occupant). */
  pid: number;
}

export type AgentMatcher = (snapshot: PaneProcessSnapshot) => AgentMatch | null;

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
  tpgid: number | null;
  outputSince: number | null;
  lastFgCheck: number;
  occupant: Occupant | null;
}

interface CachedDetails {
  startTime: number;
  comm: string;
  info: ProcessInfo;
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
    this.panes.set(pane, { rootPid, tpgid: null, outputSince: null, lastFgCheck: -Infinity, occupant: null });
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
      if (p.outputSince !== null) due = Math.min(due, Math.max(p.outputSince, p.lastFgCheck + this.policy.fgCheckMs));
    }
    return due;
  }

  /** Does what is due; returns the panes whose occupant changed. */
  tick(): OccupantChange[] {
    const now = this.options.now();
    if (this.panes.size === 0) return [];
    let scan = now >= this.lastScanAt + this.policy.slowScanMs || (this.scanDueAt !== null && now >= this.scanDueAt);
    for (const p of this.panes.values()) {
      if (p.outputSince === null || now < p.lastFgCheck + this.policy.fgCheckMs) continue;
      p.outputSince = null;
      p.lastFgCheck = now;
      if (scan) continue;
      this.stats.fgChecks++;
      const s = this.options.reader.stat(p.rootPid);
      const tpgid = s ? s.tpgid : null;
      if (tpgid !== p.tpgid) {
        scan = true;
        this.scanDueAt = now + this.policy.settleMs;
      }
    }
    return scan ? this.fullScan(now) : [];
  }

  private requestScan(at: number): void {
    this.scanDueAt = this.scanDueAt === null ? at : Math.min(this.scanDueAt, at);
  }

  private fullScan(now: number): OccupantChange[] {
    this.stats.fullScans++;
    this.lastScanAt = now;
    if (this.scanDueAt !== null && now >= this.scanDueAt) this.scanDueAt = null;
    const all = this.options.reader.scan();
    const byPid = new Map<number, ProcStat>();
    const byPgid = new Map<number, ProcStat[]>();
    for (const s of all) {
      byPid.set(s.pid, s);
      const g = byPgid.get(s.pgid);
      if (g) g.push(s);
      else byPgid.set(s.pgid, [s]);
    }
    for (const pid of this.details.keys()) if (!byPid.has(pid)) this.details.delete(pid);

    const changes: OccupantChange[] = [];
    for (const [pane, p] of this.panes) {
      const root = byPid.get(p.rootPid);
      p.tpgid = root ? root.tpgid : null;
      const fgPgid = root ? (root.tpgid > 0 ? root.tpgid : root.pgid) : null;
      const members = fgPgid === null ? [] : (byPgid.get(fgPgid) ?? []);
      const processes = members
        .slice()
        .sort((a, b) => (a.pid === fgPgid ? -1 : b.pid === fgPgid ? 1 : a.pid - b.pid))
        .map((s) => this.info(s))
        .filter((i): i is ProcessInfo => i !== null);
      const occupant = this.occupantOf(p, { rootPid: p.rootPid, foregroundPgid: fgPgid, processes });
      if (occupant?.id !== p.occupant?.id || occupant?.agent !== p.occupant?.agent) {
        p.occupant = occupant;
        changes.push({ pane, occupant });
      }
    }
    return changes;
  }

  private occupantOf(p: PaneProc, snapshot: PaneProcessSnapshot): Occupant | null {
    if (snapshot.processes.length === 0) return null;
    const match = this.options.match(snapshot);
    if (!match) return null;
    // Keep the process already known as the agent while it is still in the foreground and
    // still the same agent: a launcher and the child it starts must not read as a replacement.
    const prev = p.occupant;
    if (prev && prev.agent === match.agent && snapshot.processes.some((i) => i.pid === prev.pid && i.startTime === prev.startTime)) {
      return prev.label === match.label ? prev : { ...prev, label: match.label };
    }
    const proc = snapshot.processes.find((i) => i.pid === match.pid);
    if (!proc) return null;
    return { id: this.occupantId(proc), pid: proc.pid, startTime: proc.startTime, agent: match.agent, label: match.label };
  }

  private occupantId(proc: ProcessInfo): string {
    return createHash('sha256').update(`${this.options.epoch}:${proc.pid}:${proc.startTime}`).digest('hex').slice(0, 16);
  }

  private info(s: ProcStat): ProcessInfo | null {
    const cached = this.details.get(s.pid);
    if (cached && cached.startTime === s.startTime && cached.comm === s.comm) return cached.info;
    this.stats.detailReads++;
    const d = this.options.reader.details(s.pid);
    if (!d) return null;
    const info: ProcessInfo = { pid: s.pid, ppid: s.ppid, pgid: s.pgid, startTime: s.startTime, comm: s.comm, exe: d.exe, argv: d.argv, agentEnv: d.agentEnv };
    this.details.set(s.pid, { startTime: s.startTime, comm: s.comm, info });
    return info;
  }
}
