'use client';
// Palette entries from extensions (their visible commands and the session's deployed actions that
// accept {}), plus the pages this area adds (Extensions, Keyboard shortcuts, Sidebar tabs…), as
// ActionDefs the palette and keymap already understand.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ActionDef } from '../actions/actionTypes';
import { useTRPC, useTRPCClient } from '../api/trpcClient';

export const OPEN_SIDEBAR_TABS_EVENT = 'rozi:sidebar-tabs';

export function useExtensionActions(): ActionDef[] {
  const trpc = useTRPC();
  const client = useTRPCClient();
  // Refreshed on extensions-changed (cache/eventTable.ts).
  const { data } = useQuery(trpc.extensions.palette.queryOptions());
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
