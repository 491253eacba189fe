// The session manager: sessions → tabs → layout tree → panes, and every operation on them.
// It is the single owner of panes (creates, places, kills, disposes) and publishes what changes
// on the event bus. Layout arithmetic is in layout.ts, target resolution in target.ts.
import type { EventBus } from '../events/bus';
import { programProblem } from './programLookup';
import { RoziError } from './errors';
import { equalize, paneIds, setRatios } from './layout';
import type {
  LayoutKind,
  NotificationInfo,
  PaneId,
  PaneInfo,
  PaneKey,
  SplitDirection,
  TabId,
  WorkspaceInfo,
} from './model';
import { Pane, type PaneEnvironment, type PaneLaunch } from './pane';
import { LiveCwd } from './liveCwd';
import {
  placeInTab,
  removeFromTab,
  showFocused,
  tilingFor,
  type PlaceDirection,
  type TilingContext,
} from './tabLayout';
import { DEFAULT_LAYOUT, DEFAULT_SPLIT_WIDTH_MULTIPLIER } from './tiling';
import { checkDir, checkName, clamp, Session, type Tab } from './sessionState';
import { adoptFloat, dropFloat, tabPaneIds, tileBeside } from './floating';
import { workspaceOf } from './workspaceView';
import { exitNotice, type ExitNoticeSettings } from './exitNotices';
import { activeWorkspace, checkWorkspace, freeWorkspace, placeTab, tabOfWorkspace } from './workspaces';

export { Session, type Tab } from './sessionState';
import type { PaneDefaults } from './paneDefaults';

export const DEFAULT_SESSION = 'main';

/** What the caller may say about a new pane; missing fields get defaults. */
export interface LaunchRequest {
  command?: string | null;
  argv?: string[] | null;
  cwd?: string | null;
  title?: string | null;
  keepOpen?: boolean;
  cols?: number;
  rows?: number;
  /**
   * `[environment] forward`: variables the creating client (the CLI) sampled from its own
   * environment, laid over the server's for this pane only. Never written to a snapshot.
   */
  env?: Record<string, string>;
}

export interface ManagerOptions {
  envr: PaneEnvironment;
  bus: EventBus;
  home: string;
  /** config.toml's shell, cwd, scrollback and hold_on_exit, read at each spawn. */
  paneDefaults?: () => PaneDefaults;
  /** config.toml's [layout]: the kind a fresh workspace starts in and split_width_multiplier. */
  tiling?: () => { kind: LayoutKind; multiplier: number };
  /** config.toml's [notifications] pane_exit / pane_exit_error (session/exitNotices.ts). */
  exitNotices?: () => ExitNoticeSettings;
}

export class SessionManager {
  readonly sessions = new Map<string, Session>();
  readonly panes = new Map<PaneKey, Pane>();
  readonly notifications: NotificationInfo[] = [];
  /**
   * Detection's reading of a pane and what the pane reported about itself, for list-panes (set by
   * the status service, status/statusService.ts).
   */
  agentReading:
    ((key: PaneKey) => Pick<PaneInfo, 'agent' | 'agent_state' | 'reported_status' | 'status_reason'>) | null =
    null;
  private nextKey = 1;
  private nextNotification = 1;
  private readonly cwds: LiveCwd;
  /** While shutting down, exits do not remove panes, so the final snapshot keeps the layout. */
  shuttingDown = false;

  constructor(private readonly o: ManagerOptions) {
    this.cwds = new LiveCwd(o.envr.procs);
    o.bus.on('pane-exited', (e) => {
      const pane = this.panes.get(e.key);
      if (!pane || this.shuttingDown) return;
      const notice = this.o.exitNotices && exitNotice({ pane, code: e.code, settings: this.o.exitNotices() });
      if (notice) this.notify({ ...notice, pane });
      if (pane.launch.keepOpen)
        pane.appendLocal(`\r\n\x1b[2m[process exited with code ${e.code ?? '?'}]\x1b[0m\r\n`);
      else this.removePane(pane);
    });
  }

