// What a browser draws, as the server computes it: the workspace (session/model.ts) with each
// pane's one effective agent status and whether its program has started drawing, plus the delta
// the server sends when something changed. Types only: apps/web imports them as types.
import type { PaneInfo, PaneKey, SessionInfo } from '../session/model';
import type { EffectiveState } from '../status/types';
import type { PaneWorktreeView } from '../worktrees/types';

export type { PaneWorktreeView };

/**
 * The agent status a pane shows: the status service's effective row (reports, published rows,
 * screen), else detection's own reading. Null for a plain shell: nothing is invented.
 */
export interface PaneStatusView {
  state: EffectiveState;
  /** Agent definition id, or a publisher's name. */
  agent: string | null;
  /** What people read ("Codex"); null when nothing names what runs (a bare `rozi status` row). */
  label: string | null;
  message: string | null;
  /** When the state last changed (ms since the epoch); null for detection-only readings. */
  since: number | null;
}

/** One row a `rozi publish` connection of the pane published (rozi's agent slots). */
export interface PublishedRowView {
  id: string;
  /** The row's title; null while the publisher has none (the reason shows instead). */
  title: string | null;
  state: EffectiveState;
  reason: string | null;
  publisher: string;
}

export interface PaneView extends PaneInfo {
  status: PaneStatusView | null;
  /** Rows published for the pane by `rozi publish` connections (each activatable). */
  published?: PublishedRowView[];
  /** The pane's program has not written anything yet (a launch still starting). */
  starting: boolean;
  /** The agent worktree the pane works in (branch, ahead/behind, dirty), null elsewhere. */
  worktree?: PaneWorktreeView | null;
  /** Its raw output is being logged (toggle-pane-logging): the page's `[log]` badge. Absent = not. */
  logging?: true;
  /** Lines of scrollback the pane keeps (config `scrollback` when it started); the page's terminal
   * keeps as many. Absent for a pane this server does not run (the page's default then). */
  scrollback?: number;
}

/** `workspace.get`: the browser's starting point; `revision` orders it against deltas. */
export interface WorkspaceView {
  revision: number;
  sessions: SessionInfo[];
  panes: PaneView[];
}

/**
 * What changed since `revision - 1` (the `workspace-delta` event). Rows are whole: a pane in
 * `panes` replaces the browser's copy. `sessions` is the whole list when any session changed;
 * `order` the whole pane order when it changed.
 */
export interface WorkspaceDelta {
  revision: number;
  sessions?: SessionInfo[];
  panes?: PaneView[];
  removed?: PaneKey[];
  order?: PaneKey[];
}
