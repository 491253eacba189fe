// keys.*: the keybinding editor's API (issue 9). `list` resolves every action's keys with the
// runtime's keymap (explicit [keys] > built-in defaults > extension suggestions) and says where
// each key comes from (user, default, extension) and whether it is active, suppressed or
// conflicting; `save` writes one action into config.toml's [keys] keeping the user's comments,
// reloads extensions (suggestions are re-resolved) and broadcasts keymap-changed to every page.
import { z } from 'zod';
import { editConfigTable } from '../../config/tableEdit';
import { ExtensionHostError } from '../../extensions/hostError';
import {
  DEFAULT_KEYMAP,
  DEFAULT_PREFIX,
  normalizeSequence,
  resolveKeymap,
  sequencesOverlap,
  type KeySuggestion,
} from '@rozi/keymap';
import { readHostConfig } from '../../extensions/hostConfig';
import { procedure, router } from '../trpc';

export type KeySource = 'user' | 'default' | 'extension';
export type KeyState = 'active' | 'suppressed' | 'conflicting';

export interface KeyRow {
  key: string;
  source: KeySource;
  state: KeyState;
  reason: string | null;
  /** The held-modifier chord that also runs this key's action (`alt-%` for `ctrl-a %`), when on. */
  mirror?: string;
}

export interface KeyAction {
  id: string;
  kind: 'builtin' | 'extension-command' | 'extension-suggestion';
  /** The palette label for extension commands; built-in titles come from the web's action registry. */
  label: string | null;
  extension: string | null;
  keys: KeyRow[];
  /** The user's [keys] entry for this action, when there is one (reset removes it). */
  configured: boolean;
}

/** A key sequence as the one grammar (@rozi/keymap) reads it; anything else is refused at the edge. */
const keySequence = z
  .string()
  .min(1)
  .max(100)
  .transform((text, ctx) => {
    const normal = normalizeSequence(text);
    if (normal === null) ctx.addIssue({ code: 'custom', message: `"${text}" is not a key sequence` });
    return normal ?? text;
  });

export const keysRouter = router({
  list: procedure
    .input(
      z
        .object({
          prefix: z.string().default(DEFAULT_PREFIX),
          /** The held-modifier layer as the page reads [input]: alt/meta, null = off. Absent: config.toml's. */
          modifier: z.enum(['alt', 'meta']).nullable().optional(),
        })
        .optional(),
    )
    .query(({ ctx, input }) => {
      const host = ctx.extensions;
      const prefix = normalizeSequence(input?.prefix ?? DEFAULT_PREFIX) ?? DEFAULT_PREFIX;
      const { configFile } = host.context().paths;
      const config = readHostConfig(configFile);
      const suggestions: KeySuggestion[] = [];
      const labels = new Map<string, { label: string; extension: string }>();
      for (const rt of host.runtimesList()) {
        for (const c of rt.manifest.commands) {
          labels.set(c.publicId, { label: c.label, extension: rt.id });
          if (c.key) suggestions.push({ extension: rt.id, kind: 'command', action: c.publicId, key: c.key });
        }
        for (const k of rt.manifest.suggestedKeybindings)
          suggestions.push({ extension: rt.id, kind: 'core', action: k.action, key: k.key });
      }
      // config.toml's [[commands]] and [keys] inline commands run like extension commands.
      for (const c of config.commands) labels.set(c.id, { label: c.label, extension: 'config' });
      const modifier = input?.modifier !== undefined ? input.modifier : config.modifier;
      const resolved = resolveKeymap({ prefix, user: config.keys, suggestions, modifier });
      const actions = new Map<string, KeyAction>();
      const actionOf = (id: string, kind: KeyAction['kind']): KeyAction => {
        let a = actions.get(id);
        if (!a) {
          const l = labels.get(id);
          a = {
            id,
            kind: l ? 'extension-command' : kind,
            label: l?.label ?? null,
            extension: l?.extension ?? null,
            keys: [],
            configured: Object.hasOwn(config.keys, id),
          };
          actions.set(id, a);
        }
        return a;
      };
      for (const id of Object.keys(DEFAULT_KEYMAP)) actionOf(id, 'builtin');
      for (const id of labels.keys()) actionOf(id, 'extension-command');
      for (const id of Object.keys(config.keys)) actionOf(id, 'builtin');
      // Two active bindings of different actions on overlapping chords: the shorter one would
      // shadow the longer (or both are equal), so both are reported as conflicting.
      for (const b of resolved.bindings) {
        // A mirror is shown on the key it mirrors, not as a key of its own.
        if (b.mirrorOf) continue;
        const mirror = resolved.bindings.find((m) => m.mirrorOf === b.key && m.action === b.action)?.key;
        const rival = resolved.bindings.find(
          (o) => o !== b && o.action !== b.action && sequencesOverlap(o.sequence, b.sequence),
        );
        actionOf(b.action, 'builtin').keys.push({
          key: b.key,
          source: b.source === 'builtin' ? 'default' : b.source,
          state: rival ? 'conflicting' : 'active',
          reason: rival ? `${rival.key} is also bound to ${rival.action}` : null,
          ...(mirror ? { mirror } : {}),
        });
      }
      for (const s of resolved.suggestions) {
        if (s.state === 'active') continue;
        actionOf(s.action, s.kind === 'core' ? 'extension-suggestion' : 'extension-command').keys.push({
          key: s.chord,
          source: 'extension',
          state: s.state,
          reason: s.reason ?? null,
        });
      }
      return {
        prefix,
        modifier,
        configFile,
        user: config.keys,
        actions: [...actions.values()],
        warnings: resolved.warnings,
      };
    }),

  /** keys: a list (empty = unbound); null = reset to the default (the [keys] entry is removed). */
  save: procedure
    .input(
      z.object({
        action: z.string().min(1).max(200),
        keys: z.array(keySequence).max(16).nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const host = ctx.extensions;
      const { paths, bus } = host.context();
      const keys = input.keys;
      try {
        editConfigTable(paths.configFile, {
          table: ['keys'],
          set: { [input.action]: keys === null ? null : keys.length === 1 ? (keys[0] as string) : keys },
        });
      } catch (err) {
        throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
      }
      await host.reload();
      bus.emit({ type: 'keymap-changed' });
      return { action: input.action, keys: keys ?? null };
    }),
});