  get bus(): EventBus {
    return this.o.bus;
  }

  session(name: string): Session {
    const s = this.sessions.get(name);
    if (!s) throw new RoziError('not-found', `no session named '${name}' (see rozi list-sessions)`);
    return s;
  }

  createSession(o: { name?: string; folder?: string | null; launch?: LaunchRequest; instanceId?: string }): {
    session: Session;
    pane: Pane;
  } {
    const name = o.name ?? this.freeSessionName();
    checkName(name, 'session');
    if (this.sessions.has(name)) throw new RoziError('conflict', `a session named '${name}' already exists`);
    const folder = o.folder ? checkDir(o.folder) : null;
    const session = new Session(name, folder, o.instanceId);
    this.sessions.set(name, session);
    try {
      const { pane } = this.createTab(session, { launch: o.launch ?? {} });
      this.o.bus.emit({ type: 'session-created', session: name, instanceId: session.instanceId });
      return { session, pane };
    } catch (err) {
      this.sessions.delete(name);
      throw err;
    }
  }

  renameSession(name: string, to: string): Session {
    const s = this.session(name);
    checkName(to, 'session');
    if (to === name) return s;
    if (this.sessions.has(to)) throw new RoziError('conflict', `a session named '${to}' already exists`);
    this.sessions.delete(name);
    s.name = to;
    this.sessions.set(to, s);
    this.o.bus.emit({ type: 'session-renamed', session: to, from: name });
    this.o.bus.workspaceChanged();
    return s;
  }

  async killSession(name: string): Promise<void> {
    const s = this.session(name);
    this.sessions.delete(name);
    const panes = [...s.panes.values()];
    for (const p of panes) {
      this.panes.delete(p.key);
      this.o.bus.emit({ type: 'pane-closed', ...p.ref() });
    }
    this.o.bus.emit({ type: 'session-killed', session: name });
    this.o.bus.workspaceChanged();
    await Promise.all(panes.map((p) => this.endPane(p)));
  }

  setFolder(name: string, folder: string | null): Session {
    const s = this.session(name);
    s.folder = folder ? checkDir(folder) : null;
    this.o.bus.workspaceChanged();
    return s;
  }

  /** A new tab: workspace `o.workspace` (refused when in use), else the lowest free one. */
  createTab(
    session: Session,
    o: { name?: string; launch: LaunchRequest; select?: boolean; workspace?: number },
  ): { tab: Tab; pane: Pane } {
    const workspace = o.workspace !== undefined ? checkWorkspace(o.workspace) : freeWorkspace(session);
    if (tabOfWorkspace(session, workspace))
      throw new RoziError('conflict', `workspace ${workspace} of session '${session.name}' is in use`);
    const before = activeWorkspace(session);
    const tabId = session.nextTabId;
    const pane = this.spawnPane(session, { tab: tabId, req: o.launch, near: null });
    session.nextTabId++;
    const tab = this.addTab(session, { id: tabId, workspace, paneId: pane.id, name: o.name });
    if (o.select !== false || session.tabs.length === 1) session.activeTabId = tabId;
    this.announceSwitch(session, before);
    this.o.bus.workspaceChanged();
    return { tab, pane };
  }

  /**
   * A pane in workspace `n`: beside the focused pane of that workspace when it has one, else in
   * a new tab there (rozi's new-pane --workspace N). Focus moves only when `select`.
   */
  openInWorkspace(
    session: Session,
    o: { workspace: number; launch: LaunchRequest; select?: boolean; name?: string },
  ): { tab: Tab; pane: Pane } {
    const tab = tabOfWorkspace(session, checkWorkspace(o.workspace));
    if (!tab) return this.createTab(session, o);
    const near = session.panes.get(tab.focusedPaneId) ?? session.panes.get(paneIds(tab.layout)[0] as PaneId);
    if (!near) throw new RoziError('not-found', `workspace ${o.workspace} has no pane to open beside`);
    const pane = this.split(near, { direction: 'row', launch: o.launch, focus: o.select === true });
    return { tab, pane };
  }

