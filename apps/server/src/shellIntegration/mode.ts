// [shell_integration] mode from config.toml: "auto" (the default) injects the integration into
// interactive bash/zsh/fish panes, "off" starts every shell untouched. Read at each shell pane's
// start from the config store, so an edit applies to the next pane without a reload; a bad value
// reads as "auto" with a one-line warning, the way the rest of config.toml degrades.
import { configStore } from '../config/configStore';

export type ShellIntegrationMode = 'auto' | 'off';

export function readShellIntegrationMode(configFile: string): {
  mode: ShellIntegrationMode;
  warning?: string;
} {
  // The config store keeps the last good file when an edit breaks it, and reports the breakage.
  const table = configStore(configFile).current().root.shell_integration;
  if (table === undefined) return { mode: 'auto' };
  const mode = table !== null && typeof table === 'object' ? (table as { mode?: unknown }).mode : undefined;
  if (mode === undefined || mode === 'auto' || mode === 'off') return { mode: mode ?? 'auto' };
  return {
    mode: 'auto',
    warning: `${configFile}: [shell_integration] mode must be "auto" or "off", got ${JSON.stringify(mode)}; using "auto"`,
  };
}

let lastWarning: string | undefined;

/** Whether the next shell pane gets the integration; a bad value is logged once, not per pane. */
export function shellIntegrationOn(configFile: string, log: (line: string) => void): boolean {
  const r = readShellIntegrationMode(configFile);
  if (r.warning && r.warning !== lastWarning) log(`warning: ${r.warning}`);
  lastWarning = r.warning;
  return r.mode !== 'off';
}
