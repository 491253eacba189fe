'use client';
// Palette entries from extensions (their visible commands and the session's deployed actions that
// accept {}), plus the pages this area adds (Extensions, Keyboard shortcuts, Sidebar tabs…), as
// ActionDefs the palette and keymap already understand. Refetched on extensions-changed.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ActionDef } from '../actions/actionTypes';
import { useTRPC, useTRPCClient } from '../api/trpcClient';
import { useStream } from '../shell/streamContext';

export const OPEN_SIDEBAR_TABS_EVENT = 'rozi:sidebar-tabs';

export function useExtensionActions(): ActionDef[] {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const stream = useStream();
  const options = trpc.extensions.palette.queryOptions();
  const { data } = useQuery(options);
  useEffect(
    () =>
      stream.onEvent(
        (e) =>
          void (
            e.type === 'extensions-changed' && queryClient.invalidateQueries({ queryKey: options.queryKey })
          ),
      ),
    [stream, queryClient, options.queryKey],
  );
  return useMemo(() => {
    const pages: ActionDef[] = [
      {
        id: 'open-extensions',
        title: 'Extensions…',
        category: 'View',
        keywords: 'discover gallery install manage',
        run: () => void (window.location.href = '/extensions'),
      },
      {
        id: 'open-keybindings',
        title: 'Keyboard shortcuts…',
        category: 'View',
        keywords: 'keys keybindings rebind',
        run: () => void (window.location.href = '/settings/keys'),
      },
      {
        id: 'sidebar-tabs',
        title: 'Sidebar tabs…',
        category: 'View',
        keywords: 'tab settings extensions',
        run: () => void window.dispatchEvent(new Event(OPEN_SIDEBAR_TABS_EVENT)),
      },
    ];
    const fromExtensions: ActionDef[] = (data ?? []).map((p) => ({
      id: p.id,
      title: p.label,
      category: 'Extension',
      keywords: `${p.extension} ${p.id}`,
      run: () =>
        p.kind === 'command'
          ? client.extensions.runAction.mutate({ id: p.id })
          : client.extensions.invoke.mutate({
              action: p.id,
              session: p.session ?? undefined,
              argsJson: '{}',
            }),
    }));
    return [...pages, ...fromExtensions];
  }, [data, client]);
}
