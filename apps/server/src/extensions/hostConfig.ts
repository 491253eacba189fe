// The parts of config.toml the extension host reads: `[extensions.<id>]` settings tables, `[keys]`,
// `command_shell` and `[[sidebar.tabs]]` (configSidebarTabs.ts). Read on every load so `reload-extensions` picks up edits; an unreadable
// file is reported and treated as empty (defaults everywhere) rather than stopping the load.
import { existsSync, readFileSync } from 'node:fs';
import type { SidebarTabContribution } from '@rozi/extensions';
import { parse } from 'smol-toml';
import { readConfigSidebarTabs } from './configSidebarTabs';

export interface HostConfig {
  extensions: Record<string, unknown>;
  keys: Record<string, string | string[]>;
  commandShell: string[] | undefined;
  sidebarTabs: SidebarTabContribution[];
  /** One line each, with its line in config.toml. */
  sidebarWarnings: string[];
  problem: string | undefined;
}

function isTable(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function readHostConfig(file: string): HostConfig {
  const empty: HostConfig = {
    extensions: {},
    keys: {},
    commandShell: undefined,
    sidebarTabs: [],
    sidebarWarnings: [],
    problem: undefined,
  };
  if (!existsSync(file)) return empty;
  let root: Record<string, unknown>;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
    root = parse(text) as Record<string, unknown>;
  } catch (err) {
    return {
      ...empty,
      problem: `${file}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`,
    };
  }
  const keys: Record<string, string | string[]> = {};
  if (isTable(root.keys)) {
    for (const [action, v] of Object.entries(root.keys)) {
      if (typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')))
        keys[action] = v as string | string[];
    }
  }
  const shell = root.command_shell;
  const commandShell =
    typeof shell === 'string'
      ? [shell, '-c']
      : Array.isArray(shell) && shell.length > 0 && shell.every((x) => typeof x === 'string')
        ? (shell as string[])
        : undefined;
  const sidebar = readConfigSidebarTabs({ text });
  return {
    extensions: isTable(root.extensions) ? root.extensions : {},
    keys,
    commandShell,
    sidebarTabs: sidebar.tabs,
    sidebarWarnings: sidebar.warnings,
    problem: undefined,
  };
}
