// config.toml's [session] (rozi's configuration.md) as the web edition's server reads it once at
// start (rozi: "applies to servers started after the change"):
// - `resurrect` (default true): the server snapshots every session (layout, commands, cwds,
//   scrollback) and restores it when it starts again; false = no snapshot, no pane history, and
//   nothing restored from one (the file is left where it is).
// - `autosave` (default false): the layout alone (no scrollback) is written to `path` when the
//   server stops cleanly and restored from there at the next start when resurrection brought
//   nothing back.
// - `path` (default <state>/session.toml): where autosave writes; `~/` is the home directory.
// - `startup` (default "picker"): what the server opens when it starts. "profile" starts the
//   `[profile] default` session (like `rozi <that profile>`) beside whatever was restored;
//   "picker", "last" and "ephemeral" start what was kept, else one fresh session — the page's
//   session list is the picker and every session here is named and kept.
// A bad value falls back to rozi's default with one warning line each.
import { isAbsolute, join } from 'node:path';
import { configStore } from './configStore';

export const STARTUP_MODES = ['picker', 'ephemeral', 'last', 'profile'] as const;
export type StartupMode = (typeof STARTUP_MODES)[number];

export interface SessionSettings {
  resurrect: boolean;
  autosave: boolean;
  /** The absolute autosave file. */
  path: string;
  startup: StartupMode;
  warnings: string[];
}

export function readSessionSettings(o: {
  configFile: string;
  stateDir: string;
  home: string;
}): SessionSettings {
  const table = configStore(o.configFile).current().root.session;
  const t = table !== null && typeof table === 'object' ? (table as Record<string, unknown>) : {};
  const warnings: string[] = [];
  const bool = (key: string, fallback: boolean): boolean => {
    const v = t[key];
    if (v === undefined || typeof v === 'boolean') return v ?? fallback;
    warnings.push(
      `${o.configFile}: [session] ${key} must be true or false, got ${JSON.stringify(v)}; using ${fallback}`,
    );
    return fallback;
  };
  let startup: StartupMode = 'picker';
  if (t.startup !== undefined) {
    if ((STARTUP_MODES as readonly unknown[]).includes(t.startup)) startup = t.startup as StartupMode;
    else
      warnings.push(
        `${o.configFile}: [session] startup must be one of ${STARTUP_MODES.join(', ')}, got ${JSON.stringify(t.startup)}; using "picker"`,
      );
  }
  let path = join(o.stateDir, 'session.toml');
  if (t.path !== undefined) {
    const p = t.path;
    if (typeof p === 'string' && p.trim() && (isAbsolute(p) || p.startsWith('~/')))
      path = p.startsWith('~/') ? join(o.home, p.slice(2)) : p;
    else
      warnings.push(
        `${o.configFile}: [session] path must be an absolute path or start with ~/, got ${JSON.stringify(p)}; using ${path}`,
      );
  }
  return { resurrect: bool('resurrect', true), autosave: bool('autosave', false), path, startup, warnings };
}

/** What Settings may write to [session]: a value, or null to remove the key (rozi's default). */
export interface SessionEdit {
  resurrect?: boolean | null;
  autosave?: boolean | null;
  path?: string | null;
  startup?: string | null;
}

/**
 * The keys to write for a Settings edit, or the one-line reason it is refused (nothing is written):
 * the same rules the server applies when it reads [session] at start.
 */
export function sessionEditKeys(
  edit: SessionEdit,
): { ok: true; set: Record<string, string | boolean | null> } | { ok: false; error: string } {
  const set: Record<string, string | boolean | null> = {};
  if (edit.resurrect !== undefined) set.resurrect = edit.resurrect;
  if (edit.autosave !== undefined) set.autosave = edit.autosave;
  if (edit.startup !== undefined) {
    if (edit.startup !== null && !(STARTUP_MODES as readonly string[]).includes(edit.startup))
      return {
        ok: false,
        error: `[session] startup must be one of ${STARTUP_MODES.join(', ')}, got ${JSON.stringify(edit.startup)}`,
      };
    set.startup = edit.startup;
  }
  if (edit.path !== undefined) {
    const p = edit.path === null ? null : edit.path.trim();
    if (p !== null && (!p || !(isAbsolute(p) || p.startsWith('~/')) || /[\n\r\0]/.test(p)))
      return {
        ok: false,
        error: `[session] path must be an absolute path or start with ~/, got ${JSON.stringify(edit.path)}`,
      };
    set.path = p;
  }
  if (Object.keys(set).length === 0) return { ok: false, error: 'nothing to change in [session]' };
  return { ok: true, set };
}
