// Central target resolution (tmux's model): every verb and procedure names a pane the same way.
//   key            the server-global pane key (what the browser holds)
//   session        a session name; default: the only session, else 'main', else the first one
//   target         a pane id in that session (3), or 'SESSION:ID' (dev:3); default: the focused
//                  pane of the session's active tab
// The CLI fills session/target from ROZI_SESSION_NAME / ROZI_PANE when it runs inside a pane
// (cli/controlClient.ts), so the server never guesses from the caller's environment.
import { RoziError } from './errors';
import { DEFAULT_SESSION, type Session, type SessionManager } from './manager';
import type { Pane } from './pane';

export interface TargetInput {
  session?: string;
  target?: number | string;
  key?: number;
  /** The session's instanceId; wins over `session` (ROZI_PANE + ROZI_SESSION_INSTANCE, spec: session_scope). */
  sessionInstance?: string;
}

export function resolveSession(m: SessionManager, name?: string): Session {
  if (name !== undefined) return m.session(name);
  const all = [...m.sessions.values()];
  const s = all.length === 1 ? all[0] : (m.sessions.get(DEFAULT_SESSION) ?? all[0]);
  if (!s) throw new RoziError('not-found', 'there are no sessions (create one with rozi new-session)');
  return s;
}

function sessionByInstance(m: SessionManager, instance: string): Session {
  const s = [...m.sessions.values()].find((x) => x.instanceId === instance);
  if (!s)
    throw new RoziError('not-found', `no session with instance '${instance}' (it was closed or re-created)`);
  return s;
}

export function resolvePane(m: SessionManager, t: TargetInput = {}): Pane {
  if (t.key !== undefined) {
    const p = m.panes.get(t.key);
    if (!p) throw new RoziError('not-found', `no pane with key ${t.key}`);
    return p;
  }
  let sessionName = t.session;
  let id: number | undefined;
  if (typeof t.target === 'string') {
    const m2 = /^(?:(.+):)?(\d+)$/.exec(t.target.trim());
    if (!m2)
      throw new RoziError('invalid', `bad target '${t.target}': use a pane id (3) or SESSION:ID (dev:3)`);
    if (m2[1] !== undefined) sessionName = m2[1];
    id = Number(m2[2]);
  } else if (t.target !== undefined) {
    id = t.target;
  }
  const session =
    t.sessionInstance !== undefined
      ? sessionByInstance(m, t.sessionInstance)
      : resolveSession(m, sessionName);
  if (id === undefined) {
    const tab = session.tabs.find((x) => x.id === session.activeTabId) ?? session.tabs[0];
    const pane = tab ? session.panes.get(tab.focusedPaneId) : undefined;
    if (!pane) throw new RoziError('not-found', `session '${session.name}' has no focused pane`);
    return pane;
  }
  const pane = session.panes.get(id);
  if (!pane)
    throw new RoziError('not-found', `session '${session.name}' has no pane ${id} (see rozi list-panes)`);
  return pane;
}
