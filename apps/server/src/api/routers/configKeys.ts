// config.toml's single keys for `rozi config get/set/unset/keys` and Settings' plain fields
// (shell, cwd, scrollback, [pane] hold_on_exit, [environment] forward, [scratchpad], [logging], …),
// and Undo for every config.toml edit Settings and the CLI make (entries and keys alike). A value is
// checked by the rule its reader applies (config/keySettings.ts), written through the one locked,
// comment-keeping table edit (config/tableEdit.ts), and the file is loaded again: a value the
// loader would report is refused in one line and the file is left as it was.
import { homedir } from 'node:os';
import { z } from 'zod';
import { loadConfigText } from '../../config/configLoad';
import { configStore } from '../../config/configStore';
import { latestConfigEdit, undoableEdit, undoConfigEdit } from '../../config/configUndo';
import {
  keyValueProblem,
  SETTABLE_KEYS,
  settableKey,
  valueFromText,
  type SettableKey,
} from '../../config/keySettings';
import { editConfigTable, editTable, type TomlLeaf } from '../../config/tableEdit';
import { ExtensionHostError } from '../../extensions/hostError';
import { RoziError } from '../../session/errors';
import { procedure } from '../trpc';

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

function valueAt(root: Record<string, unknown>, k: SettableKey): unknown {
  let cur: unknown = root;
  for (const part of k.table) cur = isTable(cur) ? cur[part] : undefined;
  return isTable(cur) ? cur[k.name] : undefined;
}

function keyOf(dotted: string): SettableKey {
  const k = settableKey(dotted);
  if (typeof k === 'string') throw new ExtensionHostError('invalid', k);
  return k;
}

/** A typed word as the key's value; an empty word unsets the key. */
function readText(k: SettableKey, text: string): TomlLeaf | null {
  if (text.trim() === '') return null;
  const v = valueFromText(k, text);
  if (typeof v === 'string' && k.type !== 'string' && k.type !== 'string-or-list')
    throw new ExtensionHostError('invalid', v);
  return v;
}

const leaf = z.union([
  z.string().max(8192),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(4096)).max(64),
]);

export const configKeyProcedures = {
  /** Every settable key with its type and the value config.toml gives it (null: unset, the default applies). */
  keys: procedure.query(({ ctx }) => {
    const root = configStore(ctx.extensions.context().paths.configFile).current().root;
    return SETTABLE_KEYS.map((k) => ({
      key: k.key,
      type: k.type,
      value: (valueAt(root, k) ?? null) as unknown,
    }));
  }),

  /** One key as the file writes it (`set: false` when it does not: the default applies). */
  getKey: procedure.input(z.object({ key: z.string().min(1).max(200) })).query(({ ctx, input }) => {
    const k = keyOf(input.key);
    const root = configStore(ctx.extensions.context().paths.configFile).current().root;
    const v = valueAt(root, k);
    return { key: k.key, type: k.type, set: v !== undefined, value: (v ?? null) as unknown };
  }),

  /** Sets (or with `value: null` removes) one key; refused in one line, file unchanged, when bad. */
  setKey: procedure
    .input(
      z.union([
        z.object({ key: z.string().min(1).max(200), value: leaf.nullable() }),
        // As typed by a person (the CLI's word, a Settings field): read by the key's type.
        z.object({ key: z.string().min(1).max(200), text: z.string().max(8192) }),
      ]),
    )
    .mutation(({ ctx, input }) => {
      const { paths } = ctx.extensions.context();
      const k = keyOf(input.key);
      const value = 'text' in input ? readText(k, input.text) : (input.value as TomlLeaf | null);
      if (value !== null) {
        const problem = keyValueProblem(k, value, {
          configDir: paths.configDir,
          home: process.env.HOME || homedir(),
        });
        if (problem) throw new ExtensionHostError('invalid', problem);
      }
      const edit = { table: k.table, set: { [k.name]: value } };
      // The loader has the last word: a value it would report for this key is not written.
      const text = configStore(paths.configFile).current().text;
      const trial = editTable(text, edit);
      if (trial.ok) {
        const said = loadConfigText({ file: paths.configFile, text: trial.text }).diagnostics.find(
          (d) => d.key === k.key && d.kind !== 'no-web-meaning' && d.kind !== 'not-built',
        );
        if (said) throw new ExtensionHostError('invalid', `${k.key}: ${said.message}`);
      }
      const label = value === null ? `Unset ${k.key}` : `Set ${k.key}`;
      try {
        const e = undoableEdit({
          file: paths.configFile,
          label,
          run: () => editConfigTable(paths.configFile, edit),
          inverse: (r) => ({ kind: 'keys', table: k.table, set: r.inverse }),
        });
        configStore(paths.configFile).current();
        return { key: k.key, value, changed: e.changed, label, undo: e.undo };
      } catch (err) {
        throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
      }
    }),

  /** Reverts one edit (the latest when no id is given), byte for byte while the file is what it wrote. */
  undo: procedure
    .input(z.object({ id: z.string().min(1).max(100).optional() }))
    .mutation(({ ctx, input }) => {
      const { paths } = ctx.extensions.context();
      const id = input.id ?? latestConfigEdit(paths.configFile)?.id;
      if (!id)
        throw new RoziError(
          'not-found',
          'nothing to undo: no config.toml edit from Settings or rozi config since the server started',
        );
      try {
        const r = undoConfigEdit({ file: paths.configFile, id });
        configStore(paths.configFile).current();
        return r;
      } catch (err) {
        throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
      }
    }),
};