  /** rozi's switch-workspace: selects workspace `n`, opening it with a shell when it is empty. */
  switchWorkspace(session: Session, n: number): { tab: Tab; opened: Pane | null } {
    const tab = tabOfWorkspace(session, checkWorkspace(n));
    if (tab) return { tab: this.selectTab(session, tab.id), opened: null };
    const from = session.focusedPane();
    const cwd = from ? this.liveCwd(from) : null;
    const r = this.createTab(session, { workspace: n, launch: { cwd }, select: true });
    return { tab: r.tab, opened: r.pane };
  }

  /** rozi's move-to-workspace: the pane joins workspace `n` (made when empty), which is then shown. */
  moveToWorkspace(pane: Pane, n: number): Tab {
    const session = this.sessionOf(pane);
    const target = tabOfWorkspace(session, checkWorkspace(n));
    const before = activeWorkspace(session);
    if (target?.id !== pane.tab) {
      const beside = target && tileBeside(target, target.focusedPaneId);
      this.unplace(session, pane);
      if (target && beside !== undefined) {
        placeInTab(
          target,
          { targetId: beside, newId: pane.id, direction: 'auto' },
          this.tilingContext(session),
        );
        target.zoomedPaneId = null;
        pane.tab = target.id;
      } else {
        pane.tab = this.addTab(session, { id: session.nextTabId++, workspace: n, paneId: pane.id }).id;
      }
      session.panes.set(pane.id, pane);
    }
    this.focusFrom(pane, before);
    return session.tab(pane.tab);
  }

  renameTab(session: Session, tabId: TabId, name: string): Tab {
    const tab = session.tab(tabId);
    if (!name.trim()) throw new RoziError('invalid', 'a tab name cannot be empty');
    tab.name = name;
    this.o.bus.workspaceChanged();
    return tab;
  }

  async closeTab(session: Session, tabId: TabId): Promise<void> {
    const tab = session.tab(tabId);
    const panes = tabPaneIds(tab)
      .map((id) => session.panes.get(id))
      .filter((p): p is Pane => !!p);
    await Promise.all(panes.map((p) => this.killPane(p)));
  }

  selectTab(session: Session, tabId: TabId): Tab {
    const tab = session.tab(tabId);
    const before = activeWorkspace(session);
    session.activeTabId = tab.id;
    this.announceSwitch(session, before);
    this.o.bus.workspaceChanged();
    return tab;
  }

  split(
    target: Pane,
    o: { direction: PlaceDirection; launch: LaunchRequest; focus?: boolean; before?: boolean },
  ): Pane {
    const session = this.sessionOf(target);
    const tab = session.tab(target.tab);
    const launch = { ...o.launch, cwd: o.launch.cwd ?? this.liveCwd(target) };
    const pane = this.spawnPane(session, { tab: tab.id, req: launch, near: target });
    if (tab.layoutKind !== 'monocle') tab.zoomedPaneId = null;
    // A split aimed at a floating pane opens beside the tile under it (floats hold no slot).
    const targetId = tileBeside(tab, target.id);
    const placing = { targetId, newId: pane.id, direction: o.direction, before: o.before };
    placeInTab(tab, placing, this.tilingContext(session));
    if (o.focus) this.focus(pane);
    this.o.bus.workspaceChanged();
    return pane;
  }

  focus(pane: Pane): void {
    this.focusFrom(pane, activeWorkspace(this.sessionOf(pane)));
  }

  /** Focuses `pane`; `before` = the workspace shown when the operation began (for workspace-switched). */
  private focusFrom(pane: Pane, before: number): void {
    const session = this.sessionOf(pane);
    const tab = session.tab(pane.tab);
    tab.focusedPaneId = pane.id;
    if (tab.zoomedPaneId !== null && tab.zoomedPaneId !== pane.id) tab.zoomedPaneId = null;
    showFocused(tab);
    session.activeTabId = tab.id;
    pane.bellCount = 0;
    this.announceSwitch(session, before);
    this.o.bus.emit({ type: 'focus-changed', tab: tab.id, ...pane.ref() });
    this.o.bus.workspaceChanged();
  }

