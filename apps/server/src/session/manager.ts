// The session manager: sessions → tabs → layout tree → panes, and every operation on them.
// It is the single owner of panes (creates, places, kills, disposes) and publishes what changes
// on the event bus. Layout arithmetic is in layout.ts, target resolution in target.ts.
import { statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events/bus';
import { programProblem } from './programLookup';
import { RoziError } from './errors';
import { equalize, insertPane, paneIds, removePane, setRatios } from './layout';
import type {
  LayoutNode,
  NotificationInfo,
  PaneId,
  PaneInfo,
  PaneKey,
  SessionInfo,
  SplitDirection,
  TabId,
  WorkspaceInfo,
} from './model';
import { Pane, type PaneEnvironment, type PaneLaunch } from './pane';

export const DEFAULT_SESSION = 'main';
const NAME_RE = /^[A-Za-z0-9_.-][A-Za-z0-9 _.@+-]{0,63}$/;

export interface Tab {
  id: TabId;
  name: string;
  layout: LayoutNode;
  focusedPaneId: PaneId;
  zoomedPaneId: PaneId | null;
}

export class Session {
  readonly tabs: Tab[] = [];
  readonly panes = new Map<PaneId, Pane>();
  activeTabId: TabId = 0;
  nextPaneId = 1;
  nextTabId = 1;
  constructor(
    public name: string,
    public folder: string | null,
    readonly instanceId: string = randomUUID(),
  ) {}

  tab(id: TabId): Tab {
    const tab = this.tabs.find((t) => t.id === id);
    if (!tab) throw new RoziError('not-found', `session '${this.name}' has no tab ${id}`);
    return tab;
  }
}

/** What the caller may say about a new pane; missing fields get defaults. */
export interface LaunchRequest {
  command?: string | null;
  argv?: string[] | null;
  cwd?: string | null;
  title?: string | null;
  keepOpen?: boolean;
  cols?: number;
  rows?: number;
}

export interface ManagerOptions {
  envr: PaneEnvironment;
  bus: EventBus;
  home: string;
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
  /** Panes whose child has exec'd (see hasExeced); a WeakSet so a disposed pane leaves nothing. */
  private readonly execedPanes = new WeakSet<Pane>();
  private serverArgv: string | undefined;
  /** While shutting down, exits do not remove panes, so the final snapshot keeps the layout. */
  shuttingDown = false;

  constructor(private readonly o: ManagerOptions) {
    o.bus.on('pane-exited', (e) => {
      const pane = this.panes.get(e.key);
      if (!pane || this.shuttingDown) return;
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

  createTab(
    session: Session,
    o: { name?: string; launch: LaunchRequest; select?: boolean },
  ): { tab: Tab; pane: Pane } {
    const tabId = session.nextTabId++;
    const pane = this.spawnPane(session, { tab: tabId, req: o.launch, near: null });
    const tab: Tab = {
      id: tabId,
      name: o.name ?? `${tabId}`,
      layout: { type: 'pane', paneId: pane.id },
      focusedPaneId: pane.id,
      zoomedPaneId: null,
    };
    session.tabs.push(tab);
    // A new session's first tab is where it starts, not a switch.
    if (session.tabs.length === 1) session.activeTabId = tabId;
    else if (o.select !== false) this.activate(session, tabId);
    this.o.bus.workspaceChanged();
    return { tab, pane };
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
    const panes = paneIds(tab.layout)
      .map((id) => session.panes.get(id))
      .filter((p): p is Pane => !!p);
    await Promise.all(panes.map((p) => this.killPane(p)));
  }

  selectTab(session: Session, tabId: TabId): Tab {
    const tab = session.tab(tabId);
    this.activate(session, tab.id);
    this.o.bus.workspaceChanged();
    return tab;
  }

  split(
    target: Pane,
    o: { direction: SplitDirection; launch: LaunchRequest; focus?: boolean; before?: boolean },
  ): Pane {
    const session = this.sessionOf(target);
    const tab = session.tab(target.tab);
    const launch = { ...o.launch, cwd: o.launch.cwd ?? this.liveCwd(target) };
    const pane = this.spawnPane(session, { tab: tab.id, req: launch, near: target });
    tab.layout = insertPane(tab.layout, {
      targetId: target.id,
      newId: pane.id,
      direction: o.direction,
      before: o.before,
    });
    tab.zoomedPaneId = null;
    if (o.focus) this.focus(pane);
    this.o.bus.workspaceChanged();
    return pane;
  }

  focus(pane: Pane): void {
    const session = this.sessionOf(pane);
    const tab = session.tab(pane.tab);
    tab.focusedPaneId = pane.id;
    if (tab.zoomedPaneId !== null && tab.zoomedPaneId !== pane.id) tab.zoomedPaneId = null;
    this.activate(session, tab.id);
    pane.bellCount = 0;
    this.o.bus.emit({ type: 'focus-changed', tab: tab.id, ...pane.ref() });
    this.o.bus.workspaceChanged();
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
    this.unplace(session, pane);
    if ('to' in o) {
      const tab = session.tab(o.to.tab);
      tab.layout = insertPane(tab.layout, {
        targetId: o.to.id,
        newId: pane.id,
        direction: o.direction,
        before: o.before,
      });
      pane.tab = tab.id;
    } else {
      const tabId = session.nextTabId++;
      session.tabs.push({
        id: tabId,
        name: `${tabId}`,
        layout: { type: 'pane', paneId: pane.id },
        focusedPaneId: pane.id,
        zoomedPaneId: null,
      });
      pane.tab = tabId;
    }
    session.panes.set(pane.id, pane);
    this.focus(pane);
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

  workspace(): WorkspaceInfo {
    const sessions: SessionInfo[] = [];
    const panes: PaneInfo[] = [];
    for (const s of this.sessions.values()) {
      sessions.push({
        name: s.name,
        instanceId: s.instanceId,
        folder: s.folder,
        activeTabId: s.activeTabId,
        tabs: s.tabs.map((t) => ({
          id: t.id,
          name: t.name,
          layout: t.layout,
          focusedPaneId: t.focusedPaneId,
          zoomedPaneId: t.zoomedPaneId,
        })),
      });
      for (const t of s.tabs)
        for (const id of paneIds(t.layout)) {
          const p = s.panes.get(id);
          if (p) panes.push(this.paneInfo(p));
        }
    }
    return { sessions, panes };
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
      workspace: session.tabs.findIndex((t) => t.id === p.tab) + 1,
      ...(this.agentReading?.(p.key) ?? {
        agent: null,
        agent_state: null,
        reported_status: null,
        status_reason: null,
      }),
    };
  }

  /**
   * Live cwd: the shell's own OSC 7 report when it names an existing local directory and the
   * shell is at its prompt (shell integration; no /proc read), else /proc (foreground process first, then the pane's child),
   * else the start cwd (terminal.md, Smart focus and cwd inheritance).
   */
  liveCwd(p: Pane, fgPid?: number): string {
    // While a command runs (`cd /tmp && sleep 30`) the shell reports nothing until its next
    // prompt, so its last report may be stale: /proc is the truth then.
    if (p.reportedCwd !== null && !p.mirror.marks.commandRunning && isDirectory(p.reportedCwd))
      return p.reportedCwd;
    if (!this.hasExeced(p)) return p.launch.cwd;
    const procs = this.o.envr.procs;
    return (
      (fgPid !== undefined ? procs.cwd(fgPid) : null) ??
      (p.pid !== null ? procs.cwd(p.pid) : null) ??
      p.launch.cwd
    );
  }

  /**
   * node-pty forks the server, then chdirs and execs in the child. Until the child's argv differs
   * from the server's own, /proc shows the server's cwd (a list-panes right after a split read the
   * repository's directory on a loaded machine), so the start cwd is the truth until then.
   */
  private hasExeced(p: Pane): boolean {
    if (this.execedPanes.has(p)) return true;
    if (p.pid === null) return false;
    const entry = this.o.envr.procs.read(p.pid);
    if (!entry) return false;
    this.serverArgv ??= this.o.envr.procs.read(process.pid)?.argv.join('\0') ?? '';
    if (entry.argv.join('\0') === this.serverArgv) return false;
    this.execedPanes.add(p);
    return true;
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

  private spawnPane(
    session: Session,
    o: { tab: TabId; req: LaunchRequest; near: Pane | null; preamble?: Buffer },
  ): Pane {
    const { tab: tabId, req, near, preamble } = o;
    if (req.command && req.argv)
      throw new RoziError('invalid', 'give either a command line or --argv, not both');
    if (req.argv && (req.argv.length === 0 || !req.argv[0]))
      throw new RoziError('invalid', '--argv needs a PROGRAM');
    const launch: PaneLaunch = {
      command: req.command ?? null,
      argv: req.argv ?? null,
      cwd: checkDir(req.cwd ?? session.folder ?? this.o.home),
      name: req.title ?? null,
      keepOpen: req.keepOpen ?? false,
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
        },
        this.o.envr,
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
    this.unplace(session, pane);
    this.o.bus.emit({ type: 'pane-closed', ...pane.ref() });
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
    if (!tab) return;
    const layout = removePane(tab.layout, pane.id);
    if (layout) {
      tab.layout = layout;
      if (tab.zoomedPaneId === pane.id) tab.zoomedPaneId = null;
      if (tab.focusedPaneId === pane.id) tab.focusedPaneId = paneIds(layout)[0] as PaneId;
      return;
    }
    const i = session.tabs.indexOf(tab);
    session.tabs.splice(i, 1);
    if (session.activeTabId === tab.id)
      this.activate(session, (session.tabs[Math.max(0, i - 1)] ?? session.tabs[0])?.id ?? 0);
  }

  /** Makes a tab the session's active one; a change is rozi's workspace-switched (1-based position). */
  private activate(session: Session, tabId: TabId): void {
    if (session.activeTabId === tabId) return;
    const before = session.tabs.findIndex((t) => t.id === session.activeTabId);
    session.activeTabId = tabId;
    const index = session.tabs.findIndex((t) => t.id === tabId);
    if (index >= 0)
      this.o.bus.emit({
        type: 'workspace-switched',
        session: session.name,
        workspace: index + 1,
        previous: before >= 0 ? before + 1 : null,
        tab: tabId,
      });
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

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Math.floor(n)));
}

function checkName(name: string, what: string): void {
  if (!NAME_RE.test(name))
    throw new RoziError(
      'invalid',
      `invalid ${what} name '${name}': use letters, digits, space, _ . @ + - (max 64)`,
    );
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // gone since the shell reported it: the next tier decides
  }
}

function checkDir(path: string): string {
  try {
    if (statSync(path).isDirectory()) return path;
  } catch {
    // Reported below as one line.
  }
  throw new RoziError('invalid', `cwd '${path}' is not an existing directory`);
}
