'use client';
// Installs the event table (cache/eventTable.ts) once per page, and resyncs once after a
// reconnect: events sent while the socket was down are lost, so every query on screen is read
// again and the workspace waits for its new snapshot before applying deltas.
import type { WorkspaceView } from '@rozi/server/view';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpcClient';
import { useStream } from '../stream/streamContext';
import { applyEvent, eventTable, type CacheOps } from './eventTable';
import { WorkspaceFeed } from './workspaceFeed';

const feeds = new WeakMap<QueryClient, WorkspaceFeed>();

function feedOf(queryClient: QueryClient): WorkspaceFeed {
  let feed = feeds.get(queryClient);
  if (!feed) feeds.set(queryClient, (feed = new WorkspaceFeed()));
  return feed;
}

export function EventCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stream = useStream();

  useEffect(() => {
    const table = eventTable(trpc);
    const feed = feedOf(queryClient);
    const workspaceKey = trpc.workspace.get.queryKey();
    const ops: CacheOps = {
      queryClient,
      workspace: (delta) => {
        const step = feed.receive(queryClient.getQueryData(workspaceKey), delta);
        if (!step) return;
        if ('next' in step) queryClient.setQueryData(workspaceKey, step.next);
        else void queryClient.invalidateQueries({ queryKey: workspaceKey });
      },
      invalidate: (...filters) => {
        for (const f of filters) void queryClient.invalidateQueries(f);
      },
    };
    const offEvent = stream.onEvent((event) => applyEvent(table, event, ops));
    const offReconnect = stream.onReconnect(() => {
      feed.reset();
      void queryClient.invalidateQueries();
    });
    return () => {
      offEvent();
      offReconnect();
    };
  }, [trpc, queryClient, stream]);

  return null;
}

/** The workspace as the server last described it: one snapshot, then deltas (no polling). */
export function useWorkspaceQuery() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const queryKey = trpc.workspace.get.queryKey();
  return useQuery({
    queryKey,
    queryFn: async (): Promise<WorkspaceView> =>
      feedOf(queryClient).catchUp(await client.workspace.get.query(), queryClient.getQueryData(queryKey)),
    // Deltas keep it current; only a reconnect or a missed delta reads it again.
    staleTime: Infinity,
  });
}
