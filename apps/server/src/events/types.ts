// The typed events of the server's event bus (events/bus.ts). Types only, no imports of node
// code: the browser receives the same objects inside `{t:'event', event}` WebSocket messages
// (stream/protocol.ts), and later subsystems (detection, status, extension hooks) subscribe here.
import type { NotificationInfo, PaneId, PaneKey } from '../session/model';
import type { WorkspaceDelta } from '../projection/types';
import type { EffectiveState, StatusRow } from '../status/types';

interface PaneRef {
  key: PaneKey;
  session: string;
  paneId: PaneId;
}

export type ServerEvent =
  | ({ type: 'pane-spawned'; pid: number | null } & PaneRef)
  | ({ type: 'pane-exited'; code: number | null } & PaneRef)
  /** The pane's child is gone and the pane itself removed from the layout. */
  | ({ type: 'pane-closed' } & PaneRef)
  | ({ type: 'bell' } & PaneRef)
  | ({ type: 'title-changed'; title: string } & PaneRef)
  | ({ type: 'focus-changed'; tab: number } & PaneRef)
  | { type: 'session-created'; session: string; instanceId: string }
  | { type: 'session-renamed'; session: string; from: string }
  | { type: 'session-killed'; session: string }
  | { type: 'notification'; notification: NotificationInfo }
  /** Extensions were (re)loaded, enabled, disabled or removed: refetch extensions.palette / extensions.sidebarTabs. */
  | { type: 'extensions-changed' }
  /** A sidebar tab's rows changed (stream publish or command tab re-list); `tab` is `<extension>.<name>`. */
  | { type: 'sidebar-rows'; tab: string; rows: SidebarTabRow[] }
  /** `rozi pick` / `rozi prompt` wants a modal in the browser the user looks at; answer with extensions.pickerAnswer. */
  | { type: 'picker-open'; picker: PickerRequest }
  /** Rows replaced while the picker stays open (`rozi pick --json`, later stdin lines). */
  | { type: 'picker-rows'; id: string; rows: PickerRow[] }
  /** Answered, cancelled or abandoned: every browser closes it. */
  | { type: 'picker-closed'; id: string }
  /**
   * Something in the layout or pane list changed (the server's own signal; browsers get the
   * rows in the `workspace-delta` that follows). Coalesced: at most one per event-loop turn.
   */
  | { type: 'workspace-changed' }
  /** What the browser's view of the workspace lost and gained (projection/workspaceProjection.ts). */
  | { type: 'workspace-delta'; delta: WorkspaceDelta }
  /** A pane's effective agent status changed (status/statusService.ts): the new row, flat, plus the state before. */
  | ({ type: 'agent-state-changed'; previous_state: EffectiveState | null } & Omit<StatusRow, 'pane'> &
      PaneRef)
  /** config.toml's agent definitions were changed by the editor (saved or undone); detection reloaded them. */
  | {
      type: 'agent-definitions-changed';
      reason: 'editor-save' | 'editor-undo' | 'config-reload' | 'extensions';
    }
  /** config.toml was read again (status/configWatcher.ts); `kept` = it did not parse, the last good definitions stay. Refetch status.config. */
  | { type: 'config-reloaded'; kept: boolean; warnings: number }
  /** config.toml's [keys] changed from the keybinding editor (or suggestions were re-resolved): refetch keys.list. */
  | { type: 'keymap-changed' }
  /** A Discover install or update moving through its phases (discover.install). */
  | {
      type: 'discover-progress';
      install: string;
      extension: string;
      phase: 'clone' | 'validate' | 'snapshot' | 'start' | 'done';
      state: 'running' | 'done' | 'failed';
      message: string | null;
    };

export type ServerEventType = ServerEvent['type'];
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

// Extension UI payloads (extension runtime, apps/server/src/extensions). Types only.

export interface PickerRow {
  /** Stable id; for plain `rozi pick` the line itself. */
  id: string;
  label: string;
  group?: string;
  badge?: string;
  disabled?: boolean;
}

export interface PickerAction {
  id: string;
  /** Key chord in the picker, e.g. `ctrl-d`. */
  key: string;
  label: string;
  /** Ask for a line of text (shown as this prompt) before reporting the action. */
  prompt?: string;
  /** Close the picker after the action (default: stay open). */
  close?: boolean;
  /** Ask for confirmation first (true, or the question to show). */
  confirm?: boolean | string;
}

export interface PickerRequest {
  id: string;
  /** `pick`: a fuzzy list; `prompt`: one line of text. */
  mode: 'pick' | 'prompt';
  title: string | null;
  placeholder: string | null;
  /** Prefilled text for a prompt. */
  default: string | null;
  width: number | null;
  rows: PickerRow[];
  actions: PickerAction[];
  /** The extension that asked, when an extension process did. */
  extension: string | null;
}

export type PickerResult =
  | { kind: 'selected'; row: PickerRow }
  | { kind: 'input'; text: string }
  | { kind: 'action'; action: string; selected: PickerRow | null; input: string | null; close: boolean }
  | { kind: 'cancelled' };

export interface SidebarTabRow {
  /** For JSON command tabs and stream rows: the row's id (ROZI_ROW_ID on click). */
  id: string | null;
  label: string;
  /** A `group_prefix` header or a group heading: not clickable. */
  header: boolean;
  group: string | null;
  /** Nesting depth in a JSON tree (0 at the top). */
  depth: number;
  badge: string | null;
}
