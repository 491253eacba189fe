// The layout snapshot: sessions, tabs, splits and each pane's live cwd (from /proc), command /
// argv and title, written atomically (persist/atomicWrite.ts) a short while after every change
// and on shutdown, read back on start to resurrect the sessions. Debounce: SNAPSHOT_DEBOUNCE_MS
// after the last change, but never later than SNAPSHOT_MAX_DELAY_MS after the first unsaved one,
// so a `kill -9` loses at most about a second of layout changes. A cwd changes without an event,
// so every SNAPSHOT_POLL_MS each pane's cwd is read again (one readlink of /proc/PID/cwd) and the
// snapshot is rebuilt only when one moved: the poll used to build every pane's full list-panes
// row (foreground process, its stat and cmdline) and was the largest idle cost with 100 panes.
// The cwd kept is the pane process's own (the shell, or the --argv program): that is where the
// respawned pane starts, whatever a foreground child did with its own directory.
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventBus } from '../events/bus';
import { validateLayout } from '../session/layout';
import type { FloatingPane, LayoutNode } from '../session/model';
import type { SessionManager } from '../session/manager';
import { tiledTabOf } from '../session/workspaceView';
import type { PaneKey } from '../session/model';
import { writeFileAtomic } from './atomicWrite';
import { recordedLaunch } from './resumedPanes';

export const SNAPSHOT_DEBOUNCE_MS = 200;
export const SNAPSHOT_MAX_DELAY_MS = 800;
export const SNAPSHOT_POLL_MS = 3000;

export interface PaneSnapshot {
  id: number;
  tab: number;
  cwd: string;
  command: string | null;
  argv: string[] | null;
  /** The given name (rename-pane / --title). */
  name: string | null;
  /** Last OSC title, shown until the program sets a new one. */
  title: string;
  keepOpen: boolean;
  cols: number;
  rows: number;
  /**
   * The agent running in the pane and the conversation it reported (`rozi agents report
   * --native-session`): restore reopens it with the definition's resume argv. Never a command.
   */
  agent?: { id: string; session: string } | null;
}

/** Which agent and conversation a pane would reopen (the status service answers). */
export type ResumeLookup = (key: PaneKey) => { agent: string; session: string } | null;

export interface SessionSnapshot {
  name: string;
  instanceId: string;
  folder: string | null;
  activeTabId: number;
  tabs: Array<{
    id: number;
    /** Absent in snapshots from before workspaces: the tab's position then. */
    workspace?: number;
    /** Absent in snapshots from before layouts: dwindle. */
    layoutKind?: string;
    name: string;
    layout: LayoutNode;
    focusedPaneId: number;
    zoomedPaneId: number | null;
    /**
     * Floating panes lifted out of the tiling (kind 'float' only: rozi keeps popups and the
     * scratchpad out of a snapshot). Absent in snapshots from before floats.
     */
    floating?: FloatingPane[];
  }>;
  panes: PaneSnapshot[];
}

export interface SnapshotData {
  version: 1;
  savedAt: string;
  sessions: SessionSnapshot[];
}

export function takeSnapshot(m: SessionManager, resumeOf?: ResumeLookup): SnapshotData {
  return {
    version: 1,
    savedAt: new Date().toISOString(),
    sessions: [...m.sessions.values()].map((s) => ({
      name: s.name,
      instanceId: s.instanceId,
      folder: s.folder,
      activeTabId: s.activeTabId,
      // The tiled part plus the floats; popups and the scratchpad are one-shot (rozi saves neither).
      tabs: s.tabs.map((t) => ({
        ...tiledTabOf(t),
        floating: t.floating.filter((f) => f.kind === 'float').map((f) => ({ ...f })),
      })),
      panes: [...s.panes.values()].map((p) => ({
        id: p.id,
        tab: p.tab,
        cwd: m.liveCwd(p),
        ...recordedLaunch(p),
        name: p.launch.name,
        title: p.title,
        keepOpen: p.launch.keepOpen,
        cols: p.cols,
        rows: p.rows,
        ...agentOf(p.key, resumeOf),
      })),
    })),
  };
}

function agentOf(key: PaneKey, resumeOf: ResumeLookup | undefined): Pick<PaneSnapshot, 'agent'> {
  const r = resumeOf?.(key);
  return r ? { agent: { id: r.agent, session: r.session } } : {};
}

/** Every problem in a parsed snapshot (validators return all diagnostics). */
export function validateSnapshot(data: unknown): string[] {
  if (!data || typeof data !== 'object') return ['snapshot is not a JSON object'];
  const d = data as Record<string, unknown>;
  const errors: string[] = [];
  if (d.version !== 1) errors.push(`unsupported snapshot version ${String(d.version)}`);
  if (!Array.isArray(d.sessions)) return [...errors, 'sessions must be an array'];
  d.sessions.forEach((s: unknown, i) => {
    const ss = s as Partial<SessionSnapshot> | null;
    const at = `sessions[${i}]`;
    if (!ss || typeof ss.name !== 'string') errors.push(`${at}.name must be a string`);
    if (!Array.isArray(ss?.tabs)) errors.push(`${at}.tabs must be an array`);
    else
      ss.tabs.forEach((t, j) => {
        errors.push(...validateLayout(t?.layout, `${at}.tabs[${j}].layout`));
        errors.push(...validateFloats(t?.floating, `${at}.tabs[${j}].floating`));
      });
    if (!Array.isArray(ss?.panes)) errors.push(`${at}.panes must be an array`);
    else
      ss.panes.forEach((p, j) => {
        if (!Number.isInteger(p?.id) || !Number.isInteger(p?.tab))
          errors.push(`${at}.panes[${j}] needs integer id and tab`);
        if (typeof p?.cwd !== 'string') errors.push(`${at}.panes[${j}].cwd must be a string`);
        const agent: unknown = p?.agent;
        if (
          agent != null &&
          (typeof agent !== 'object' ||
            typeof (agent as { id?: unknown }).id !== 'string' ||
            typeof (agent as { session?: unknown }).session !== 'string')
        ) {
          errors.push(`${at}.panes[${j}].agent must be {id, session} strings`);
        }
      });
  });
  return errors;
}