  /** Emits workspace-switched when another workspace shows than `before` (a first one is no switch). */
  private announceSwitch(session: Session, before: number): void {
    const now = activeWorkspace(session);
    if (now === before || now === 0 || before === 0) return;
    this.o.bus.emit({
      type: 'workspace-switched',
      session: session.name,
      workspace: now,
      previous: before,
      tab: session.activeTabId,
    });
  }

  /** What tiling reads: the session's pane sizes and [layout] split_width_multiplier. */
  tilingContext(session: Session): TilingContext {
    return tilingFor(session, this.o.tiling?.().multiplier ?? DEFAULT_SPLIT_WIDTH_MULTIPLIER);
  }

  private addTab(session: Session, o: { id: TabId; workspace: number; paneId: PaneId; name?: string }): Tab {
    const tab: Tab = {
      id: o.id,
      workspace: o.workspace,
      layoutKind: this.o.tiling?.().kind ?? DEFAULT_LAYOUT,
      name: o.name ?? String(o.workspace),
      layout: { type: 'pane', paneId: o.paneId },
      focusedPaneId: o.paneId,
      zoomedPaneId: null,
      floating: [],
    };
    placeTab(session, tab);
    return tab;
  }

  renamePane(pane: Pane, name: string | null): void {
    pane.launch.name = name && name.trim() ? name : null;
    this.o.bus.emit({ type: 'title-changed', title: pane.title, ...pane.ref() });
    this.o.bus.workspaceChanged();
  }

  zoom(pane: Pane, on?: boolean): boolean {
    const tab = this.sessionOf(pane).tab(pane.tab);
    const zoomed = on ?? tab.zoomedPaneId !== pane.id;
    tab.zoomedPaneId = zoomed ? pane.id : null;
    if (zoomed) tab.focusedPaneId = pane.id;
    this.o.bus.workspaceChanged();
    return zoomed;
  }

  resizeSplit(session: Session, o: { tab: TabId; path: number[]; ratios: number[] }): Tab {
    const tab = session.tab(o.tab);
    const r = setRatios(tab.layout, o.path, o.ratios);
    if ('error' in r) throw new RoziError('invalid', r.error);
    tab.layout = r.layout;
    this.o.bus.workspaceChanged();
    return tab;
  }

  equalize(session: Session, tabId: TabId): Tab {
    const tab = session.tab(tabId);
    tab.layout = equalize(tab.layout);
    this.o.bus.workspaceChanged();
    return tab;
  }

  /** Moves a pane next to another pane (any tab of the same session), or into a new tab. */
  move(pane: Pane, o: { to: Pane; direction: SplitDirection; before?: boolean } | { newTab: true }): void {
    const session = this.sessionOf(pane);
    if ('to' in o && (o.to === pane || o.to.session !== pane.session))
      throw new RoziError('invalid', 'a pane moves next to another pane of the same session');
    const before = activeWorkspace(session);
    // Checked before the pane leaves its tab: a refusal loses nothing.
    const workspace = 'to' in o ? 0 : freeWorkspace(session);
    this.unplace(session, pane);
    if ('to' in o) {
      const tab = session.tab(o.to.tab);
      const targetId = tileBeside(tab, o.to.id);
      const placing = { targetId, newId: pane.id, direction: o.direction, before: o.before };
      placeInTab(tab, placing, this.tilingContext(session));
      pane.tab = tab.id;
    } else {
      pane.tab = this.addTab(session, { id: session.nextTabId++, workspace, paneId: pane.id }).id;
    }
    session.panes.set(pane.id, pane);
    this.focusFrom(pane, before);
  }

  /** Removes the pane from its layout at once and ends its process. */
  async killPane(pane: Pane): Promise<void> {
    this.removePane(pane);
    await this.endPane(pane);
  }

