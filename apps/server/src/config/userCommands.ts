// The user's own commands in config.toml (rozi's configuration.md): `[[commands]]` (a stable id:
// palette, `rozi run-action <id>`, bindable from `[keys] <id> = …`) and `[keys]` inline commands
// (`g = { run = "lazygit" }`: the map key is the trigger, the command has no id of its own, so it
// gets `keys:<trigger>` for the palette). Each has exactly one of run / send / popup / exec,
// `label` (else one made from the command) and `keep_open` (run and popup; default true). Every
// bad entry is one warning with its line and is skipped; the rest load.
import { DEFAULT_KEYMAP, schemeBinding } from '@rozi/keymap';
import type { ConfigRoot } from './configLoad';
import { KeyLines } from './keyLines';

export type UserCommandKind = 'run' | 'send' | 'popup' | 'exec';

export interface UserCommand {
  id: string;
  label: string;
  kind: UserCommandKind;
  /** The command line (run, popup, exec) or the literal text (send). */
  text: string;
  keepOpen: boolean;
}

export interface UserCommands {
  commands: UserCommand[];
  /** Key bindings the commands bring: `keys:<trigger>` → the trigger, bare keys put after the prefix. */
  keys: Record<string, string[]>;
  warnings: string[];
}

const KINDS: readonly UserCommandKind[] = ['run', 'send', 'popup', 'exec'];
const ID_RE = /^[a-z0-9_-]+$/;
/** Ids rozi keeps for itself besides the built-in action ids. */
const RESERVED = new Set(['reload-extensions', 'config', 'keys']);
export const INLINE_COMMAND_PREFIX = 'keys:';

const isTable = (v: unknown): v is ConfigRoot =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/**
 * rozi's bare key (one key carrying at most shift: `g`, `shift-w`, `tab`) follows the `[input]`
 * scheme: it means `<prefix> g`, never a plain `g` that would steal typing from the terminal.
 */
export function expandBareKey(binding: string): string {
  return schemeBinding(binding);
}

function labelOf(kind: UserCommandKind, text: string): string {
  const word = kind === 'run' ? 'Run' : kind === 'send' ? 'Send' : kind === 'popup' ? 'Popup' : 'Exec';
  const shown = JSON.stringify(text).slice(1, -1);
  return `${word}: ${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}`;
}

function commandOf(
  t: ConfigRoot,
  o: { id: string; where: string; extraKeys: readonly string[] },
): UserCommand | string {
  const present = KINDS.filter((k) => t[k] !== undefined);
  if (present.length !== 1)
    return `${o.where}: give exactly one of run, send, popup or exec${present.length ? ` (has ${present.join(', ')})` : ''}; skipped`;
  const kind = present[0] as UserCommandKind;
  const text = t[kind];
  if (typeof text !== 'string' || (kind !== 'send' && text.trim() === ''))
    return `${o.where}: ${kind} must be a non-empty string; skipped`;
  if (t.label !== undefined && typeof t.label !== 'string')
    return `${o.where}: label must be a string; skipped`;
  if (t.keep_open !== undefined && typeof t.keep_open !== 'boolean')
    return `${o.where}: keep_open must be true or false; skipped`;
  const unknown = Object.keys(t).filter(
    (k) => !(KINDS as readonly string[]).includes(k) && !['label', 'keep_open', ...o.extraKeys].includes(k),
  );
  if (unknown.length > 0) return `${o.where}: unknown key ${unknown.join(', ')}; skipped`;
  return {
    id: o.id,
    label: typeof t.label === 'string' && t.label.trim() !== '' ? t.label : labelOf(kind, text),
    kind,
    text,
    keepOpen: t.keep_open !== false,
  };
}

export function readUserCommands(o: { root: ConfigRoot; text: string; file: string }): UserCommands {
  const out: UserCommands = { commands: [], keys: {}, warnings: [] };
  const lines = new KeyLines(o.text);
  const at = (path: Array<string | number>) => `${o.file}:${lines.lineOf(path) ?? '?'}`;
  const seen = new Set<string>();
  const list = o.root.commands;
  if (list !== undefined && !Array.isArray(list))
    out.warnings.push(`${at(['commands'])}: commands must be an array of tables ([[commands]])`);
  (Array.isArray(list) ? list : []).forEach((entry: unknown, i) => {
    const where = `${at(['commands', i])}: [[commands]] #${i + 1}`;
    if (!isTable(entry)) return void out.warnings.push(`${where}: expected a table`);
    const id = entry.id;
    if (typeof id !== 'string' || !ID_RE.test(id))
      return void out.warnings.push(`${where}: id must be lowercase letters, digits, _ or -; skipped`);
    if (Object.hasOwn(DEFAULT_KEYMAP, id) || RESERVED.has(id))
      return void out.warnings.push(`${where}: '${id}' is a built-in action id; skipped`);
    if (seen.has(id))
      return void out.warnings.push(`${where}: a command '${id}' is already defined; skipped`);
    const c = commandOf(entry, { id, where, extraKeys: ['id'] });
    if (typeof c === 'string') return void out.warnings.push(c);
    seen.add(id);
    out.commands.push(c);
  });
  const keys = isTable(o.root.keys) ? o.root.keys : {};
  for (const [name, value] of Object.entries(keys)) {
    if (!isTable(value) || value.add !== undefined) continue; // `{ add = … }` extends a built-in action
    const id = `${INLINE_COMMAND_PREFIX}${name}`;
    const c = commandOf(value, { id, where: `${at(['keys', name])}: [keys] "${name}"`, extraKeys: [] });
    if (typeof c === 'string') {
      out.warnings.push(c);
      continue;
    }
    out.commands.push(c);
    out.keys[id] = [expandBareKey(name)];
  }
  return out;
}
