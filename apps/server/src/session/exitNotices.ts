// `[notifications] pane_exit` / `pane_exit_error` (configuration.md): a notice when a pane's
// program exits on its own — never when rozi ended it (kill-pane, closing a tab or session, a
// profile replacing a session, server shutdown: Pane.killed). A clean exit (code 0) notifies only
// with pane_exit (default false); any other code with pane_exit_error (default true), at error
// level. The notice goes out on the bus like every other notification; the page turns it into a
// toast and, per [notifications] enabled and this browser's grant, a desktop notice.
import { configStore } from '../config/configStore';
import type { Pane } from './pane';

export interface ExitNoticeSettings {
  paneExit: boolean;
  paneExitError: boolean;
}

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The two switches from config.toml's root table; a missing or non-boolean value is rozi's default. */
export function exitNoticeSettings(root: Record<string, unknown>): ExitNoticeSettings {
  const n = isTable(root.notifications) ? root.notifications : {};
  return {
    paneExit: typeof n.pane_exit === 'boolean' ? n.pane_exit : false,
    paneExitError: typeof n.pane_exit_error === 'boolean' ? n.pane_exit_error : true,
  };
}

/** Reads the switches from `configFile` now (the store keeps the last good file). */
export const exitNoticeReader = (configFile: string) => (): ExitNoticeSettings =>
  exitNoticeSettings(configStore(configFile).current().root);

/** The notification a natural exit raises, or null when the settings keep it quiet. */
export function exitNotice(o: {
  pane: Pane;
  code: number | null;
  settings: ExitNoticeSettings;
}): { title: string; message: string; level: 'info' | 'error' } | null {
  const { pane, code, settings } = o;
  if (pane.killed) return null;
  const clean = code === 0;
  if (clean ? !settings.paneExit : !settings.paneExitError) return null;
  const where = `pane ${pane.session.name}:${pane.id} (${pane.title})`;
  return clean
    ? { title: 'Pane exited', message: `${where} exited with code 0`, level: 'info' }
    : {
        title: 'Pane exited with an error',
        message: `${where} exited with code ${code ?? 'unknown (ended by a signal)'}`,
        level: 'error',
      };
}
