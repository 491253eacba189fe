// The events a hook can subscribe to, as plain JSON, and the filter that narrows them. Pure:
// the same objects are what `rozi subscribe` prints, what a sandboxed hook receives, and what a
// `run =` shell hook gets as ROZI_* variables (shellEnv.ts). Field names are snake_case because
// they are a wire format shared with shell scripts, not TypeScript internals.
import type { ReportedState } from '@rozi/detect';

import { HOOK_EVENTS } from '../../manifest/model';

/** The manifest's list of event names: what `[[hooks]] event` accepts is what is raised. */
export const HOOK_EVENT_NAMES = HOOK_EVENTS;
export type HookEventName = (typeof HOOK_EVENT_NAMES)[number];

export type HookAgentState = ReportedState;
/**
 * Where a state came from (the status hub's StatusSource): an agent's own report, the screen
 * rules, or a published row (`rozi status`/`publish`, a hook's `status` effect).
 */
export type HookStateSource = 'integration' | 'screen' | 'published';

/** Fields of every event raised by a pane. `pane` is the pane id within `session`. */
interface PaneFields {
  session: string;
  pane: number;
}

export interface AgentStateChangedEvent extends PaneFields {
  event: 'agent-state-changed';
  /** Agent id (`claude`, `my-ext.tool`), null when no definition matches any more. */
  agent: string | null;
  previous: HookAgentState | null;
  /** null when the agent left the pane. */
  state: HookAgentState | null;
  source: HookStateSource | null;
  message: string | null;
}
export interface PaneSpawnedEvent extends PaneFields {
  event: 'pane-spawned';
  /** Shell command line, or null when the pane was started with an argv (or is a plain shell). */
  command: string | null;
  argv: string[] | null;
  /** rozi's: the pane's 1-based workspace, and its configured working directory (null: inherited). */
  workspace: number;
  cwd: string | null;
}
export interface PaneExitedEvent extends PaneFields {
  event: 'pane-exited';
  /** Exit code, null when a signal ended the process. */
  code: number | null;
  focused: boolean;
}
export interface BellEvent extends PaneFields {
  event: 'bell';
  focused: boolean;
}
export interface NotificationEvent {
  event: 'notification';
  /** The pane that raised it (OSC 9/777 or `rozi notify` from inside a pane), if any. */
  session: string | null;
  pane: number | null;
  title: string | null;
  message: string;
  level: 'info' | 'warn' | 'error';
}
export interface FocusChangedEvent extends PaneFields {
  event: 'focus-changed';
  /** The pane that had focus before, null on the first focus of a session. */
  previous: number | null;
}
export interface SessionCreatedEvent {
  event: 'session-created';
  session: string;
}
export interface SessionRenamedEvent {
  event: 'session-renamed';
  session: string;
  previous: string;
}
export interface ConfigReloadedEvent {
  event: 'config-reloaded';
  /** The config file read. */
  path: string;
}

/** What a pane reports about itself (`rozi status`) changed or was cleared; cleared values are ''. */
export interface PaneStatusChangedEvent extends PaneFields {
  event: 'pane-status-changed';
  status: string;
  reason: string;
  previous_status: string;
  previous_reason: string;
  focused: boolean;
}
/** The session's active workspace (1-based) changed. */
export interface WorkspaceSwitchedEvent {
  event: 'workspace-switched';
  session: string;
  workspace: number;
}
/** A client (a browser page) finished attaching to a session. */
export interface SessionAttachedEvent {
  event: 'session-attached';
  session: string;
  client_id: number;
  /** The controller's client id, null when nobody controls the session. */
  controller: number | null;
  read_only: boolean;
}
export interface SessionDetachedEvent {
  event: 'session-detached';
  session: string;
  client_id: number;
}
/** The shared session's controller changed or was released. */
export interface ControllerChangedEvent {
  event: 'controller-changed';
  session: string;
  controller: number | null;
  reason: 'released' | 'expired' | 'granted';
}
/** A client appeared in (or left) a roster; `session` is null for the server-wide one. */
export interface ClientRosterEvent {
  event: 'client-joined' | 'client-left';
  session: string | null;
  client_id: number;
  client_name: string;
  /** The roster's size after the change. */
  count: number;
}
/** A profile seeded a new session (loaded) or replaced an existing one's panes (applied). */
export interface ProfileUsedEvent {
  event: 'profile-loaded' | 'profile-applied';
  profile: string;
  path: string;
  session: string;
}
export interface ProfileSavedEvent {
  event: 'profile-saved';
  profile: string;
  path: string;
}

/** A pane became blocked, or asks a new question while blocked: the question read from its screen. */
export interface NeedsInputEvent extends PaneFields {
  event: 'needs-input';
  agent: string | null;
  question: string;
  /** The choices' labels in order (empty when they could not be read). */
  choices: string[];
  /** Whether the choices can be answered with `rozi agents answer --choice N`. */
  readable: boolean;
  /** Pass to `rozi agents answer --question-id` so the answer lands on this question only. */
  question_id: string;
}