  notify(o: {
    message: string;
    title?: string | null;
    level?: NotificationInfo['level'];
    pane?: Pane | null;
  }): NotificationInfo {
    const n: NotificationInfo = {
      id: this.nextNotification++,
      title: o.title ?? null,
      message: o.message,
      level: o.level ?? 'info',
      session: o.pane?.session.name ?? null,
      paneId: o.pane?.id ?? null,
      at: Date.now(),
    };
    this.notifications.push(n);
    if (this.notifications.length > 100) this.notifications.shift();
    this.o.bus.emit({ type: 'notification', notification: n });
    return n;
  }

  /** Places a pane restored from a snapshot (persistence); the layout is set by the caller. */
  restorePane(
    session: Session,
    o: { id: PaneId; tab: TabId; launch: LaunchRequest; preamble?: Buffer },
  ): Pane {
    session.nextPaneId = Math.max(session.nextPaneId, o.id);
    const saved = session.nextPaneId;
    session.nextPaneId = o.id;
    try {
      return this.spawnPane(session, { tab: o.tab, req: o.launch, near: null, preamble: o.preamble });
    } finally {
      session.nextPaneId = Math.max(saved, o.id + 1);
    }
  }

  /** Every session, tab and pane as the page and list-panes see them (workspaceView.ts). */
  workspace(): WorkspaceInfo {
    return workspaceOf(this.sessions.values(), (p) => this.paneInfo(p));
  }

  /** config.toml's shell, cwd, scrollback, hold_on_exit and [scratchpad], read now. */
  paneDefaults(): PaneDefaults {
    return this.o.paneDefaults?.() ?? { holdOnExit: false };
  }

  /**
   * The row of a pane just started, for the answer to the call that started it. Its program may
   * have ended while the call waited for the PTY, and taken its session along (the session's
   * only pane): that is answered as what happened, not as "no longer belongs to a session".
   */
  startedPaneInfo(p: Pane): PaneInfo {
    if (this.sessions.get(p.session.name) !== p.session)
      throw new RoziError(
        'spawn-failed',
        `the program of pane ${p.id} ended as soon as it started (exit ${p.exitCode ?? 'unknown'}), and its session '${p.session.name}' with it`,
      );
    return this.paneInfo(p);
  }

  paneInfo(p: Pane): PaneInfo {
    const session = this.sessionOf(p);
    const tab = session.tabs.find((t) => t.id === p.tab);
    const fg = p.pid !== null ? this.o.envr.procs.foreground(p.pid) : null;
    return {
      key: p.key,
      id: p.id,
      session: session.name,
      tab: p.tab,
      title: p.title,
      cwd: this.liveCwd(p, fg?.pid),
      command: p.launch.argv ? null : (p.launch.command ?? null),
      argv: p.launch.argv ?? null,
      foreground_program: fg?.program ?? null,
      foreground_arguments: fg?.args ?? null,
      pid: p.pid,
      cols: p.cols,
      rows: p.rows,
      focused: session.activeTabId === p.tab && tab?.focusedPaneId === p.id,
      exited: p.exited,
      exit_code: p.exitCode,
      keep_open: p.launch.keepOpen,
      bell: p.bellCount,
      workspace: tab?.workspace ?? 0,
      ...(this.agentReading?.(p.key) ?? {
        agent: null,
        agent_state: null,
        reported_status: null,
        status_reason: null,
      }),
    };
  }

  /** The pane's live working directory (liveCwd.ts). */
  liveCwd(p: Pane, fgPid?: number): string {
    return this.cwds.of(p, fgPid);
  }

  sessionOf(p: Pane): Session {
    const s = this.sessions.get(p.session.name);
    if (!s || s !== p.session)
      throw new RoziError('not-found', `pane ${p.id} no longer belongs to a session`);
    return s;
  }

  /** Ends every child (SIGHUP, SIGKILL after a grace period) without touching the layout. */
  async shutdown(graceMs = 1000): Promise<void> {
    this.shuttingDown = true;
    const all = [...this.panes.values()];
    await Promise.all(all.map((p) => p.kill(graceMs)));
    for (const p of all) p.dispose();
  }

