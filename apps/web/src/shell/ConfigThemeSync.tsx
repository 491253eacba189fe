'use client';
// Keeps the config.toml theme store (settings/configTheme.ts) equal to the server's config.theme.
// The query is marked stale by `config-reloaded` (cache/eventTable.ts), so a save of config.toml
// repaints every open page without a reload.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../api/trpcClient';
import { setConfigTheme } from '../settings/configTheme';

export function ConfigThemeSync() {
  const trpc = useTRPC();
  const data = useQuery(trpc.config.theme.queryOptions()).data;
  useEffect(() => {
    if (data)
      setConfigTheme({ name: data.name, source: data.source, palette: data.palette, warning: data.warning });
  }, [data]);
  return null;
}
