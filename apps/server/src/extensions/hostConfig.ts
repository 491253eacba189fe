// The parts of config.toml the extension host reads: `[extensions.<id>]` settings tables, `[keys]`,
// `command_shell` and `[[sidebar.tabs]]` (configSidebarTabs.ts), taken from the config in force
// (config/configStore.ts): an edit applies at the next read, and a file that stops parsing is
// reported while the last good config stays in force.
import type { SidebarTabContribution } from '@rozi/extensions';
import { configStore } from '../config/configStore';
import { diagnosticLine } from '../config/configLoad';
import type { HeldModifier } from '@rozi/keymap';
import { readConfigKeys } from '../config/configKeys';
import { mirrorModifier } from '../config/inputSettings';
import type { UserCommand } from '../config/userCommands';
import { readConfigSidebarTabs } from './configSidebarTabs';

export interface HostConfig {
  /** `[extensions.<id>]` settings tables, by extension id. */
  extensions: Record<string, unknown>;
  /** rozi's `[extensions] disabled`: manifest ids not to load. */
  disabled: string[];
  /** [keys] in the keymap's syntax: rozi's bare and `scheme:` keys already put after `prefix`. */
  keys: Record<string, string | string[]>;
  /** `[input] modifier` when `modifier_shortcuts` is on (the held-modifier mirrors), else null. */
  modifier: HeldModifier | null;
  commandShell: string[] | undefined;
  sidebarTabs: SidebarTabContribution[];
  /** One line each, with its line in config.toml. */
  sidebarWarnings: string[];
  /** `[[commands]]` and `[keys]` inline commands (their warnings are in `commandWarnings`). */
  commands: UserCommand[];
  commandWarnings: string[];
  problem: string | undefined;
}

function isTable(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `[extensions] disabled` as ids; a value of another shape is reported by config check (bad-type). */
export function disabledIds(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function readHostConfig(file: string): HostConfig {
  const snap = configStore(file).current();
  const root = snap.root;
  const text = snap.text;
  const problem = snap.problem
    ? `${diagnosticLine(snap.problem)} (the last good config stays in force)`
    : undefined;
  const shell = root.command_shell;
  const commandShell =
    typeof shell === 'string'
      ? [shell, '-c']
      : Array.isArray(shell) && shell.length > 0 && shell.every((x) => typeof x === 'string')
        ? (shell as string[])
        : undefined;
  const sidebar = readConfigSidebarTabs({ text });
  const { keys, user } = readConfigKeys({ root, text, file });
  const table = isTable(root.extensions) ? root.extensions : {};
  const { disabled: rawDisabled, ...settings } = table;
  return {
    extensions: settings,
    disabled: disabledIds(rawDisabled),
    keys,
    modifier: mirrorModifier(root),
    commandShell,
    sidebarTabs: sidebar.tabs,
    sidebarWarnings: sidebar.warnings,
    commands: user.commands,
    commandWarnings: user.warnings,
    problem,
  };
}
