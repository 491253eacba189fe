// The browser's view of the workspace, kept by the server and sent as deltas: every coalesced
// `workspace-changed` re-renders it and emits what changed as one `workspace-delta` event, so
// each open page applies the rows it is sent instead of refetching `workspace.get` (issue 13).
// What changes without a bus event (the foreground program, the cwd, the first output of a
// starting program) is re-read for a pane after its output, at most every ROW_REFRESH_MS: the
// output is the event, and a quiet pane costs nothing.
import type { EventBus } from '../events/bus';
import type { SessionManager } from '../session/manager';
import type { PaneKey, SessionInfo } from '../session/model';
import type { Pane } from '../session/pane';
import { onPaneLoggingChange, paneLogging } from '../session/paneLogging';
import type { StatusService } from '../status/statusService';
import { paneStatusView } from './paneStatusView';
import type { PaneView, PaneWorktreeView, WorkspaceView } from './types';
import { diff, render, type Rendering } from './workspaceDiff';

/** How often a writing pane's row is re-read (/proc: foreground group, cwd). */
export const ROW_REFRESH_MS = 250;
/**
 * One more read once a pane's output has been quiet this long: a program started by the last
 * line (a silent `sleep 30`, `cat` waiting on input) may exec after the steady read, and with no
 * output after it nothing else would read the row again.
 */
export const ROW_SETTLE_MS = 1_000;

interface Watch {
  off: () => void;
  timer: NodeJS.Timeout | null;
  settle: NodeJS.Timeout | null;
  lastOutput: number;
}

export interface ProjectionOptions {
  manager: SessionManager;
  bus: EventBus;
  status: () => StatusService | undefined;
  /** Pages listening for deltas; with none, work waits until someone asks (`view()`). */
  consumers: () => number;
  /** Remote hosts' sessions and rows, already views (remote/remoteHost.ts keeps them current). */
  remote?: () => { sessions: SessionInfo[]; panes: PaneView[] };
  /** The worktree rozi made that a pane's cwd is in (worktrees/worktreeService.ts), else null. */
  worktree?: (cwd: string) => PaneWorktreeView | null;
}

export class WorkspaceProjection {
  private revision = 0;
  private baseline: Rendering = render([], []);
  private stale = true;
  private readonly watched = new Map<PaneKey, Watch>();
  private readonly offs: Array<() => void> = [];

  constructor(private readonly o: ProjectionOptions) {}

  start(): void {
    const { bus, manager } = this.o;
    this.offs.push(
      bus.on('workspace-changed', () => this.sync()),
      bus.on('pane-spawned', (e) => {
        const pane = manager.panes.get(e.key);
        if (pane) this.watch(pane);
      }),
      bus.on('pane-closed', (e) => this.unwatch(e.key)),
      onPaneLoggingChange((pane) => {
        if (manager.panes.get(pane.key) === pane) this.refreshPane(pane.key);
      }),
    );
    for (const pane of manager.panes.values()) this.watch(pane);
  }

  dispose(): void {
    for (const off of this.offs.splice(0)) off();
    for (const key of [...this.watched.keys()]) this.unwatch(key);
  }

  /** The current view (brought up to date first, emitting a delta if it moved). */
  view(): WorkspaceView {
    this.sync(true);
    return {
      revision: this.revision,
      sessions: this.baseline.sessions,
      panes: this.baseline.order.map((key) => this.baseline.rows.get(key)!.view),
    };
  }

  private sync(force = false): void {
    if (!force && this.o.consumers() === 0) {
      this.stale = true;
      return;
    }
    const { sessions, panes } = this.o.manager.workspace();
    const remote = this.o.remote?.();
    const next = render(
      remote ? [...sessions, ...remote.sessions] : sessions,
      remote ? [...panes.map((p) => this.viewOf(p)), ...remote.panes] : panes.map((p) => this.viewOf(p)),
    );
    const delta = diff(this.baseline, next);
    this.baseline = next;
    this.stale = false;
    if (delta) this.o.bus.emit({ type: 'workspace-delta', delta: { revision: ++this.revision, ...delta } });
  }

  /** Re-reads one pane's row after it wrote something. */
  private refreshPane(key: PaneKey): void {
    const pane = this.o.manager.panes.get(key);
    if (!pane || this.o.consumers() === 0) return;
    if (this.stale) return this.sync();
    const before = this.baseline.rows.get(key);
    if (!before) return; // not placed yet; the workspace-changed that places it renders it
    let view: PaneView;
    try {
      view = this.viewOf(this.o.manager.paneInfo(pane));
    } catch {
      return; // the pane left its session meanwhile; pane-closed follows
    }
    const json = JSON.stringify(view);
    if (json === before.json) return;
    this.baseline.rows.set(key, { view, json });
    this.o.bus.emit({ type: 'workspace-delta', delta: { revision: ++this.revision, panes: [view] } });
  }

  private viewOf(info: ReturnType<SessionManager['paneInfo']>): PaneView {
    const pane = this.o.manager.panes.get(info.key);
    const row = this.o.status()?.hub.get(info.key);
    return {
      ...info,
      status: paneStatusView(row, info),
      published: (this.o.status()?.integration.rows(info.key) ?? [])
        .filter((r) => r.source?.includes('#'))
        .map((r) => ({
          id: r.id,
          title: r.label,
          state: r.state,
          reason: r.message,
          publisher: r.publisher,
        })),
      starting: pane ? !pane.wrote && !pane.exited : false,
      worktree: this.o.worktree?.(info.cwd) ?? null,
      ...(pane && paneLogging(pane).logging ? { logging: true as const } : {}),
      ...(pane ? { scrollback: pane.scrollback } : {}),
    };
  }

  private watch(pane: Pane): void {
    if (this.watched.has(pane.key)) return;
    const entry: Watch = { off: () => undefined, timer: null, settle: null, lastOutput: 0 };
    // Re-armed only when it fires early: a flood pays one clock read per chunk, not a timer.
    const settled = () => {
      const quiet = performance.now() - entry.lastOutput;
      if (quiet < ROW_SETTLE_MS) {
        entry.settle = setTimeout(settled, ROW_SETTLE_MS - quiet);
        entry.settle.unref();
        return;
      }
      entry.settle = null;
      this.refreshPane(pane.key);
    };
    entry.off = pane.onOutput(() => {
      entry.lastOutput = performance.now();
      if (!entry.settle) {
        entry.settle = setTimeout(settled, ROW_SETTLE_MS);
        entry.settle.unref();
      }
      if (entry.timer) return;
      // The first output ends "starting": show it at once; later rows are read at a steady pace.
      const starting = this.baseline.rows.get(pane.key)?.view.starting ?? false;
      entry.timer = setTimeout(
        () => {
          entry.timer = null;
          this.refreshPane(pane.key);
        },
        starting ? 0 : ROW_REFRESH_MS,
      );
      entry.timer.unref();
    });
    this.watched.set(pane.key, entry);
  }

  private unwatch(key: PaneKey): void {
    const entry = this.watched.get(key);
    if (!entry) return;
    entry.off();
    if (entry.timer) clearTimeout(entry.timer);
    if (entry.settle) clearTimeout(entry.settle);
    this.watched.delete(key);
  }
}
