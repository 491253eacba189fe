'use client';
// The sidebar tabs the docks draw: the built-in Sessions tab plus every loaded extension's tabs
// (extensions.sidebarTabs), each with its effective placement (the user's choice from Sidebar
// tabs…, else the tab's suggested_location). Rows stay live: `sidebar-rows` events (stream
// publishes, command tab runs) are written straight into the query's cache, and
// `extensions-changed` refetches the list.
import type { SidebarTabRow } from '@rozi/server/events';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { onPlacementsChanged, readPlacements, type TabPlacement } from './tabPlacement';

/** A row as the server sends it (command tab runs, stream publishes). */
export type TabRowView = SidebarTabRow;

export interface DockTab {
  id: string;
  label: string;
  /** `sessions` is the built-in tab; the others come from extensions. */
  kind: 'sessions' | 'entries' | 'command' | 'stream';
  extension: string | null;
  entries: { label: string; group: string | null }[];
  rows: TabRowView[];
  clickable: boolean;
  intervalSeconds: number;
  placement: TabPlacement;
}

export const SESSIONS_TAB_ID = 'sessions';

export function useSidebarTabs(): DockTab[] {
  const trpc = useTRPC();
  // `sidebar-rows` writes rows into this query's cache; extensions-changed refetches it
  // (cache/eventTable.ts).
  const { data } = useQuery(trpc.extensions.sidebarTabs.queryOptions());
  const [placements, setPlacements] = useState<Record<string, TabPlacement>>({});

  useEffect(() => {
    // Read after mount: localStorage does not exist during the server render.
    setPlacements(readPlacements());
    return onPlacementsChanged(() => setPlacements(readPlacements()));
  }, []);

  return useMemo(() => {
    const placementOf = (id: string, suggested: { dock: 'left' | 'right'; panel: number }): TabPlacement =>
      placements[id] ?? {
        hidden: false,
        dock: suggested.dock,
        panel: Math.min(3, Math.max(1, suggested.panel)) as 1 | 2 | 3,
      };
    const sessions: DockTab = {
      id: SESSIONS_TAB_ID,
      label: 'Sessions',
      kind: 'sessions',
      extension: null,
      entries: [],
      rows: [],
      clickable: true,
      intervalSeconds: 0,
      placement: placementOf(SESSIONS_TAB_ID, { dock: 'left', panel: 1 }),
    };
    const fromExtensions: DockTab[] = (data ?? []).map((t) => ({
      id: t.id,
      label: t.label,
      kind: t.kind,
      extension: t.extension,
      entries: (t.entries ?? []).map((e) => ({ label: e.label, group: e.group ?? null })),
      rows: t.rows,
      clickable: t.on_click !== null,
      intervalSeconds: t.interval_seconds,
      placement: placementOf(t.id, t.suggested_location),
    }));
    return [sessions, ...fromExtensions];
  }, [data, placements]);
}

/** The visible tabs of one dock, by panel (1–3), in declaration order; empty panels left out. */
export function panelsOf(
  tabs: readonly DockTab[],
  dock: 'left' | 'right',
): { panel: number; tabs: DockTab[] }[] {
  const out: { panel: number; tabs: DockTab[] }[] = [];
  for (const panel of [1, 2, 3]) {
    const inPanel = tabs.filter(
      (t) => !t.placement.hidden && t.placement.dock === dock && t.placement.panel === panel,
    );
    if (inPanel.length > 0) out.push({ panel, tabs: inPanel });
  }
  return out;
}
