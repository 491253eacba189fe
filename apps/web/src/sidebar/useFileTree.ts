'use client';
// The data of the Files and Git tabs (sidebar.md, Built-in Tabs): one `files.list` query per
// directory on screen (the root and each expanded one), the repository's git state, and a lease on
// the server's watches for exactly those directories. Listings are read again when the server
// reports a watched directory changed (`files-changed`, cache/eventTable.ts) or the pane changed
// directory; only a directory the server could not watch is polled (every five seconds). The Git
// tab also polls the repository's state every five seconds while it is shown (a dock mounts only
// its selected tab): an edit elsewhere in the repository reaches no watch. Expansion is
// remembered per tab and root for as long as the page runs, so coming back to a directory
// restores its shape.
import type { PaneView } from '@rozi/server/view';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpcClient';
import type { Listing } from './fileTree';

export type FileView = 'files' | 'git';

export const REFRESH_MS = 5000;
const LEASE_MS = 10_000;

const expandedByRoot = new Map<string, Set<string>>();

function expandedOf(key: string): Set<string> {
  let s = expandedByRoot.get(key);
  if (!s) expandedByRoot.set(key, (s = new Set()));
  return s;
}

/** The directories on screen: those expanded whose parents are all expanded too. */
function visibleDirs(expanded: ReadonlySet<string>): string[] {
  return [...expanded]
    .filter((rel) => {
      const parts = rel.split('/');
      for (let i = 1; i < parts.length; i++) if (!expanded.has(parts.slice(0, i).join('/'))) return false;
      return true;
    })
    .sort();
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message.split('\n')[0]! : String(err);
}

export function useGitState(pane: PaneView | undefined, view: FileView) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.files.git.queryOptions({ key: pane?.key ?? 0, view }),
    enabled: pane !== undefined,
    // The Files tab's decorations follow `files-changed`; the Git tab lists the whole repository.
    refetchInterval: view === 'git' ? REFRESH_MS : false,
    retry: false,
  });
}

export function useFileTree(pane: PaneView | undefined, view: FileView) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const key = pane?.key ?? 0;
  // While the server watches every directory on screen, `files-changed` says when to read again.
  const [watched, setWatched] = useState(false);
  const listRefresh = watched ? false : REFRESH_MS;
  const rootQuery = useQuery({
    ...trpc.files.list.queryOptions({ key, view, rel: '' }),
    enabled: pane !== undefined,
    // The root moves with the pane's directory: the effect below reads it again then.
    refetchInterval: listRefresh,
    retry: false,
  });
  const root = rootQuery.data?.root ?? null;
  const storeKey = `${view}\0${root ?? ''}`;
  const [, bump] = useState(0);
  const expanded = expandedOf(storeKey);
  const dirs = root === null ? [] : visibleDirs(expanded);

  // The pane moved to another directory: re-read at once rather than at the next refresh.
  const cwd = pane?.cwd;
  useEffect(() => {
    if (cwd !== undefined) void queryClient.invalidateQueries(trpc.files.pathFilter());
  }, [cwd, queryClient, trpc]);

  const subQueries = useQueries({
    queries: dirs.map((rel) => ({
      ...trpc.files.list.queryOptions({ key, view, rel }),
      refetchInterval: listRefresh,
      retry: false,
    })),
  });

  // Rebuilt each render: a handful of map entries, and every query's data is already memoised.
  const listings = new Map<string, Listing>();
  if (rootQuery.error) listings.set('', { error: messageOf(rootQuery.error) });
  else if (rootQuery.data) listings.set('', rootQuery.data);
  dirs.forEach((rel, i) => {
    const q = subQueries[i];
    if (q?.error) listings.set(rel, { error: messageOf(q.error) });
    else if (q?.data && q.data.root === root) listings.set(rel, q.data);
  });

  // Watch what is on screen (and the git directory) while mounted; the lease lapses on its own.
  const dirKey = dirs.join('\0');
  useEffect(() => {
    if (pane === undefined || root === null) return;
    const rels = ['', ...dirKey.split('\0').filter((d) => d !== '')];
    const lease = () =>
      void client.files.watch.mutate({ key, view, rels, git: true }).then(
        (r) => setWatched(!r.full),
        () => setWatched(false),
      );
    lease();
    const t = setInterval(lease, LEASE_MS);
    return () => clearInterval(t);
  }, [client, key, view, root, dirKey, pane]);

  const toggle = useCallback(
    (rel: string, open?: boolean) => {
      const s = expandedOf(storeKey);
      const next = open ?? !s.has(rel);
      if (next) s.add(rel);
      else s.delete(rel); // what was open inside stays remembered for when it reopens
      bump((n) => n + 1);
    },
    [storeKey],
  );

  return {
    root: rootQuery.data ?? null,
    rootError: rootQuery.error ? messageOf(rootQuery.error) : null,
    listings,
    expanded,
    toggle,
  };
}

/** Opens a file of the tree (Enter or a click): the tab's on_click on the server. */
export function useOpenFile(pane: PaneView | undefined, view: FileView) {
  const client = useTRPCClient();
  const [error, setError] = useState<string | null>(null);
  const open = useCallback(
    (rel: string) => {
      if (!pane) return;
      setError(null);
      client.files.open
        .mutate({ key: pane.key, view, rel })
        .catch((err: unknown) => setError(messageOf(err)));
    },
    [client, pane, view],
  );
  return { open, error };
}
