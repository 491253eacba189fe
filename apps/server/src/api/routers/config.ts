// config.toml settings the page reads and writes (issue 18): the theme in force (`[theme] name`,
// resolved with its palette, or why not) and the theme choices. Writes go through the one locked
// config edit (config/tableEdit.ts), so comments and hand edits are kept; the save reaches every
// open page as `config-reloaded` (status/configWatcher.ts), which refetches config.* there.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { BEHAVIOUR_TABLES, behaviourEdit } from '../../config/behaviourEdit';
import { behaviourSettings } from '../../config/behaviourSettings';
import { configStore } from '../../config/configStore';
import { heldModifierOf } from '@rozi/keymap';
import { inputSettings, prefixOf, WHICH_KEY } from '../../config/inputSettings';
import { readSessionSettings, sessionEditKeys } from '../../config/sessionSettings';
import { readSoundFile, SOUND_CUES, soundFilePath, soundFileSetting } from '../../config/soundFiles';
import { editConfigTable } from '../../config/tableEdit';
import { resolveTheme, themeChoices, type ResolvedTheme } from '../../config/themes';
import { ExtensionHostError } from '../../extensions/hostError';
import { RoziError } from '../../session/errors';
import { procedure, router } from '../trpc';
import { configEntryProcedures } from './configEntries';
import { configKeyProcedures } from './configKeys';

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** The theme each config file last resolved without a problem: a broken theme keeps it on screen. */
const lastGoodTheme = new Map<string, ResolvedTheme>();

