// The one table from server events to the page's query cache (issue 13): what each event changes
// and how. Events that carry the rows (a workspace delta, a tab's sidebar rows) are written into
// the cache; events that only say "this changed" (an extension reload, a config reread) mark the
// queries they affect stale, which refetches the ones on screen. Nothing else in the web listens
// to events to refresh data; UI reactions (toasts, the picker, install progress) are not cache.
import type { ServerEventOf, ServerEventType } from '@rozi/server/events';
import type { WorkspaceDelta } from '@rozi/server/view';
import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../api/trpcClient';

export interface CacheOps {
  queryClient: QueryClient;
  /** Moves the workspace forward by one delta (cache/workspaceFeed.ts). */
  workspace(delta: WorkspaceDelta): void;
  /** Marks queries stale; those on screen refetch (all of them with `refetchType: 'all'`). */
  invalidate(...filters: InvalidateQueryFilters[]): void;
}

export type EventTable = {
  [T in ServerEventType]?: (event: ServerEventOf<T>, cache: CacheOps) => void;
};

export function eventTable(trpc: Trpc): EventTable {
  // The page's keymap is read even while no page that binds keys is mounted: the keybinding
  // editor rebinds a key, and the workspace it goes back to (client-side, nothing remounted the
  // query yet) must have the new keys when its first chord arrives, not after a refetch on mount
  // that a fast Ctrl+A raced and lost to the old keymap.
  const keymap: InvalidateQueryFilters = { ...trpc.keys.pathFilter(), refetchType: 'all' };
  return {
    'workspace-delta': (e, c) => c.workspace(e.delta),
    // Rows for a tab the page does not hold yet, or while the tab list is being read (an older
    // answer would land over them): read the list again instead, which carries the rows.
    'sidebar-rows': (e, c) => {
      const key = trpc.extensions.sidebarTabs.queryKey();
      const tabs = c.queryClient.getQueryData(key);
      if (c.queryClient.isFetching({ queryKey: key }) > 0 || !tabs?.some((t) => t.id === e.tab))
        return c.invalidate(trpc.extensions.sidebarTabs.pathFilter());
      c.queryClient.setQueryData(
        key,
        tabs.map((t) => (t.id === e.tab ? { ...t, rows: e.rows } : t)),
      );
    },
    // A reload changes what extensions contribute: palette, tabs, keys, settings, the index's badges.
    'extensions-changed': (_e, c) =>
      c.invalidate(
        trpc.extensions.pathFilter(),
        trpc.discover.pathFilter(),
        keymap,
        trpc.tabSettings.pathFilter(),
      ),
    'keymap-changed': (_e, c) => c.invalidate(keymap),
    // The needs-you inbox arrives whole whenever it changed (status/inboxFeed.ts).
    'inbox-changed': (e, c) => c.queryClient.setQueryData(trpc.agents.inbox.queryKey(), e.inbox),
    'config-reloaded': (_e, c) =>
      c.invalidate(
        trpc.status.config.pathFilter(),
        trpc.status.services.pathFilter(),
        trpc.config.pathFilter(),
      ),
    'service-changed': (_e, c) => c.invalidate(trpc.status.services.pathFilter()),
    // A directory the Files/Git tabs watch changed (or the repository's git directory): re-read.
    'files-changed': (_e, c) => c.invalidate(trpc.files.pathFilter()),
    'agent-definitions-changed': (_e, c) => c.invalidate(trpc.definitions.pathFilter()),
    // An install or update that ended (either way) changes what is installed and its details.
    'discover-progress': (e, c) =>
      e.state !== 'running' && c.invalidate(trpc.discover.pathFilter(), trpc.extensions.pathFilter()),
  };
}

/** Runs the table's entry for one event, if it has one. */
export function applyEvent<T extends ServerEventType>(
  table: EventTable,
  event: ServerEventOf<T>,
  cache: CacheOps,
): void {
  const entry = table[event.type] as ((e: ServerEventOf<T>, c: CacheOps) => void) | undefined;
  entry?.(event, cache);
}
