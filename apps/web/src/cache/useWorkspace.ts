'use client';
// The workspace as the page sees it: the server's view (one snapshot, then deltas through the
// event table), plus the lookups the views need. Each pane row carries the server's effective
// agent status (`pane.status`): the page renders it and merges nothing.
import type { SessionInfo, TabInfo } from '@rozi/server/model';
import type { PaneView, WorkspaceView as ServerView } from '@rozi/server/view';
import { useMemo } from 'react';
import { useWorkspaceQuery } from './EventCache';

export interface WorkspaceView {
  data: ServerView | undefined;
  isLoading: boolean;
  error: string | null;
  /** Pane by session name and pane id. */
  pane(session: string, id: number): PaneView | undefined;
  paneByKey(key: number): PaneView | undefined;
  panesOfSession(session: string): PaneView[];
  panesOfTab(session: string, tab: number): PaneView[];
  refetch(): void;
}

export function useWorkspace(): WorkspaceView {
  const query = useWorkspaceQuery();
  const data = query.data;
  return useMemo(() => {
    const byKey = new Map<number, PaneView>();
    const byId = new Map<string, PaneView>();
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
