'use client';
// The sidebar tabs the docks draw: the built-in tabs `[sidebar] tabs` names (Sessions, Panes,
// Files, Git; all of them by default, files.tabs) plus every loaded extension's tabs
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
  /** `sessions`, `panes`, `files`, `git` are built-in tabs; the others come from extensions and config.toml. */
  kind: BuiltinTabId | 'entries' | 'command' | 'stream';
  extension: string | null;
  entries: { label: string; group: string | null }[];
  rows: TabRowView[];
  clickable: boolean;
  intervalSeconds: number;
  placement: TabPlacement;
}

export const SESSIONS_TAB_ID = 'sessions';

/** Built-in tabs the page draws, with where they go until the user places them (Sidebar tabs…). */
export const BUILTIN_DOCK_TABS = [
  { id: 'sessions', label: 'Sessions', suggested: { dock: 'left', panel: 1 } },
  { id: 'files', label: 'Files', suggested: { dock: 'left', panel: 2 } },
  { id: 'git', label: 'Git', suggested: { dock: 'left', panel: 2 } },
  { id: 'panes', label: 'Panes', suggested: { dock: 'left', panel: 2 } },
] as const;
export type BuiltinTabId = (typeof BUILTIN_DOCK_TABS)[number]['id'];

/** The built-in tabs config.toml's `[sidebar] tabs` keeps (Sessions alone until the server says). */
export function useBuiltinTabs(): { ids: BuiltinTabId[]; maxEntries: number } {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.files.tabs.queryOptions());
  return useMemo(() => {
    const named = new Set<string>(data?.tabs ?? ['sessions']);
    return {
      ids: BUILTIN_DOCK_TABS.filter((t) => named.has(t.id)).map((t) => t.id),
      maxEntries: data?.files.maxEntries ?? 2000,
    };
  }, [data]);
}

export function useSidebarTabs(): DockTab[] {
  const trpc = useTRPC();
  // `sidebar-rows` writes rows into this query's cache; extensions-changed refetches it
  // (cache/eventTable.ts).
  const { data } = useQuery(trpc.extensions.sidebarTabs.queryOptions());
  const [placements, setPlacements] = useState<Record<string, TabPlacement>>({});
  const builtins = useBuiltinTabs().ids;

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
    const fromBuiltins: DockTab[] = BUILTIN_DOCK_TABS.filter((t) => builtins.includes(t.id)).map((t) => ({
      id: t.id,
      label: t.label,
      kind: t.id,
      extension: null,
      entries: [],
      rows: [],
      clickable: true,
      intervalSeconds: 0,
      placement: placementOf(t.id, t.suggested),
    }));
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
    return [...fromBuiltins, ...fromExtensions];
  }, [data, placements, builtins]);
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
