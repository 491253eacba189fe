// The typed events of the server's event bus (events/bus.ts). Types only, no imports of node
// code: the browser receives the same objects inside `{t:'event', event}` WebSocket messages
// (stream/protocol.ts), and later subsystems (detection, status, extension hooks) subscribe here.
import type { NotificationInfo, PaneId, PaneKey } from '../session/model';
import type { WorkspaceDelta } from '../projection/types';
import type { AgentRef, EffectiveState, StatusRow } from '../status/types';
import type { AnswerRecord } from '../status/answerFence';
import type { PaneQuestion } from '../status/paneQuestion';
import type { InboxView } from '../status/inboxTypes';

interface PaneRef {
  key: PaneKey;
  session: string;
  paneId: PaneId;
}

export type ServerEvent =
  | ({ type: 'pane-spawned'; pid: number | null } & PaneRef)
  /** `killed`: rozi ended it (kill-pane, a close, shutdown), not a natural exit of the program. */
  | ({ type: 'pane-exited'; code: number | null; killed?: boolean } & PaneRef)
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
  /** A pane became blocked, or asks a new question while blocked: the question as read from its screen. */
  | ({
      type: 'needs-input';
      agent: string | null;
      label: string | null;
      ref: AgentRef | null;
      question: PaneQuestion;
    } & PaneRef)
  /** The needs-you inbox as it is now (status/inboxFeed.ts): sent when it changed. */
  | { type: 'inbox-changed'; inbox: InboxView }
  /** A blocked agent was answered from the inbox or `rozi agents answer`. */
  | ({ type: 'question-answered'; answer: AnswerRecord } & PaneRef)
  /** `rozi status` set or cleared what a pane reports about itself (rozi's pane-status-changed). */
  | ({
      type: 'pane-status-changed';
      status: string | null;
      reason: string | null;
      previous_status: string | null;
      previous_reason: string | null;
    } & PaneRef)
  /** The session's active workspace (1-based) changed; `previous` is the one before, `tab` the new one's tab id. */
  | { type: 'workspace-switched'; session: string; workspace: number; previous: number | null; tab: number }
  /** A client (a browser page) joined or left the roster; `session` null for the server-wide roster. */
  | {
      type: 'client-joined' | 'client-left';
      session: string | null;
      client_id: number;
      client_name: string;
      count: number;
    }
  /** A client finished attaching to a session, or left it (rozi's session-attached/-detached). */
  | {
      type: 'session-attached';
      session: string;
      client_id: number;
      controller: number | null;
      read_only: boolean;
    }
  | { type: 'session-detached'; session: string; client_id: number }
  /** A shared session's controller changed or was released. */
  | {
      type: 'controller-changed';
      session: string;
      controller: number | null;
      reason: 'released' | 'expired' | 'granted';
    }
  /** A profile seeded a new session (loaded) or replaced a session's panes (applied). */
  | { type: 'profile-loaded' | 'profile-applied'; profile: string; path: string; session: string }
  | { type: 'profile-saved'; profile: string; path: string }
  /** config.toml's agent definitions were changed by the editor (saved or undone); detection reloaded them. */
  | {
      type: 'agent-definitions-changed';
      reason: 'editor-save' | 'editor-undo' | 'config-reload' | 'extensions';
    }
  /** config.toml was read again (status/configWatcher.ts); `kept` = it did not parse, the last good definitions stay. Refetch status.config. */
  | { type: 'config-reloaded'; kept: boolean; warnings: number }
  /** A config.toml [[services]] entry changed state (started, crashed, backing off, failed, removed): refetch status.services. */
  | { type: 'service-changed'; name: string }
  /** Watched directories of the Files/Git tabs changed (files/dirWatch.ts; absolute paths). */
  | { type: 'files-changed'; dirs: string[] }
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
  /** Returned in `selected`; rozi falls back to the label when a row has none. */
  id: string;
  label: string;
  /** Section header the row is listed under. */
  group?: string;
  /** Right-aligned status badge. */
  description?: string;
  /** Why the row cannot be chosen: shown in place of the description, row muted and inert. */
  disabled?: string;
  /** The row that is current (the checked-out branch): highlighted. */
  active?: boolean;
  /** Ranks the row higher, with or without a filter. */
  priority?: number;
}

export interface PickerAction {
  id: string;
  /** Key chord in the picker, spelled as in `[keys]` (`ctrl-d`); an unparseable one is dropped. */
  key: string;
  label: string;
  /** Ask for a line of text (this is the prompt's title) before reporting the action as `input`. */
  prompt?: string;
  /** Close the picker after the action (default: stay open for a refreshed `rows`). */
  close?: boolean;
  /** Require a second press on the same row (the armed row is struck through). */
  confirm?: boolean;
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

/** What a browser answers: a result, or that it could not show the picker (an overlay is open). */
/** `shown`: a page put the picker on screen (it waits for a person now, however long). */
export type PickerAnswer = PickerResult | { kind: 'refused'; reason: 'overlay' } | { kind: 'shown' };

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
