'use client';
// `[input]` of config.toml as the page uses it (config.input, refetched on `config-reloaded`):
// the prefix every leader binding starts with — config.toml's when it sets one, else the one
// this browser saved before the prefix moved into the file, else ctrl-a — the which-key delay, and
// the held modifier whose chords mirror the prefix bindings (null while modifier_shortcuts is off).
import { DEFAULT_PREFIX, type HeldModifier } from '@rozi/keymap';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpcClient';
import { useSettings } from './settingsStore';

// Kept current by events, never by age: `config-reloaded` and a reconnect mark these stale
// (cache/eventTable.ts, EventCache.tsx). With the default 30 s, every pane mounted later (a split,
// a new tab) read them again.
const FROM_EVENTS = { staleTime: Infinity } as const;

export type WhichKeyDelay = 'off' | 'instant' | 'short' | 'long';

export function useConfigInput(): {
  prefix: string;
  fromConfig: boolean;
  whichKey: WhichKeyDelay;
  /** The held-modifier mirrors: alt or meta, null while off (or not read yet). */
  mirror: HeldModifier | null;
  /** config.input has been read (before: the browser's prefix or ctrl-a, no mirrors). */
  loaded: boolean;
} {
  const trpc = useTRPC();
  const settings = useSettings();
  const data = useQuery(trpc.config.input.queryOptions(undefined, FROM_EVENTS)).data;
  const prefix = data?.prefix ?? settings.prefix ?? DEFAULT_PREFIX;
  const mirror = data?.modifierShortcuts ? data.modifier : null;
  return {
    prefix,
    fromConfig: !!data?.prefix,
    whichKey: data?.whichKey ?? 'short',
    mirror,
    loaded: data !== undefined,
  };
}

/** Milliseconds the prefix is held before the which-key strip shows (null = never). */
export function whichKeyDelayMs(d: WhichKeyDelay): number | null {
  return d === 'off' ? null : d === 'instant' ? 0 : d === 'short' ? 300 : 750;
}

/** `[confirm]` / `[notifications]` / `[sounds]` switches config.toml sets (null: not set there). */
export function useConfigBehaviour() {
  const trpc = useTRPC();
  return useQuery(trpc.config.behaviour.queryOptions(undefined, FROM_EVENTS)).data;
}
