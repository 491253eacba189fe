// Workspaces (rozi's layouts-and-panes.md "Workspaces"): a session's tabs ARE its workspaces,
// numbered 1-9. Each tab keeps its number for life; session.tabs stays sorted by it, so the tab
// strip, `prefix N` and `switch-workspace N` all mean the same tab. Pure helpers over Session.
import { RoziError } from './errors';
import type { Session, Tab } from './sessionState';

export const WORKSPACE_COUNT = 9;

/** The workspace number, or a one-line refusal for 0, 10, -1, 2.5. */
export function checkWorkspace(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > WORKSPACE_COUNT)
    throw new RoziError('invalid', `workspace must be a number from 1 to ${WORKSPACE_COUNT}, got ${n}`);
  return n;
}

export function tabOfWorkspace(session: Session, n: number): Tab | undefined {
  return session.tabs.find((t) => t.workspace === n);
}

/** The lowest workspace with no tab, or a refusal when all nine are in use. */
export function freeWorkspace(session: Session): number {
  for (let n = 1; n <= WORKSPACE_COUNT; n++) if (!tabOfWorkspace(session, n)) return n;
  throw new RoziError(
    'conflict',
    `session '${session.name}' has all ${WORKSPACE_COUNT} workspaces in use: close one or move panes into one`,
  );
}

/** Adds a tab where its number sorts it. */
export function placeTab(session: Session, tab: Tab): void {
  const at = session.tabs.findIndex((t) => t.workspace > tab.workspace);
  if (at < 0) session.tabs.push(tab);
  else session.tabs.splice(at, 0, tab);
}

/** The active workspace's number (0 while the session has no tab). */
export function activeWorkspace(session: Session): number {
  return session.tabs.find((t) => t.id === session.activeTabId)?.workspace ?? 0;
}
