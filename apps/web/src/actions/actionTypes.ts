// The shape of a UI action: one entry read by the command palette, the keymap and the menus.
// Ids follow rozi's action names so a `[keys]` entry in config.toml means the same everywhere.
import type { PaneInfo, SessionInfo, TabInfo } from '@rozi/server/model';
import type { LauncherPlacement } from '../launcher/launcherModel';
import type { StartPane } from '../launcher/paneLanding';
import type { WorkspaceView } from '../cache/useWorkspace';
import type { WorkspaceApi } from '../model/workspaceApi';

export type ActionCategory = 'Pane' | 'Tab' | 'Session' | 'Terminal' | 'View' | 'Extension';

export interface PromptRequest {
  title: string;
  label: string;
  initial: string;
  submitLabel?: string;
  /**
   * The value is a directory: the field completes subdirectories as the person types, on the
   * machine of `session` when given (a remote session's folder is on its host).
   */
  directory?: boolean | { session: string };
  /** A second field: one of a fixed list (e.g. the host a new session starts on). */
  choice?: PromptChoice;
  /** Return an error message to keep the dialog open, or nothing when done. */
  onSubmit(value: string, choice?: string): Promise<string | void> | string | void;
}

export interface PromptChoice {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  initial: string;
}

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): Promise<unknown> | void;
}

/** The shown session's collaboration state as actions see it (workspace/useSessionControl.ts). */
export interface CollabState {
  readOnly: boolean;
  me: number | null;
  controller: number | null;
  /** This page holds the control lease. */
  mine: boolean;
  /** Pages on the session, this one included. */
  count: number;
  /** Clients asking for control, oldest first. */
  wants: number[];
  inputLock: boolean;
  takeover: boolean;
  grant(client?: number): void;
  decline(client?: number): void;
  setInputLock(on: boolean): void;
  setTakeover(on: boolean): void;
}

export interface UiControls {
  openPalette(): void;
  openLauncher(placement?: LauncherPlacement): void;
  openActivity(): void;
  /** The needs-you inbox (desktop panel; the phone shows it first anyway). */
  openInbox(): void;
  openSettings(): void;
  /** The Profiles picker; 'capture' opens it naming a new profile, 'replace' with Ctrl+R's hint first. */
  openProfiles(mode?: 'capture' | 'replace'): void;
  /** Takes the shown session's control lease, or asks for it when takeover is off (request-control). */
  takeControl(): void;
  /** The Manage collaborators dialog (grant / decline a client). */
  openCollaborators(): void;
  /** Resize mode: h/j/k/l move the focused pane's divider until Esc. */
  resizeMode(): void;
  /** The layout picker with a live preview. */
  chooseLayout(): void;
  prompt(request: PromptRequest): void;
  confirm(request: ConfirmRequest): void;
  selectSession(name: string): void;
  toggleSidebar(): void;
  /**
   * Starts a pane (`create` resolves with its key) and lands on it: it takes the focus, on the
   * phone full screen at once, with what is typed meanwhile (launcher/paneLanding.ts).
   */
  startPane: StartPane;
  /** A short message at the bottom of the screen (errors from the server land here). */
  notice(message: string, tone?: 'info' | 'error'): void;
}

export interface ActionContext {
  api: WorkspaceApi;
  workspace: WorkspaceView;
  session: SessionInfo | undefined;
  tab: TabInfo | undefined;
  /** The focused pane of the active tab. */
  pane: PaneInfo | undefined;
  ui: UiControls;
  /** The shown session's roster and control lease (absent in tests and pages without a stream). */
  collab?: CollabState;
  /** The prefix chord sequence in effect, for send-prefix. */
  prefix: readonly string[];
  /** config.toml [confirm]: false = that close does not ask first (absent: ask). */
  confirm?: { closePane: boolean; killWorkspace: boolean; killSession: boolean };
}

export interface ActionDef {
  id: string;
  title: string;
  category: ActionCategory;
  /** Extra words the palette matches on (e.g. "vertical" for split right). */
  keywords?: string;
  /** Whether the action can run now; disabled actions still show in the palette, dimmed. */
  enabled?(ctx: ActionContext): boolean;
  run(ctx: ActionContext): void | Promise<unknown>;
}