  /** Starts a pane in `o.tab` without placing it (callers place it: a tile, or session/floating.ts). */
  spawnPane(
    session: Session,
    o: { tab: TabId; req: LaunchRequest; near: Pane | null; preamble?: Buffer },
  ): Pane {
    const { tab: tabId, req, near, preamble } = o;
    if (req.command && req.argv)
      throw new RoziError('invalid', 'give either a command line or --argv, not both');
    if (req.argv && (req.argv.length === 0 || !req.argv[0]))
      throw new RoziError('invalid', '--argv needs a PROGRAM');
    const d = this.paneDefaults();
    const launch: PaneLaunch = {
      command: req.command ?? null,
      argv: req.argv ?? null,
      cwd: checkDir(req.cwd ?? session.folder ?? d.cwd ?? this.o.home),
      name: req.title ?? null,
      keepOpen: req.keepOpen ?? (d.holdOnExit && !req.command && !req.argv),
    };
    const envr = {
      ...this.o.envr,
      interactiveShell: d.shell,
      scrollback: d.scrollback ?? this.o.envr.scrollback,
    };
    const program = launch.argv?.[0];
    const problem = program
      ? programProblem(program, { cwd: launch.cwd, pathVar: this.o.envr.env.PATH })
      : null;
    if (problem) throw new RoziError('spawn-failed', `could not start ${program}: ${problem}`);
    let pane: Pane;
    try {
      pane = new Pane(
        {
          key: this.nextKey++,
          id: session.nextPaneId,
          session,
          tab: tabId,
          launch,
          cols: clamp(req.cols ?? near?.cols ?? 80, 2, 1000),
          rows: clamp(req.rows ?? near?.rows ?? 24, 1, 500),
          preamble,
          forwardedEnv: req.env,
        },
        envr,
      );
    } catch (err) {
      throw new RoziError(
        'spawn-failed',
        `could not start ${launch.argv?.[0] ?? launch.command ?? this.o.envr.shell}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    session.nextPaneId++;
    session.panes.set(pane.id, pane);
    this.panes.set(pane.key, pane);
    this.o.bus.emit({ type: 'pane-spawned', pid: pane.pid, ...pane.ref() });
    return pane;
  }

  /** Takes the pane out of its tab (closing the tab / session when it was the last). */
  private removePane(pane: Pane): void {
    const session = this.sessions.get(pane.session.name);
    this.panes.delete(pane.key);
    if (!session || session !== pane.session || !session.panes.has(pane.id)) return;
    const before = activeWorkspace(session);
    this.unplace(session, pane);
    this.o.bus.emit({ type: 'pane-closed', ...pane.ref() });
    this.announceSwitch(session, before);
    if (session.tabs.length === 0) {
      this.sessions.delete(session.name);
      this.o.bus.emit({ type: 'session-killed', session: session.name });
    }
    this.o.bus.workspaceChanged();
    if (pane.exited) pane.dispose();
  }

  private unplace(session: Session, pane: Pane): void {
    session.panes.delete(pane.id);
    const tab = session.tabs.find((t) => t.id === pane.tab);
    if (!tab || dropFloat(tab, pane.id)) return;
    const layout = removeFromTab(tab, pane.id, this.tilingContext(session));
    if (layout) {
      if (tab.zoomedPaneId === pane.id) tab.zoomedPaneId = null;
      if (tab.focusedPaneId === pane.id) tab.focusedPaneId = paneIds(layout)[0] as PaneId;
      showFocused(tab);
      return;
    }
    if (adoptFloat(tab)) return;
    const i = session.tabs.indexOf(tab);
    session.tabs.splice(i, 1);
    if (session.activeTabId === tab.id)
      session.activeTabId = (session.tabs[Math.max(0, i - 1)] ?? session.tabs[0])?.id ?? 0;
  }

  private async endPane(pane: Pane): Promise<void> {
    await pane.kill();
    pane.dispose();
  }

  private freeSessionName(): string {
    if (!this.sessions.has(DEFAULT_SESSION)) return DEFAULT_SESSION;
    for (let i = 1; ; i++) if (!this.sessions.has(String(i))) return String(i);
  }
}
