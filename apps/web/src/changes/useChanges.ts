'use client';
// The Changes view's data: one page of the worktree diff for the chosen turn, refetched whenever
// the pane's worktree stamp or turn count moves (the server's workspace delta carries both), so
// the view follows an agent while it works without polling.
import type { PaneView } from '@rozi/server/view';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../api/trpcClient';

export type Turn = number | 'current' | 'all';

export function useChanges(pane: PaneView) {
  const trpc = useTRPC();
  const [turn, setTurn] = useState<Turn>('all');
  const [page, setPage] = useState(0);
  const stamp = `${pane.worktree?.stamp ?? ''}/${pane.worktree?.turns ?? 0}`;
  const query = useQuery(
    trpc.worktrees.diff.queryOptions(
      { key: pane.key, turn, page },
      { placeholderData: keepPreviousData, staleTime: 0, retry: false },
    ),
  );
  const { refetch } = query;
  // A finished turn or an edited file: read again (a turn in the past never changes, so only the
  // live ranges follow the stamp). Only a stamp that moved: on opening, the query's own first read
  // is the fresh one (a refetch then cancelled it and asked the server for the same diff twice).
  const shown = useRef(stamp);
  useEffect(() => {
    if (shown.current === stamp) return;
    shown.current = stamp;
    if (turn === 'all' || turn === 'current') void refetch();
  }, [stamp, turn, refetch]);
  return {
    query,
    turn,
    page,
    setTurn: (t: Turn) => {
      setTurn(t);
      setPage(0);
    },
    setPage,
  };
}