function validateFloats(floating: unknown, at: string): string[] {
  if (floating === undefined) return [];
  if (!Array.isArray(floating)) return [`${at} must be an array`];
  const fraction = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;
  return floating.flatMap((f: Partial<FloatingPane> | null, i) =>
    f &&
    Number.isInteger(f.paneId) &&
    fraction(f.x) &&
    fraction(f.y) &&
    fraction(f.width) &&
    fraction(f.height) &&
    f.kind === 'float'
      ? []
      : [`${at}[${i}] needs an integer paneId, x/y/width/height fractions and kind "float"`],
  );
}

/** Reads the snapshot; a corrupt one is moved aside (never deleted) with a warning. */
export function loadSnapshot(file: string, log: (line: string) => void): SnapshotData | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  let problems: string[];
  let data: unknown = null;
  try {
    data = JSON.parse(text);
    problems = validateSnapshot(data);
  } catch (err) {
    problems = [`not valid JSON (${err instanceof Error ? err.message : String(err)})`];
  }
  if (problems.length === 0) return data as SnapshotData;
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(file, aside);
  } catch {
    // Could not move it; starting fresh still must not crash.
  }
  log(
    `warning: the session snapshot was unreadable and was moved to ${aside}: ${problems.slice(0, 3).join('; ')}`,
  );
  return null;
}

/** Writes the snapshot after changes (debounced), periodically when cwds move, and on demand. */
/** What the poll compares per pane: its live cwd and the conversation it would reopen. */
function pollState(m: SessionManager, resumeOf: ResumeLookup | undefined): Map<PaneKey, string> {
  const out = new Map<PaneKey, string>();
  for (const p of m.panes.values()) {
    const r = resumeOf?.(p.key);
    out.set(p.key, r ? `${m.liveCwd(p)}\0${r.agent}\0${r.session}` : m.liveCwd(p));
  }
  return out;
}

function sameState(a: Map<PaneKey, string>, b: Map<PaneKey, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

export class SnapshotWriter {
  private timer: NodeJS.Timeout | null = null;
  private firstDirtyAt = 0;
  private lastWritten = '';
  /** pollState() as of the last write: the poll writes only when it differs. */
  private lastPolled = new Map<PaneKey, string>();
  private readonly poll: NodeJS.Timeout;
  private readonly off: () => void;
  /** Set once the server is shutting down: no more background writes. */
  private stopped = false;

  constructor(
    private readonly o: {
      manager: SessionManager;
      bus: EventBus;
      file: string;
      log(line: string): void;
      resumeOf?: ResumeLookup;
    },
  ) {
    this.off = o.bus.onAny((e) => {
      if (e.type === 'workspace-changed' || e.type === 'title-changed' || e.type === 'session-renamed')
        this.markDirty();
    });
    this.poll = setInterval(() => this.pollCwds(), SNAPSHOT_POLL_MS);
    this.poll.unref();
  }

  markDirty(): void {
    if (this.stopped) return;
    const now = Date.now();
    if (!this.timer) this.firstDirtyAt = now;
    else clearTimeout(this.timer);
    const delay = Math.min(
      SNAPSHOT_DEBOUNCE_MS,
      Math.max(0, this.firstDirtyAt + SNAPSHOT_MAX_DELAY_MS - now),
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      this.write();
    }, delay);
  }

  /** The periodic check: one readlink per pane; a full snapshot only when a cwd moved. */
  pollCwds(): boolean {
    if (this.stopped || sameState(pollState(this.o.manager, this.o.resumeOf), this.lastPolled)) return false;
    return this.write();
  }

  /** Writes now if anything differs from the last write; returns whether it wrote. */
  write(): boolean {
    this.lastPolled = pollState(this.o.manager, this.o.resumeOf);
    const data = takeSnapshot(this.o.manager, this.o.resumeOf);
    const body = JSON.stringify(data.sessions);
    // Unchanged, unless the file itself went (a deleted state dir): then the same body again.
    if (body === this.lastWritten && existsSync(this.o.file)) return false;
    try {
      // The state dir may have been deleted under us (a cleanup script): make it again rather
      // than lose the layout.
      mkdirSync(dirname(this.o.file), { recursive: true, mode: 0o700 });
      writeFileAtomic(this.o.file, JSON.stringify(data, null, 1) + '\n');
      this.lastWritten = body;
      return true;
    } catch (err) {
      this.lastPolled = new Map(); // so the next poll tries again
      this.o.log(
        `warning: could not write the session snapshot ${this.o.file}: ${err instanceof Error ? err.message : String(err)}`,
      );
      return false;
    }
  }

  /** Final write on shutdown, then no more timers. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.write();
    this.stopped = true;
    clearInterval(this.poll);
    this.off();
  }
}
