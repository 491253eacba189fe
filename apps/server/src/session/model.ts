// The workspace model as the browser and the CLI see it: sessions → tabs → layout tree → panes.
// Types only (importing only @rozi/detect's vocabulary), so apps/web can `import type` it
// without pulling server code (DESIGN.md import table). The server's live objects (session/manager.ts) render into these.
import type { ShownState } from '@rozi/detect';

/** Server-global pane id used on the WebSocket (`key`); never reused during a server's life. */
export type PaneKey = number;
/** Pane id, a small integer unique within one session instance (`--target N`). */
export type PaneId = number;
/** Tab id, a small integer unique within one session instance. */
export type TabId = number;

/** 'row' = children side by side (split right); 'column' = children stacked (split down). */
export type SplitDirection = 'row' | 'column';

export type LayoutNode =
  | { type: 'pane'; paneId: PaneId }
  | {
      type: 'split';
      direction: SplitDirection;
      /** One ratio per child, each > 0, summing to 1. */
      ratios: number[];
      children: LayoutNode[];
    };

/** How a workspace tiles its panes (rozi's layouts-and-panes.md); session/tiling.ts computes each. */
export type LayoutKind = 'dwindle' | 'master' | 'grid' | 'columns' | 'rows' | 'scrollable' | 'monocle';

/** What a floating pane is: a pane lifted out of the tiling, a one-shot popup, or the scratchpad. */
export type FloatKind = 'float' | 'popup' | 'scratchpad';

/**
 * A pane drawn over a workspace's tiles (rozi's floating panes, popups and the scratchpad): its
 * rectangle in fractions 0..1 of the workspace's pane area. Its id is not in TabInfo.layout, so
 * tiling never sees it.
 */
export interface FloatingPane {
  paneId: PaneId;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: FloatKind;
  /** A toggled-away scratchpad: its process runs on, nothing is drawn. */
  hidden?: boolean;
}

export interface TabInfo {
  id: TabId;
  /** rozi's workspace number (1-9, unique in the session): a session's tabs are its workspaces. */
  workspace: number;
  name: string;
  layout: LayoutNode;
  /** The workspace's tiling layout; every kind but dwindle re-tiles from the pane order on each change. */
  layoutKind: LayoutKind;
  focusedPaneId: PaneId;
  /** The pane shown alone in the tab, or null when the whole layout shows. */
  zoomedPaneId: PaneId | null;
  /** Panes over the tiles, drawn in this order (the last on top); absent = none. */
  floating?: FloatingPane[];
}

export interface SessionInfo {
  name: string;
  /** Changes whenever a session with this name is created anew (fencing, DESIGN.md). */
  instanceId: string;
  /** Folder new panes of this session start in when no cwd is given; null = the server's home. */
  folder: string | null;
  tabs: TabInfo[];
  activeTabId: TabId;
  /** The remote host the session lives on (its name is then `name@host`); null/absent = this machine. */
  host?: string | null;
  /** How this server reaches that host now, and why not when it does not (remote sessions only). */
  hostState?: HostState;
  hostReason?: string | null;
}

/** Detection's reading of a pane (@rozi/detect's vocabulary: a screen state or done). */
export type AgentState = ShownState;

/**
 * One row of `rozi list-panes --format json` (snake_case is the CLI's stable JSON) plus `key`,
 * the server-global id the browser uses on the WebSocket.
 */
/** Terminal readiness, list-panes' `status` (rozi's): starting until the PTY is ready, then running, then exited. */
export type PaneReadiness = 'starting' | 'running' | 'exited';

/** A list-panes row: the pane with rozi's `status` (the browser's PaneView uses `status` for the agent). */
export interface PaneListRow extends PaneInfo {
  status: PaneReadiness;
}

export interface PaneInfo {
  key: PaneKey;
  id: PaneId;
  session: string;
  tab: TabId;
  /** The live OSC 0/2 title when the program set one, else the pane's given name, else the command. */
  title: string;
  /** Live working directory of the pane's foreground process (from /proc), else its start cwd. */
  cwd: string;
  /** Shell command line the pane was started with (null when started with argv). */
  command: string | null;
  /** Program + arguments the pane was started with directly (null when started as a command line). */
  argv: string[] | null;
  /** What runs in the foreground of the pane's terminal now (basename), null when unknown. */
  foreground_program: string | null;
  foreground_arguments: string[] | null;
  /** Pid of the pane's child process (the shell or the argv program); null once exited. */
  pid: number | null;
  cols: number;
  rows: number;
  /** Whether this is the focused pane of the session's active tab. */
  focused: boolean;
  exited: boolean;
  /** Exit status once exited (128 + signal number when killed by a signal), else null. */
  exit_code: number | null;
  keep_open: boolean;
  /** Number of BEL characters seen since the pane was last focused. */
  bell: number;
  agent: string | null;
  agent_state: AgentState | null;
  /** rozi's workspace number (1-9): the number of the pane's tab (TabInfo.workspace). */
  workspace: number;
  /** What the pane reported about itself with `rozi status VALUE` (free-form), else null. */
  reported_status: string | null;
  /** The `--reason` given with it, else null. */
  status_reason: string | null;
  /** The remote host of the pane's session (remote/routing.ts fills it); null = this machine. */
  host?: string | null;
}

/** How this server reaches a remote host (remote/hostConnection.ts). */
export type HostState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** A remote host as the sidebar, "New session on…" and `rozi remote hosts` show it. */
export interface HostInfo {
  /** The name sessions carry (`dev@<alias>`). */
  alias: string;
  /** Where it came from: [remote.hosts], ~/.ssh/config, or named once (a URL or host name). */
  source: 'config' | 'ssh-config' | 'url' | 'hostname';
  state: HostState;
  /** Why it is not connected (one line), else null. */
  reason: string | null;
  /** Sessions this server attached on it (kept while the link is down). */
  sessions: number;
  /** The host's rozi version and platform once a link was up. */
  version: string | null;
  platform: string | null;
}

/** What `workspace.get` returns: everything a page needs to draw the frame. */
export interface WorkspaceInfo {
  sessions: SessionInfo[];
  panes: PaneInfo[];
}

/** A `rozi notify` / server notification shown in connected browsers. */
export interface NotificationInfo {
  id: number;
  title: string | null;
  message: string;
  level: 'info' | 'warn' | 'error';
  /** Pane that raised it, if any. */
  session: string | null;
  paneId: PaneId | null;
  at: number;
}
