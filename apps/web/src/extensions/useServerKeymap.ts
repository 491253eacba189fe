'use client';
// The server's view of the keymap for this page: the user's [keys] from config.toml and the
// extension key suggestions that resolved active, refetched whenever the server says the keymap
// or the extensions changed — so a key rebound in the editor works in every open page at once.
import type { HeldModifier } from '@rozi/keymap';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTRPC } from '../api/trpcClient';

export interface ServerKeymap {
  /** Action id → keys, as the browser's resolveKeymap takes `user`: [keys] plus active extension keys. */
  user: Record<string, string[]>;
  /** Extension command ids the page runs through extensions.runAction. */
  extensionCommands: ReadonlySet<string>;
  /** The server's answer for this prefix and modifier has arrived (until then: the defaults). */
  ready: boolean;
}

export function useServerKeymap(prefix: string, modifier: HeldModifier | null): ServerKeymap {
  const trpc = useTRPC();
  // keymap-changed and extensions-changed mark it stale (cache/eventTable.ts).
  // A new prefix or modifier (config.input arriving after the first read) keeps the keys read for
  // the old one on screen until the new answer comes, instead of falling back to the defaults.
  const query = useQuery(
    trpc.keys.list.queryOptions({ prefix, modifier }, { placeholderData: keepPreviousData }),
  );
  const ready = query.data !== undefined && !query.isPlaceholderData;

  // The same content keeps the same object: a refetch (a new prefix or modifier, a keymap-changed
  // that changed nothing here) must not rebuild the page's keymap, which would drop a prefix
  // already pressed and send its next key to the terminal.
  const last = useRef<{ json: string; value: Omit<ServerKeymap, 'ready'> } | null>(null);
  const value = useMemo(() => {
    const user: Record<string, string[]> = {};
    const extensionCommands = new Set<string>();
    for (const a of query.data?.actions ?? []) {
      if (a.kind === 'extension-command') extensionCommands.add(a.id);
      // Only what the server changes from the browser's defaults: user keys and extension keys.
      if (a.configured || a.kind !== 'builtin') {
        const active = a.keys
          .filter((k) => k.state !== 'suppressed' && (k.source !== 'extension' || k.state === 'active'))
          // A [keys] scheme binding's held-modifier mirror comes with it (the page binds both).
          .flatMap((k) => (k.mirror ? [k.key, k.mirror] : [k.key]));
        if (a.configured || active.length > 0) user[a.id] = active;
      }
    }
    const json = JSON.stringify([user, [...extensionCommands]]);
    if (last.current?.json !== json) last.current = { json, value: { user, extensionCommands } };
    return last.current.value;
  }, [query.data]);
  return { ...value, ready };
}
