// How the sidebar orders sessions: by host (this machine first, then each remote host by alias,
// carrying that host's link state), and within a host by folder (no folder first, then folders by
// name). Pure, so the grouping is tested without a page.
import type { HostState, SessionInfo } from '@rozi/server/model';

export interface FolderGroup {
  folder: string | null;
  sessions: SessionInfo[];
}

export interface HostGroup {
  /** The remote host alias; null is this machine. */
  host: string | null;
  state: HostState | null;
  reason: string | null;
  folders: FolderGroup[];
}

export function groupByFolder(sessions: readonly SessionInfo[]): FolderGroup[] {
  const groups = new Map<string | null, SessionInfo[]>();
  for (const s of sessions) {
    const list = groups.get(s.folder) ?? [];
    list.push(s);
    groups.set(s.folder, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)))
    .map(([folder, list]) => ({ folder, sessions: list }));
}

export function groupByHost(sessions: readonly SessionInfo[]): HostGroup[] {
  const byHost = new Map<string | null, SessionInfo[]>();
  for (const s of sessions) {
    const host = s.host ?? null;
    const list = byHost.get(host) ?? [];
    list.push(s);
    byHost.set(host, list);
  }
  return [...byHost.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)))
    .map(([host, list]) => ({
      host,
      state: host === null ? null : (list[0]?.hostState ?? null),
      reason: host === null ? null : (list[0]?.hostReason ?? null),
      folders: groupByFolder(list),
    }));
}

/** `dev@box` → `dev` under the box header (the full name stays in titles and the CLI). */
export function shortSessionName(session: SessionInfo): string {
  const host = session.host;
  return host && session.name.endsWith(`@${host}`) ? session.name.slice(0, -host.length - 1) : session.name;
}
