'use client';
// A query kept fresh by the server's events: invalidated when `affects` says an event changes
// it, and after every reconnect (events sent while the socket was down are lost). `coalesceMs`
// folds a burst (a split emits several events) into one refetch; without it each event refetches.
import type { ServerEvent } from '@rozi/server/events';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useStream } from './streamContext';

export interface RefetchOnEvents {
  queryKey: QueryKey;
  affects: (event: ServerEvent) => boolean;
  coalesceMs?: number;
}

export function useRefetchOnEvents({ queryKey, affects, coalesceMs }: RefetchOnEvents): void {
  const queryClient = useQueryClient();
  const stream = useStream();
  // Callers pass an inline predicate; reading it through a ref keeps one subscription per key.
  const affectsRef = useRef(affects);
  affectsRef.current = affects;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const invalidate = () => void queryClient.invalidateQueries({ queryKey });
    const refetch =
      coalesceMs === undefined
        ? invalidate
        : () => {
            timer ??= setTimeout(() => {
              timer = null;
              invalidate();
            }, coalesceMs);
          };
    const offEvent = stream.onEvent((event) => {
      if (affectsRef.current(event)) refetch();
    });
    const offReconnect = stream.onReconnect(refetch);
    return () => {
      offEvent();
      offReconnect();
      if (timer) clearTimeout(timer);
    };
  }, [stream, queryClient, queryKey, coalesceMs]);
}
