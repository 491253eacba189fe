// Checks an entry the Settings editors are about to write with the same readers the server loads
// config.toml with (userCommands.ts, services.ts, rules.ts), so the page refuses exactly what the
// server would skip, in the reader's own words, one line naming the field: a bad id or name, an
// empty run, no kind or two, an unknown key, a bad regex, a name that is already taken, a hook's
// unknown event or missing script (hooks/userHooks.ts).
import type { ConfigRoot } from './configLoad';
import type { Entry } from './entryBlocks';
import type { EntryTable } from './entryEdit';
import { readPaneRules } from './rules';
import { readConfigServices } from './services';
import { readUserCommands } from './userCommands';
import { readHookEntries } from '../hooks/userHooks';

const NAME_KEY: Partial<Record<EntryTable, string>> = { commands: 'id', services: 'name' };
const WHAT: Record<EntryTable, string> = {
  commands: 'command',
  services: 'service',
  rules: 'rule',
  hooks: 'hook',
};

/** Where a hook's `script` is looked for: relative paths are the config directory's. */
export interface HookPlace {
  configDir: string;
  home: string;
}

function readerWarnings(table: EntryTable, list: Entry[], place: HookPlace): string[] {
  const o = { root: { [table]: list } as ConfigRoot, text: '', file: '' };
  // The hooks reader words its lines `config.toml [[hooks]] #N: …`; the others `file:line: … ; skipped`.
  if (table === 'hooks')
    return readHookEntries(o.root, place).diagnostics.map(
      (d) => `:: ${d.replace(/^config\.toml /, '')}; skipped`,
    );
  if (table === 'commands') return readUserCommands(o).warnings;
  if (table === 'services') return readConfigServices(o).warnings;
  return readPaneRules(o).warnings;
}

/**
 * Why `entry` (to be entry `index` of `[[table]]`, the others as `others`) would be skipped, as one
 * line, or null when the server would load it.
 */
export function entryProblem(o: {
  table: EntryTable;
  entry: Entry;
  others: Entry[];
  /** Needed for [[hooks]] only (a script's path). */
  place?: HookPlace;
}): string | null {
  const key = NAME_KEY[o.table];
  if (key) {
    const name = o.entry[key];
    if (typeof name === 'string' && o.others.some((e) => e[key] === name))
      return `a ${WHAT[o.table]} named '${name}' already exists in config.toml; choose another ${key}`;
  }
  // The entry alone: its own problems, never another entry's.
  for (const w of readerWarnings(o.table, [o.entry], o.place ?? { configDir: '.', home: '' })) {
    const m = /^:[^:]*: \[\[\w+\]\] #\d+: (.*); skipped$/.exec(w);
    if (m?.[1]) return m[1];
  }
  return null;
}
