// Where the launcher starts a program, and how a choice becomes a server call.
import type { Launch, WorkspaceApi } from '../model/workspaceApi';

export type LauncherPlacement = 'new-tab' | 'split-right' | 'split-down' | 'new-session';

export const PLACEMENTS: ReadonlyArray<{ id: LauncherPlacement; label: string }> = [
  { id: 'new-tab', label: 'New tab' },
  { id: 'split-right', label: 'Split right' },
  { id: 'split-down', label: 'Split down' },
  { id: 'new-session', label: 'New session' },
];

export interface LaunchTarget {
  placement: LauncherPlacement;
  session: string | undefined;
  paneKey: number | undefined;
  /** For a new session: its name and directory. */
  sessionName?: string;
  folder?: string;
}

export interface Landed {
  session: string | undefined;
  /** The new pane, when the server said which (a new tab or split replies with it). */
  paneKey: number | undefined;
}

/** The pane a new tab's or split's reply names (both reply with `{ pane: { key } }`). */
export function paneKeyOf(reply: unknown): number | undefined {
  const key = (reply as { pane?: { key?: unknown } } | null)?.pane?.key;
  return typeof key === 'number' ? key : undefined;
}

/** Starts `launch` where the user chose; resolves with where it landed. */
export async function launchAt(api: WorkspaceApi, target: LaunchTarget, launch: Launch): Promise<Landed> {
  switch (target.placement) {
    case 'new-tab': {
      if (!target.session) throw new Error('there is no session to add a tab to; choose “New session”');
      const reply = await api.newTab({ session: target.session, launch });
      return { session: target.session, paneKey: paneKeyOf(reply) };
    }
    case 'split-right':
    case 'split-down': {
      if (target.paneKey === undefined)
        throw new Error('there is no pane to split; choose “New tab” or “New session”');
      const reply = await api.splitPane({
        key: target.paneKey,
        direction: target.placement === 'split-right' ? 'row' : 'column',
        launch,
      });
      return { session: target.session, paneKey: paneKeyOf(reply) };
    }
    case 'new-session': {
      const folder = target.folder?.trim() || null;
      const session = await api.newSession({
        name: target.sessionName?.trim() || undefined,
        folder,
        launch: { ...launch, cwd: launch.cwd ?? folder },
      });
      const panes = await api.listPanes(session).catch(() => []);
      return { session, paneKey: panes[0]?.key };
    }
  }
}
