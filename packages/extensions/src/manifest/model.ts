// The validated manifest as typed contributions with every default applied. This is what the
// runtime (registry, supervisor, sidebar, keymap, hook sandbox) consumes; it never reads TOML.
// Public ids are `<extension-id>.<local-id>` (spec: namespacing), computed here once.
import { REPORTED_STATES, type ReportedState } from '@rozi/detect';

export const PLATFORMS = ['linux', 'macos', 'windows', 'freebsd', 'netbsd'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * Longest id: ids name directories and files (`extensions/<id>`, `.<id>.new-XXXXXX`, state and
 * log dirs), and a file name holds 255 bytes; a 300-character id surfaced as a raw ENAMETOOLONG.
 */
export const MAX_ID_LENGTH = 128;

export const RESERVED_EXTENSION_IDS = ['app', 'command', 'rozi', 'user', 'workspace'] as const;

export type Placement = 'client' | 'active-session' | 'each-host' | 'each-session' | 'session';

export interface ExtensionMeta {
  id: string;
  api: 1;
  /** Defaults to the id. */
  title: string;
  description: string | undefined;
  version: string | undefined;
  minRozi: string | undefined;
  /** undefined: every platform. */
  platforms: Platform[] | undefined;
  homepage: string | undefined;
  screenshots: string[];
}

/** How a process contribution runs: argv without a shell, or a command line through command_shell. */
export type ProcessRun = { kind: 'exec'; argv: string[] } | { kind: 'shell'; command: string };

export type CommandRun = ProcessRun | { kind: 'send'; text: string };

export interface CommandContribution {
  id: string;
  publicId: string;
  /** Defaults to the id. */
  label: string;
  run: CommandRun;
  hidden: boolean;
  /** A chord inside the `<prefix> x` space. */
  key: string | undefined;
  /** Always 'client' for send commands (they act in a pane). */
  placement: 'client' | 'active-session';
}

export interface ServiceContribution {
  name: string;
  publicId: string;
  run: ProcessRun;
  /** Relative to the extension directory; undefined means the extension directory. */
  cwd: string | undefined;
  restart: 'on-failure' | 'always' | 'never';
  env: Record<string, string>;
  placement: Placement;
  sessionScope: 'active' | 'attached';
}

export interface ActionContribution {
  id: string;
  publicId: string;
  title: string;
  argv: string[];
  /** JSON Schemas (TOML integers converted to numbers); `{}` accepts anything. */
  argsSchema: unknown;
  resultSchema: unknown;
  deadlineMs: number;
  concurrency: 'parallel' | 'singleton';
  placement: 'session';
}

export const DEFAULT_ACTION_DEADLINE_MS = 30_000;
export const MAX_ACTION_DEADLINE_MS = 600_000;

export type SettingValue = string | number | boolean | string[];
export type SettingType = 'string' | 'integer' | 'boolean' | 'string-list';

export interface SettingChoice {
  value: string;
  label: string;
}

export interface SettingDeclaration {
  key: string;
  type: SettingType;
  default: SettingValue;
  /** Defaults to the key. */
  label: string;
  description: string | undefined;
  choices: SettingChoice[] | undefined;
  min: number | undefined;
  max: number | undefined;
}

export const SMART_FOCUS_ACTIONS = [
  'smart-focus-left',
  'smart-focus-down',
  'smart-focus-up',
  'smart-focus-right',
] as const;

export interface SuggestedKeybinding {
  action: (typeof SMART_FOCUS_ACTIONS)[number];
  key: string;
}

/** What a click or a launcher entry does. */
export type ClickAction =
  | { kind: 'send'; text: string }
  | { kind: 'run'; command: string }
  | { kind: 'popup'; command: string }
  | { kind: 'exec'; argv: string[] };

export interface LauncherEntry {
  label: string;
  group: string | undefined;
  action: ClickAction;
}

export type SidebarTabSource =
  | { kind: 'entries'; entries: LauncherEntry[] }
  | {
      kind: 'command';
      command: string;
      format: 'lines' | 'json';
      groupPrefix: string | undefined;
      placement: 'client' | 'active-session';
    }
  | { kind: 'stream' };

export const DEFAULT_TAB_INTERVAL_S = 30;
export const MIN_TAB_INTERVAL_S = 5;

export interface SidebarTabContribution {
  name: string;
  publicId: string;
  label: string;
  source: SidebarTabSource;
  intervalSeconds: number;
  onClick: ClickAction | undefined;
  settings: string[];
  suggestedLocation: { dock: 'left' | 'right'; panel: 1 | 2 | 3 } | undefined;
}

export interface SidebarPanel {
  weight: number;
  tabs: string[];
}

export interface SidebarDockLayout {
  panelCount: number | undefined;
  panels: SidebarPanel[];
}

export interface SidebarPresetContribution {
  name: string;
  publicId: string;
  label: string;
  layout: {
    left: SidebarDockLayout | undefined;
    right: SidebarDockLayout | undefined;
    hidden: string[] | undefined;
  };
}

export interface NavigationTargetContribution {
  name: string;
  programs: string[];
}

export interface AgentContribution {
  /** Local id as written. */
  id: string;
  /** `<extension-id>.<id>`: an extension adds agents, never replaces a built-in. */
  publicId: string;
  /** The definition table as written, for the detection engine to load. */
  definition: Record<string, unknown>;
}

export interface LinkHandlerContribution {
  schemes: string[];
  files: string[] | undefined;
  /** Local command id; it names a process (exec or shell) command of this manifest. */
  command: string;
}

export const HOOK_EVENTS = [
  'agent-state-changed',
  'pane-spawned',
  'pane-exited',
  'bell',
  'notification',
  'focus-changed',
  'session-created',
  'session-renamed',
  'config-reloaded',
  'needs-input',
  // rozi's own events (its hooks.md) that the list above did not have yet.
  'pane-status-changed',
  'workspace-switched',
  'session-attached',
  'session-detached',
  'controller-changed',
  'client-joined',
  'client-left',
  'profile-loaded',
  'profile-applied',
  'profile-saved',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export const HOOK_PERMISSIONS = ['notify', 'publish', 'status', 'invoke', 'send-text'] as const;
export type HookPermission = (typeof HOOK_PERMISSIONS)[number];

/** A hook may filter on any state a pane shows (@rozi/detect's vocabulary). */
export const HOOK_FILTER_STATES = REPORTED_STATES;
export type HookFilterState = ReportedState;

export const DEFAULT_HOOK_TIMEOUT_MS = 50;
export const DEFAULT_HOOK_MEMORY_MB = 32;

export interface HookContribution {
  event: HookEvent;
  /** Normalised `./`-relative path of a .js or .mjs module inside the extension. */
  script: string;
  filter:
    | { agents: string[] | undefined; states: HookFilterState[] | undefined; pane: number | undefined }
    | undefined;
  permissions: HookPermission[];
  timeoutMs: number;
  memoryMb: number;
}

export interface ExtensionManifest {
  extension: ExtensionMeta;
  commands: CommandContribution[];
  services: ServiceContribution[];
  actions: ActionContribution[];
  settings: SettingDeclaration[];
  suggestedKeybindings: SuggestedKeybinding[];
  sidebarTabs: SidebarTabContribution[];
  sidebarPresets: SidebarPresetContribution[];
  navigationTargets: NavigationTargetContribution[];
  agents: AgentContribution[];
  linkHandlers: LinkHandlerContribution[];
  hooks: HookContribution[];
}

/** Whether any contribution runs from a snapshot on a host (the snapshot rules then apply). */
export function hasPlacedContributions(
  m: Pick<ExtensionManifest, 'commands' | 'services' | 'actions' | 'sidebarTabs'>,
): boolean {
  return (
    m.actions.length > 0 ||
    m.commands.some((c) => c.placement !== 'client') ||
    m.services.some((s) => s.placement !== 'client') ||
    m.sidebarTabs.some((t) => t.source.kind === 'command' && t.source.placement !== 'client')
  );
}