export type HookEvent =
  | AgentStateChangedEvent
  | NeedsInputEvent
  | PaneSpawnedEvent
  | PaneExitedEvent
  | BellEvent
  | NotificationEvent
  | FocusChangedEvent
  | SessionCreatedEvent
  | SessionRenamedEvent
  | ConfigReloadedEvent
  | PaneStatusChangedEvent
  | WorkspaceSwitchedEvent
  | SessionAttachedEvent
  | SessionDetachedEvent
  | ControllerChangedEvent
  | ClientRosterEvent
  | ProfileUsedEvent
  | ProfileSavedEvent;

export type HookEventOf<N extends HookEventName> = Extract<HookEvent, { event: N }>;

export function isHookEventName(name: string): name is HookEventName {
  return (HOOK_EVENT_NAMES as readonly string[]).includes(name);
}

/** The pane that raised an event, or null: only such events may carry send-text and status. */
export function eventPane(event: HookEvent): { session: string; pane: number } | null {
  if (!('pane' in event) || !('session' in event)) return null;
  if (event.pane === null || event.session === null) return null;
  return { session: event.session, pane: event.pane };
}

export type FilterScalar = string | number | boolean | null;
/**
 * A hook's `filter` table: every key must match the event field of the same name. A list means
 * any of its values. A key the event does not have never matches, so a typo filters everything
 * out instead of silently matching everything (the manifest validator reports unknown keys).
 */
export type HookFilter = Readonly<Record<string, FilterScalar | readonly FilterScalar[]>>;

export function matchesFilter(filter: HookFilter | undefined, event: HookEvent): boolean {
  if (filter === undefined) return true;
  const fields = event as unknown as Readonly<Record<string, unknown>>;
  for (const [key, wanted] of Object.entries(filter)) {
    if (!Object.prototype.hasOwnProperty.call(fields, key)) return false;
    const actual = fields[key];
    const options: readonly FilterScalar[] = Array.isArray(wanted) ? wanted : [wanted as FilterScalar];
    if (!options.some((option) => option === actual)) return false;
  }
  return true;
}

/** The field names each event carries besides `event`, for validators and docs. */
export const HOOK_EVENT_FIELDS: Readonly<Record<HookEventName, readonly string[]>> = {
  'agent-state-changed': ['session', 'pane', 'agent', 'previous', 'state', 'source', 'message'],
  'pane-spawned': ['session', 'pane', 'command', 'argv', 'workspace', 'cwd'],
  'pane-exited': ['session', 'pane', 'code', 'focused'],
  bell: ['session', 'pane', 'focused'],
  notification: ['session', 'pane', 'title', 'message', 'level'],
  'focus-changed': ['session', 'pane', 'previous'],
  'session-created': ['session'],
  'session-renamed': ['session', 'previous'],
  'config-reloaded': ['path'],
  'needs-input': ['session', 'pane', 'agent', 'question', 'choices', 'readable', 'question_id'],
  'pane-status-changed': [
    'session',
    'pane',
    'status',
    'reason',
    'previous_status',
    'previous_reason',
    'focused',
  ],
  'workspace-switched': ['session', 'workspace'],
  'session-attached': ['session', 'client_id', 'controller', 'read_only'],
  'session-detached': ['session', 'client_id'],
  'controller-changed': ['session', 'controller', 'reason'],
  'client-joined': ['session', 'client_id', 'client_name', 'count'],
  'client-left': ['session', 'client_id', 'client_name', 'count'],
  'profile-loaded': ['profile', 'path', 'session'],
  'profile-applied': ['profile', 'path', 'session'],
  'profile-saved': ['profile', 'path'],
};

/**
 * rozi's 17 events (its hooks.md). The rest of HOOK_EVENT_NAMES are this project's own
 * (agent-state-changed, notification, needs-input), which keep null where rozi's use ''.
 */
export const ROZI_EVENT_NAMES = [
  'pane-spawned',
  'pane-exited',
  'pane-status-changed',
  'bell',
  'focus-changed',
  'workspace-switched',
  'session-attached',
  'session-detached',
  'session-renamed',
  'session-created',
  'controller-changed',
  'client-joined',
  'client-left',
  'profile-loaded',
  'profile-applied',
  'profile-saved',
  'config-reloaded',
] as const satisfies readonly HookEventName[];

/** rozi's subscribe line: the event's name, its fields under `data`, and the same fields again beside them. */
export type RoziEventLine = { event: string; data: Record<string, unknown> } & Record<string, unknown>;

/**
 * rozi's subscribe line for an event: `{"event","data":{…}}` with the fields under `data` (its
 * control.md). The fields are also copied beside `event`, because rozi's own recipes read them
 * there (recipes.md "Notifications that are not stupid": `event.get("pane")`); both readings
 * work. For rozi's own events an absent value is '' (control.md: "cleared or absent values are
 * empty strings"); the project's events keep their nulls.
 */
export function roziEventLine(e: HookEvent): RoziEventLine {
  const { event, ...fields } = e;
  const data: Record<string, unknown> = {};
  const rozis = (ROZI_EVENT_NAMES as readonly string[]).includes(event);
  for (const [k, v] of Object.entries(fields)) data[k] = rozis && v === null ? '' : v;
  return { ...data, event, data };
}
