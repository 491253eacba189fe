// The single keys of config.toml a person may set from the CLI (`rozi config get/set/unset`) and
// from Settings' plain fields: every key the loader's table (schema.ts) marks honoured that holds a
// value rather than a table or an entry of [[…]], checked with the rules its reader applies
// (scrollback at least 1, a cwd that is a directory here, a theme that exists, …). Writing goes
// through config/tableEdit.ts (the one locked, comment-keeping write) and the result is loaded again
// by configLoad.ts: a value the loader would report is refused with its message, nothing written.
import { statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { heldModifierOf } from '@rozi/keymap';
import { parse } from 'smol-toml';
import { SCRATCHPAD_HEIGHT } from '../session/floating';
import { LAYOUT_KINDS } from '../session/tiling';
import { behaviourEdit, BEHAVIOUR_TABLES, type BehaviourTable } from './behaviourEdit';
import { prefixOf, WHICH_KEY } from './inputSettings';
import { CONFIG_KEYS, type KeyKind } from './schema';
import { sessionEditKeys } from './sessionSettings';
import type { TomlLeaf } from './tableEdit';
import { themeChoices } from './themes';

/** What a key holds, as the CLI reads its text and Settings draws its field. */
export type ValueType = 'string' | 'int' | 'number' | 'bool' | 'list' | 'string-or-list';

export interface SettableKey {
  /** Dotted, as written in the file's tables: `scrollback`, `logging.max_bytes`. */
  key: string;
  table: string[];
  name: string;
  type: ValueType;
}

/** Where a check looks on this machine. */
export interface KeyCheckContext {
  configDir: string;
  home: string;
}

type Check = (v: TomlLeaf, c: KeyCheckContext) => string | null;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const expandHome = (p: string, home: string) =>
  p === '~' ? home : p.startsWith('~/') ? join(home, p.slice(2)) : p;

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

const directory =
  (key: string): Check =>
  (v, c) =>
    typeof v === 'string' && isDirectory(expandHome(v, c.home))
      ? null
      : `${key} must be a directory on this machine; ${JSON.stringify(v)} is not one`;

const intFrom =
  (key: string, min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? null
      : `${key} must be a whole number from ${min} to ${max}, got ${JSON.stringify(v)}`;

const oneOf =
  (key: string, values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v)
      ? null
      : `${key} must be one of ${values.join(', ')}, got ${JSON.stringify(v)}`;

const nonEmpty =
  (key: string): Check =>
  (v) =>
    (typeof v === 'string' && v.trim() !== '') ||
    (Array.isArray(v) && v.length > 0 && v.every((x) => x.trim() !== ''))
      ? null
      : `${key} must not be empty (unset it for the default)`;

/** Value types the schema's `any` leaves open, and checks beyond the type, by dotted key. */
const OVERRIDES: Record<string, { type?: ValueType; check?: Check }> = {
  shell: { check: nonEmpty('shell') },
  command_shell: { check: nonEmpty('command_shell') },
  cwd: { check: directory('cwd') },
  scrollback: { check: intFrom('scrollback', 1, 1_000_000) },
  'environment.forward': {
    check: (v) => {
      const bad = (v as string[]).find((n) => !ENV_NAME.test(n));
      return bad === undefined
        ? null
        : `environment.forward lists variable names; ${JSON.stringify(bad)} is not one`;
    },
  },
  'layout.default': { check: oneOf('layout.default', LAYOUT_KINDS) },
  'layout.split_width_multiplier': {
    check: (v) =>
      typeof v === 'number' && v > 0 && v <= 10
        ? null
        : `layout.split_width_multiplier must be a number above 0 and at most 10`,
  },
  'scratchpad.command': { type: 'string', check: nonEmpty('scratchpad.command') },
  'scratchpad.cwd': { type: 'string', check: directory('scratchpad.cwd') },
  'scratchpad.height': {
    type: 'number',
    check: (v) =>
      typeof v === 'number' && v >= SCRATCHPAD_HEIGHT.min && v <= SCRATCHPAD_HEIGHT.max
        ? null
        : `scratchpad.height is a share of the screen from ${SCRATCHPAD_HEIGHT.min} to ${SCRATCHPAD_HEIGHT.max}`,
  },
  'logging.dir': {
    check: (v) =>
      typeof v === 'string' && (isAbsolute(v) || v.startsWith('~/'))
        ? null
        : `logging.dir must be an absolute path or start with ~/, got ${JSON.stringify(v)}`,
  },
  // 0 is rozi's "no cap".
  'logging.max_bytes': { check: intFrom('logging.max_bytes', 0, Number.MAX_SAFE_INTEGER) },
  'input.prefix': {
    check: (v) =>
      prefixOf(v) ? null : `'${String(v)}' is not one key chord; write it like ctrl-a or ctrl-b`,
  },
  'input.modifier': {
    check: (v) =>
      heldModifierOf(String(v)) ? null : `'${String(v)}' is not a held modifier; write alt or super`,
  },
  'input.which_key': { check: oneOf('input.which_key', WHICH_KEY) },
  'theme.name': {
    check: (v, c) => {
      const dir = join(c.configDir, 'themes');
      return themeChoices(dir).some((t) => t.id === v)
        ? null
        : `no theme named ${JSON.stringify(v)}: choose a preset, system or a file in ${dir}`;
    },
  },
  'session.startup': {
    check: (v) => {
      const r = sessionEditKeys({ startup: String(v) });
      return r.ok ? null : r.error;
    },
  },
  'session.path': {
    check: (v) => {
      const r = sessionEditKeys({ path: String(v) });
      return r.ok ? null : r.error;
    },
  },
};

const TYPE_OF: Partial<Record<KeyKind, ValueType>> = {
  string: 'string',
  bool: 'bool',
  int: 'int',
  number: 'number',
  array: 'list',
  'string-or-array': 'string-or-list',
};

/** Every key `rozi config set` and Settings' plain fields may write, in the loader's order. */
export const SETTABLE_KEYS: readonly SettableKey[] = CONFIG_KEYS.flatMap((k): SettableKey[] => {
  if (k.use.kind !== 'honoured' || k.path.includes('*') || k.path.includes('[]')) return [];
  const type = OVERRIDES[k.path]?.type ?? TYPE_OF[k.type];
  if (!type) return [];
  const parts = k.path.split('.');
  return [{ key: k.path, table: parts.slice(0, -1), name: parts.at(-1) as string, type }];
});

const BY_KEY = new Map(SETTABLE_KEYS.map((k) => [k.key, k]));

/** The settable key `dotted` names, or one line saying why it cannot be set this way. */
export function settableKey(dotted: string): SettableKey | string {
  const hit = BY_KEY.get(dotted);
  if (hit) return hit;
  const spec = CONFIG_KEYS.find((k) => k.path === dotted);
  const entryTable = ['commands', 'services', 'rules', 'hooks'].find(
    (t) => dotted === t || dotted.startsWith(`${t}.`),
  );
  if (entryTable)
    return `${dotted} belongs to [[${entryTable}]] entries; use rozi config list/add/edit/remove ${entryTable}`;
  if (spec?.type === 'table') return `${dotted} is a table; set one of its keys, e.g. ${dotted}.<key>`;
  if (spec && spec.use.kind !== 'honoured')
    return `${dotted} is not set this way: ${spec.use.kind === 'owned' ? spec.use.by : spec.use.reason}`;
  if (spec) return `${dotted} is edited in its own editor (the key editor or extension settings)`;
  return `config.toml has no key ${JSON.stringify(dotted)}; see rozi config keys for the keys that can be set`;
}

/**
 * The value a command-line word stands for: `true`/`false`, a number, a comma list (or a TOML
 * array `["a", "b"]`) for a list, the text itself for a string. One line when it is not that.
 */
export function valueFromText(k: SettableKey, text: string): TomlLeaf | string {
  const t = text.trim();
  switch (k.type) {
    case 'bool':
      if (t === 'true' || t === 'on' || t === 'yes') return true;
      if (t === 'false' || t === 'off' || t === 'no') return false;
      return `${k.key} is true or false, got ${JSON.stringify(text)}`;
    case 'int':
    case 'number': {
      const n = t === '' ? NaN : Number(t.replace(/_/g, ''));
      if (!Number.isFinite(n) || (k.type === 'int' && !Number.isInteger(n)))
        return `${k.key} is a ${k.type === 'int' ? 'whole number' : 'number'}, got ${JSON.stringify(text)}`;
      return n;
    }
    case 'list':
    case 'string-or-list': {
      if (t.startsWith('[')) {
        try {
          const v = (parse(`v = ${t}`) as { v: unknown }).v;
          if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v;
        } catch {
          // Said below.
        }
        return `${k.key}: ${JSON.stringify(text)} is not a list of strings like ["a", "b"]`;
      }
      if (k.type === 'string-or-list') return text;
      return t === '' ? [] : t.split(',').map((s) => s.trim());
    }
    case 'string':
      return text;
  }
}

function typeProblem(k: SettableKey, v: TomlLeaf): string | null {
  const ok =
    k.type === 'bool'
      ? typeof v === 'boolean'
      : k.type === 'int'
        ? typeof v === 'number' && Number.isInteger(v)
        : k.type === 'number'
          ? typeof v === 'number' && Number.isFinite(v)
          : k.type === 'string'
            ? typeof v === 'string'
            : k.type === 'list'
              ? Array.isArray(v)
              : typeof v === 'string' || Array.isArray(v);
  const what = { bool: 'true or false', int: 'a whole number', number: 'a number', string: 'text' };
  return ok
    ? null
    : `${k.key} must be ${k.type === 'list' ? 'a list of strings' : k.type === 'string-or-list' ? 'text or a list of strings' : what[k.type]}, got ${JSON.stringify(v)}`;
}

/** Why `value` cannot be written to `k` (the reader's rule, in one line), or null. */
export function keyValueProblem(k: SettableKey, value: TomlLeaf, c: KeyCheckContext): string | null {
  const t = typeProblem(k, value);
  if (t) return t;
  const table = k.table[0];
  if (k.table.length === 1 && (BEHAVIOUR_TABLES as readonly string[]).includes(table as string)) {
    const known = k.type === 'bool' || k.name === 'throttle_ms';
    if (known && typeof value !== 'string' && !Array.isArray(value)) {
      const r = behaviourEdit(table as BehaviourTable, { [k.name]: value });
      if (!r.ok) return r.error;
    }
  }
  return OVERRIDES[k.key]?.check?.(value, c) ?? null;
}
