'use client';
// The Changes view's data: one page of the worktree diff for the chosen turn, refetched whenever
// the pane's worktree stamp or turn count moves (the server's workspace delta carries both), so
// the view follows an agent while it works without polling. The page comes with the whole file
// list but only its own files' line counts (git compares object ids for the list, and counting
// 2,000 files' lines takes seconds); every file's counts are asked for next and filled in.
import type { PaneView } from '@rozi/server/view';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { withCounts } from './countsModel';

export type Turn = number | 'current' | 'all';

export function useChanges(pane: PaneView) {
  const trpc = useTRPC();
  const [turn, setTurn] = useState<Turn>('all');
  const [page, setPage] = useState(0);
  const stamp = `${pane.worktree?.stamp ?? ''}/${pane.worktree?.turns ?? 0}`;
  const query = useQuery(
    trpc.worktrees.diff.queryOptions(
      { key: pane.key, turn, page, counts: 'page' },
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
  const data = query.data;
  // Files rewritten just before the click make the diff wait for a snapshot that hashes them all:
  // until it answers, the live range's files from git's stat data (no counts, no hunks).
  const live = turn === 'all' || turn === 'current';
  const quick = useQuery(
    trpc.worktrees.quickList.queryOptions(
      { key: pane.key, turn: live ? turn : 'all' },
      { enabled: live && data === undefined && !query.error, staleTime: 0, retry: false },
    ),
  );
  const range = data?.range;
  // The range is object ids: its counts never change, so one read per range (staleTime Infinity).
  const counts = useQuery(
    trpc.worktrees.diffCounts.queryOptions(
      { key: pane.key, from: range?.from ?? '', to: range?.to ?? '' },
      {
        enabled: data !== undefined && !data.diff.totals.counted,
        staleTime: Infinity,
        retry: false,
      },
    ),
  );
  const countsFor =
    counts.data && range && counts.data.files.length === data?.diff.files.length ? counts.data : null;
  const diff = useMemo(
    () => (data ? withCounts(data.diff, countsFor?.files ?? null) : null),
    [data, countsFor],
  );
  return {
    query,
    /** The page with every count known so far; counting says the rest are still being counted. */
    diff,
    counting: diff !== null && !diff.totals.counted,
    countsError: counts.error,
    /** The files listed before the diff answers (null once it has, or when there are none yet). */
    early: data === undefined && quick.data ? quick.data.files : null,
    turn,
    page,
    setTurn: (t: Turn) => {
      setTurn(t);
      setPage(0);
    },
    setPage,
  };
}
