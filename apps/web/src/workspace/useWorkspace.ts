'use client';
// The workspace as the page sees it: `workspace.get`, refetched when the server says it changed
// (one coalesced event per change) and after every reconnect, plus lookups the views need.
import type { PaneInfo, SessionInfo, TabInfo, WorkspaceInfo } from '@rozi/server/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../api/trpcClient';
import { useRefetchOnEvents } from '../shell/useRefetchOnEvents';

export interface WorkspaceView {
  data: WorkspaceInfo | undefined;
  isLoading: boolean;
  error: string | null;
  /** Pane by `${session}:${id}`. */
  pane(session: string, id: number): PaneInfo | undefined;
  paneByKey(key: number): PaneInfo | undefined;
  panesOfSession(session: string): PaneInfo[];
  panesOfTab(session: string, tab: number): PaneInfo[];
  refetch(): void;
}

export function useWorkspace(): WorkspaceView {
  const trpc = useTRPC();
  // Events carry every layout change; the slow poll refreshes what changes without one (cwd,
  // the foreground program) and stops while the page is hidden.
  const options = trpc.workspace.get.queryOptions(undefined, { refetchInterval: 5000 });
  const query = useQuery(options);

  useRefetchOnEvents({
    queryKey: options.queryKey,
    // Every event but a bell or a notification may change what the page draws (layout,
    // titles, exits, and the status service's agent-state changes when it lands).
    affects: (event) => event.type !== 'bell' && event.type !== 'notification',
    // One refetch per burst of events (a split emits several), at most every 50 ms.
    coalesceMs: 50,
  });

  const data = query.data;
  return useMemo(() => {
    const byKey = new Map<number, PaneInfo>();
    const byId = new Map<string, PaneInfo>();
    for (const p of data?.panes ?? []) {
      byKey.set(p.key, p);
      byId.set(`${p.session}:${p.id}`, p);
    }
    return {
      data,
      isLoading: query.isLoading,
      error: query.error ? query.error.message : null,
      pane: (session, id) => byId.get(`${session}:${id}`),
      paneByKey: (key) => byKey.get(key),
      panesOfSession: (session) => (data?.panes ?? []).filter((p) => p.session === session),
      panesOfTab: (session, tab) => (data?.panes ?? []).filter((p) => p.session === session && p.tab === tab),
      refetch: () => void query.refetch(),
    };
  }, [data, query.isLoading, query.error, query.refetch]);
}

export function activeTabOf(session: SessionInfo | undefined): TabInfo | undefined {
  if (!session) return undefined;
  return session.tabs.find((t) => t.id === session.activeTabId) ?? session.tabs[0];
}
