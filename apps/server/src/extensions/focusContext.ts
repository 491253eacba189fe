// The session on screen and its focused pane: the context extension commands, link handlers and
// command tabs run in (their cwd, ROZI_SESSION_NAME, the source pane).
import type { SessionManager } from '../session/manager';
import { resolvePane } from '../session/target';

export interface FocusContext {
  sessionName: string;
  sessionInstance: string;
  paneId: string;
  cwd: string | undefined;
  paneKey: number;
}

/** Undefined when no session is attached (nothing to focus). */
export function focusContextOf(manager: SessionManager): FocusContext | undefined {
  try {
    const pane = resolvePane(manager, {});
    const session = manager.sessionOf(pane);
    return {
      sessionName: session.name,
      sessionInstance: session.instanceId,
      paneId: String(pane.id),
      cwd: manager.liveCwd(pane),
      paneKey: pane.key,
    };
  } catch {
    return undefined;
  }
}
