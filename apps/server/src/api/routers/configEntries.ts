// The Settings editors of config.toml's [[commands]], [[services]], [[rules]] and [[hooks]] (issue
// 18), also `rozi config list/add/edit/remove`: the
// entries as written (with why the server skips any), and add / change / remove / move with Undo.
// Each write is checked by the readers the server loads with (config/entryCheck.ts), goes through
// the one locked, comment-keeping write (config/entryEdit.ts → configEdit.ts), and reaches every
// page as `config-reloaded`; the services supervisor then restarts only the entry that changed.
import { z } from 'zod';
import { configStore } from '../../config/configStore';
import type { Entry } from '../../config/entryBlocks';
import { entryProblem } from '../../config/entryCheck';
import { ENTRY_TABLES, editEntryFile, type EntryOp, type EntryTable } from '../../config/entryEdit';
import { homedir } from 'node:os';
import { undoableEdit } from '../../config/configUndo';
import { readHookEntries } from '../../hooks/userHooks';
import { HOOK_EVENT_NAMES, HOOK_PERMISSIONS } from '@rozi/extensions/node';
import { REPORTED_STATES } from '@rozi/detect';
import { readPaneRules, RULE_POSITIONS } from '../../config/rules';
import { readConfigServices, SERVICE_RESTARTS } from '../../config/services';
import { readUserCommands } from '../../config/userCommands';
import { ExtensionHostError } from '../../extensions/hostError';
import { procedure } from '../trpc';

const leaf = z.union([z.string().max(8192), z.number().finite(), z.boolean()]);
const list = z.array(z.string().max(8192)).max(64);
const value = z.union([leaf, list, z.record(z.string().min(1).max(200), z.union([leaf, list]))]);
const entry = z.record(z.string().min(1).max(100), value).refine((e) => Object.keys(e).length <= 20, {
  message: 'an entry has at most 20 keys',
});
const index = z.number().int().min(0).max(10_000);

const op = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), entry }),
  z.object({ op: z.literal('set'), index, expect: entry, entry }),
  z.object({ op: z.literal('remove'), index, expect: entry }),
  z.object({ op: z.literal('move'), index, to: index, expect: entry }),
]);

const isTable = (v: unknown): v is Entry =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** The words of the Undo toast: "Removed command build". */
function labelOf(table: EntryTable, o: z.infer<typeof op>): string {
  const what = { commands: 'command', services: 'service', rules: 'rule', hooks: 'hook' }[table];
  const e = 'entry' in o ? o.entry : o.expect;
  const name = String(
    e.id ?? e.name ?? e.match ?? (e.match_regex ? `/${String(e.match_regex)}/` : (e.event ?? '')),
  );
  const verb = { add: 'Added', set: 'Changed', remove: 'Removed', move: 'Moved' }[o.op];
  return `${verb} ${what} ${name}`.trim();
}

/** Why the server skips entry i of `[[table]]` (the reader's warning for `#i+1`), or null. */
function skippedWhy(o: {
  table: EntryTable;
  root: Record<string, unknown>;
  text: string;
  file: string;
  configDir: string;
}) {
  const read =
    o.table === 'commands'
      ? readUserCommands({ ...o, root: { commands: o.root.commands } }).warnings
      : o.table === 'services'
        ? readConfigServices(o).warnings
        : o.table === 'hooks'
          ? readHookEntries(o.root, { configDir: o.configDir, home: homeOf() }).diagnostics
          : readPaneRules(o).warnings;
  // Hooks name every problem of a skipped entry; the other readers end a skip with "; skipped"
  // (a note such as "position applies only with float = true; ignored" does not skip it).
  return (i: number): string | null => {
    const w = read.find(
      (line) =>
        line.includes(`[[${o.table}]] #${i + 1}: `) && (o.table === 'hooks' || line.endsWith('; skipped')),
    );
    return w ? w.replace(/^.*?\[\[\w+\]\] #\d+: /, '').replace(/; skipped$/, '') : null;
  };
}

const homeOf = () => process.env.HOME || homedir();

/** The words each table's keys take, for the editors' choices (the readers' own lists). */
const CHOICES: Record<EntryTable, Record<string, string[]>> = {
  commands: {},
  services: { restart: [...SERVICE_RESTARTS] },
  rules: { position: [...RULE_POSITIONS] },
  hooks: { event: [...HOOK_EVENT_NAMES], state: [...REPORTED_STATES], permissions: [...HOOK_PERMISSIONS] },
};

/** Where each loading [[rules]] entry sends its pane, by entry index (Settings says it in words). */
function appliedRules(o: { root: Record<string, unknown>; text: string; file: string }, problems: boolean[]) {
  const { rules } = readPaneRules(o);
  let next = 0;
  return problems.map((skipped) => {
    if (skipped) return null;
    const r = rules[next++];
    if (!r) return null;
    const { test: _test, ...placement } = r;
    return placement;
  });
}

export const configEntryProcedures = {
  /** `[[table]]` as written, in file order, each with why the server skips it (null when it loads). */
  entries: procedure.input(z.object({ table: z.enum(ENTRY_TABLES) })).query(({ ctx, input }) => {
    const { paths } = ctx.extensions.context();
    const snap = configStore(paths.configFile).current();
    const raw = snap.root[input.table];
    const list = Array.isArray(raw) ? raw : [];
    const why = skippedWhy({
      table: input.table,
      root: snap.root,
      text: snap.text,
      file: paths.configFile,
      configDir: paths.configDir,
    });
    const entries = list.map((e: unknown, i) => ({
      index: i,
      values: isTable(e) ? e : {},
      problem: isTable(e) ? why(i) : 'not a table',
    }));
    const applied =
      input.table === 'rules'
        ? appliedRules(
            { root: snap.root, text: snap.text, file: paths.configFile },
            entries.map((e) => e.problem !== null),
          )
        : entries.map(() => null);
    return {
      table: input.table,
      choices: CHOICES[input.table],
      entries: entries.map((e, i) => ({ ...e, applied: applied[i] ?? null })),
    };
  }),

  /** One add / change / remove / move; a bad entry or a stale index is refused in one line. */
  editEntry: procedure.input(z.object({ table: z.enum(ENTRY_TABLES), op })).mutation(({ ctx, input }) => {
    const { paths } = ctx.extensions.context();
    const o = input.op;
    if (o.op === 'add' || o.op === 'set') {
      const raw = configStore(paths.configFile).current().root[input.table];
      const others = (Array.isArray(raw) ? raw : []).filter(
        (e: unknown, i): e is Entry => isTable(e) && !(o.op === 'set' && i === o.index),
      );
      const problem = entryProblem({
        table: input.table,
        entry: o.entry,
        others,
        place: { configDir: paths.configDir, home: homeOf() },
      });
      if (problem) throw new ExtensionHostError('invalid', problem);
    }
    const label = labelOf(input.table, o);
    try {
      const { undo } = undoableEdit({
        file: paths.configFile,
        label,
        run: () => editEntryFile({ file: paths.configFile, table: input.table, op: o as EntryOp }),
        inverse: (e) => ({ kind: 'entry', table: input.table, op: e.inverse }),
      });
      configStore(paths.configFile).current();
      return { label, undo };
    } catch (err) {
      throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
    }
  }),
};