export const configRouter = router({
  ...configEntryProcedures,
  ...configKeyProcedures,

  /** The theme in force: its palette (null for `system`: the page's own, following the device), the name as written, a warning. */
  theme: procedure.query(({ ctx }) => {
    const { paths } = ctx.extensions.context();
    const root = configStore(paths.configFile).current().root;
    const themesDir = join(paths.configDir, 'themes');
    const name = isTable(root.theme) ? root.theme.name : undefined;
    const theme = resolveTheme({ name, themesDir, lastGood: lastGoodTheme.get(paths.configFile) ?? null });
    if (!theme.warning) lastGoodTheme.set(paths.configFile, theme);
    return { ...theme, choices: themeChoices(themesDir) };
  }),

  /** `[input]`: the prefix (null = not set: this browser's, else ctrl-a) and the which-key delay. */
  input: procedure.query(({ ctx }) =>
    inputSettings(configStore(ctx.extensions.context().paths.configFile).current().root),
  ),

  /** `[confirm]`, `[notifications]`, `[sounds]`: each switch the file sets, null where it sets none. */
  behaviour: procedure.query(({ ctx }) =>
    behaviourSettings(configStore(ctx.extensions.context().paths.configFile).current().root),
  ),

  /**
   * The sound config.toml names for a cue (`[sounds] <cue>_file`), for the page to play where the
   * person is. Only that one file per cue can be read, at most 4 MB; anything else is one line.
   */
  soundFile: procedure.input(z.object({ cue: z.enum(SOUND_CUES) })).query(async ({ ctx, input }) => {
    const { paths } = ctx.extensions.context();
    const setting = soundFileSetting(configStore(paths.configFile).current().root, input.cue);
    if (!setting) throw new RoziError('not-found', `[sounds] ${input.cue}_file is not set`);
    const read = await readSoundFile(soundFilePath(setting, paths.configDir, homedir()));
    if (!read.ok) throw new RoziError(read.code, `[sounds] ${input.cue}_file: ${read.message}`);
    return { setting, mime: read.mime, base64: read.bytes.toString('base64') };
  }),

  /**
   * `[session]` as config.toml says now (config/sessionSettings.ts: rozi's defaults where unset or
   * bad, with the warning). The server applies it when it starts, so a change waits for a restart.
   */
  session: procedure.query(({ ctx }) => {
    const { paths } = ctx.extensions.context();
    const root = configStore(paths.configFile).current().root;
    const set = isTable(root.session) ? root.session : {};
    const settings = readSessionSettings({
      configFile: paths.configFile,
      stateDir: paths.stateDir,
      home: process.env.HOME || homedir(),
    });
    return { ...settings, set: ['resurrect', 'autosave', 'path', 'startup'].filter((k) => k in set) };
  }),

  /**
   * Writes `[session]` keys (null removes one: rozi's default). Checked by the rules the server
   * reads them with; a bad value is refused in one line and nothing is written. Applies at the
   * next server start, as rozi documents.
   */
  setSession: procedure
    .input(
      z.object({
        resurrect: z.boolean().nullable().optional(),
        autosave: z.boolean().nullable().optional(),
        path: z.string().max(4096).nullable().optional(),
        startup: z.string().max(100).nullable().optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const { paths } = ctx.extensions.context();
      const keys = sessionEditKeys(input);
      if (!keys.ok) throw new ExtensionHostError('invalid', keys.error);
      try {
        editConfigTable(paths.configFile, { table: ['session'], set: keys.set });
      } catch (err) {
        throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
      }
      configStore(paths.configFile).current();
      return keys.set;
    }),

  /** Writes `[input] prefix` / `which_key` / `modifier` / `modifier_shortcuts` (null removes the key). */
  setInput: procedure
    .input(
      z.object({
        prefix: z.string().max(40).nullable().optional(),
        whichKey: z.enum(WHICH_KEY).optional(),
        modifier: z.string().max(40).nullable().optional(),
        modifierShortcuts: z.boolean().nullable().optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const { paths } = ctx.extensions.context();
      const set: Record<string, string | boolean | null> = {};
      if (input.modifier !== undefined) {
        if (input.modifier !== null && !heldModifierOf(input.modifier))
          throw new ExtensionHostError(
            'invalid',
            `'${input.modifier}' is not a held modifier; write alt or super`,
          );
        set.modifier = input.modifier === null ? null : input.modifier.trim().toLowerCase();
      }
      if (input.modifierShortcuts !== undefined) set.modifier_shortcuts = input.modifierShortcuts;
      if (input.prefix !== undefined) {
        const prefix = input.prefix === null ? null : prefixOf(input.prefix);
        if (input.prefix !== null && !prefix)
          throw new ExtensionHostError(
            'invalid',
            `'${input.prefix}' is not one key chord; write it like ctrl-a or ctrl-b`,
          );
        set.prefix = prefix;
      }
      if (input.whichKey !== undefined) set.which_key = input.whichKey;
      try {
        editConfigTable(paths.configFile, { table: ['input'], set });
      } catch (err) {
        throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
      }
      configStore(paths.configFile).current();
      return set;
    }),

  /**
   * Writes `[notifications]` / `[sounds]` switches and `[sounds] throttle_ms` (null removes a key:
   * rozi's default). A key Settings does not write, or a bad value, is refused in one line.
   */
  setBehaviour: procedure
    .input(
      z.object({
        table: z.enum(BEHAVIOUR_TABLES),
        set: z.record(z.string().max(40), z.union([z.boolean(), z.number(), z.null()])),
      }),
    )
    .mutation(({ ctx, input }) => {
      const { paths } = ctx.extensions.context();
      const edit = behaviourEdit(input.table, input.set);
      if (!edit.ok) throw new ExtensionHostError('invalid', edit.error);
      try {
        editConfigTable(paths.configFile, { table: [input.table], set: edit.set });
      } catch (err) {
        throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
      }
      configStore(paths.configFile).current();
      return edit.set;
    }),

  /** Writes `[theme] name` (null removes it: each browser's own light/dark choice applies). */
  setTheme: procedure
    .input(z.object({ name: z.string().min(1).max(100).nullable() }))
    .mutation(({ ctx, input }) => {
      const { paths } = ctx.extensions.context();
      const themesDir = join(paths.configDir, 'themes');
      if (input.name !== null && !themeChoices(themesDir).some((c) => c.id === input.name))
        throw new ExtensionHostError(
          'invalid',
          `no theme named '${input.name}': choose a preset, system or a file in ${themesDir}`,
        );
      try {
        editConfigTable(paths.configFile, { table: ['theme'], set: { name: input.name } });
      } catch (err) {
        throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
      }
      configStore(paths.configFile).current();
      return { name: input.name };
    }),
});
