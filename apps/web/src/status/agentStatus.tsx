'use client';
// The effective agent status of every pane, from the server's status service (`agents.list`),
// refetched when it announces a change. This — not the pane row's detection-only fields — is
// what badges, rollups, the title and the Activity view show. No row, no badge.
import type { AgentState } from '@rozi/ui';
import { isAgentState } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { useTRPC } from '../api/trpcClient';
import { useRefetchOnEvents } from '../shell/useRefetchOnEvents';

export interface PaneStatus {
  state: AgentState;
  agent: string | null;
  label: string | null;
  message: string | null;
  /** When the state was last updated (ms since the epoch), as the server says. */
  since: number;
}

export type StatusLookup = (key: number) => PaneStatus | null;

const StatusContext = createContext<StatusLookup>(() => null);

export function AgentStatusProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const options = trpc.agents.list.queryOptions({ all: true });
  const rows = useQuery(options);
  useRefetchOnEvents({
    queryKey: options.queryKey,
    affects: (event) =>
      event.type === 'agent-state-changed' || event.type === 'pane-closed' || event.type === 'session-killed',
    coalesceMs: 30,
  });

  const byKey = useMemo(() => {
    const map = new Map<number, PaneStatus>();
    for (const row of rows.data ?? []) {
      if (!isAgentState(row.state)) continue;
      map.set(row.key, {
        state: row.state,
        agent: row.agent,
        label: row.label,
        message: row.message,
        since: row.updated_at,
      });
    }
    return map;
  }, [rows.data]);
  const lookup = useCallback<StatusLookup>((key) => byKey.get(key) ?? null, [byKey]);
  return <StatusContext.Provider value={lookup}>{children}</StatusContext.Provider>;
}

export function useStatusLookup(): StatusLookup {
  return useContext(StatusContext);
}
