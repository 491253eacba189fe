// The built-in entries of `[sidebar] tabs` (configuration.md, [sidebar] and File tree tabs):
// strings naming a built-in tab (`"files"`, `"git"`, `"panes"`, `"sessions"`, `"activity"`) and
// tables whose `name` is one (`{ name = "files", show_hidden = false, max_entries = 500 }`).
// Custom tables (launcher and command tabs) are extensions/configSidebarTabs.ts's. Each bad value
// is one warning and falls back to rozi's default; an unknown built-in name is skipped. A list
// that names no built-in at all keeps every built-in tab.

export const BUILTIN_TABS = ['activity', 'panes', 'sessions', 'files', 'git'] as const;
export type BuiltinTab = (typeof BUILTIN_TABS)[number];

export type FileClick = { kind: 'send'; text: string } | { kind: 'run'; command: string } | { kind: 'open' };

export interface FileTabOptions {
  root: 'cwd' | 'repo';
  showHidden: boolean;
  diffStats: boolean;
  maxEntries: number;
  /** What Enter or a click on a file does; `open` = a link handler for the file, else $EDITOR in a new pane. */
  onClick: FileClick;
}

export interface BuiltinTabs {
  /** The built-in tabs the catalog names, in order; all of them when `tabs` is not set. */
  tabs: BuiltinTab[];
  files: FileTabOptions;
  git: FileTabOptions;
  warnings: string[];
}

export const MAX_ENTRIES_LIMIT = 10000;
const FILE_KEYS = new Set([
  'name',
  'label',
  'root',
  'show_hidden',
  'icons',
  'explorer',
  'diff_stats',
  'max_entries',
  'on_click',
]);

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

export function isBuiltinTab(v: unknown): v is BuiltinTab {
  return typeof v === 'string' && (BUILTIN_TABS as readonly string[]).includes(v);
}

/** True for an entry of `[sidebar] tabs` that this file reads (a string, or a table naming a built-in). */
export function isBuiltinEntry(v: unknown): boolean {
  return typeof v === 'string' || (isTable(v) && isBuiltinTab(v.name));
}

function defaults(view: 'files' | 'git'): FileTabOptions {
  return {
    root: view === 'files' ? 'cwd' : 'repo',
    showHidden: true,
    diffStats: view === 'git',
    maxEntries: 2000,
    onClick: { kind: 'open' },
  };
}

/** Reads `[sidebar] tabs` from the parsed config root (see the file's head). */
export function readBuiltinTabs(root: Record<string, unknown>): BuiltinTabs {
  const out: BuiltinTabs = { tabs: [], files: defaults('files'), git: defaults('git'), warnings: [] };
  const sidebar = root.sidebar;
  const list = isTable(sidebar) ? sidebar.tabs : undefined;
  // No list, or one of custom tables only (this project's `[[sidebar.tabs]]`, which adds tabs):
  // every built-in. Naming a built-in makes it rozi's catalog: only the ones named show.
  if (!Array.isArray(list) || !list.some(isBuiltinEntry)) {
    out.tabs = [...BUILTIN_TABS];
    return out;
  }
  list.forEach((item, i) => {
    const at = `sidebar.tabs[${i}]`;
    if (typeof item === 'string') {
      if (!isBuiltinTab(item)) {
        out.warnings.push(
          `${at}: "${item.slice(0, 40)}" is not a built-in tab (${BUILTIN_TABS.join(', ')}); skipped`,
        );
        return;
      }
      if (out.tabs.includes(item)) return void out.warnings.push(`${at}: "${item}" is listed twice; skipped`);
      out.tabs.push(item);
      return;
    }
    if (!isTable(item) || !isBuiltinTab(item.name)) return;
    const name = item.name;
    if (out.tabs.includes(name)) return void out.warnings.push(`${at}: "${name}" is listed twice; skipped`);
    out.tabs.push(name);
    if (name === 'files' || name === 'git')
      out[name] = fileOptions({ t: item, view: name, at, warnings: out.warnings });
    else {
      for (const k of Object.keys(item))
        if (k !== 'name' && k !== 'label')
          out.warnings.push(`${at}.${k}: the ${name} tab takes no options; ignored`);
    }
  });
  return out;
}

function fileOptions(o: {
  t: Record<string, unknown>;
  view: 'files' | 'git';
  at: string;
  warnings: string[];
}): FileTabOptions {
  const opts = defaults(o.view);
  const warn = (k: string, why: string) =>
    o.warnings.push(`${o.at}.${k}: ${why}; using ${JSON.stringify(defaultOf(opts, k))}`);
  for (const k of Object.keys(o.t))
    if (!FILE_KEYS.has(k)) o.warnings.push(`${o.at}.${k}: unknown key; ignored`);
  const { root, show_hidden, diff_stats, max_entries, on_click } = o.t;
  for (const k of ['icons', 'explorer'])
    if (o.t[k] === true) o.warnings.push(`${o.at}.${k}: not built in the web edition; ignored`);
  if (root !== undefined) {
    if (root === 'cwd' || root === 'repo') opts.root = root;
    else warn('root', 'must be "cwd" or "repo"');
  }
  if (show_hidden !== undefined) {
    if (typeof show_hidden === 'boolean') opts.showHidden = show_hidden;
    else warn('show_hidden', 'must be true or false');
  }
  if (diff_stats !== undefined) {
    if (typeof diff_stats === 'boolean') opts.diffStats = diff_stats;
    else warn('diff_stats', 'must be true or false');
  }
  if (max_entries !== undefined) {
    const n = typeof max_entries === 'bigint' ? Number(max_entries) : max_entries;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ENTRIES_LIMIT) opts.maxEntries = n;
    else warn('max_entries', `must be a whole number from 1 to ${MAX_ENTRIES_LIMIT}`);
  }
  if (on_click !== undefined) {
    const click = clickOf(on_click);
    if ('error' in click) warn('on_click', click.error);
    else opts.onClick = click;
  }
  return opts;
}

function defaultOf(opts: FileTabOptions, k: string): unknown {
  if (k === 'root') return opts.root;
  if (k === 'show_hidden') return opts.showHidden;
  if (k === 'diff_stats') return opts.diffStats;
  if (k === 'max_entries') return opts.maxEntries;
  return 'open in $EDITOR';
}

function clickOf(v: unknown): FileClick | { error: string } {
  if (!isTable(v)) return { error: 'must be a table: { send = "…" } or { run = "…" }' };
  const forms = ['send', 'run', 'popup'].filter((k) => k in v);
  if (forms.length !== 1) return { error: 'needs exactly one of send, run or popup' };
  const form = forms[0]!;
  const text = v[form];
  if (typeof text !== 'string' || text === '') return { error: `${form} must be a non-empty string` };
  if (form === 'send') return { kind: 'send', text };
  // sidebar.md, Security: a path is never spliced into a command; it arrives as $ROZI_FILE.
  if (text.includes('{path}')) return { error: `{path} is not substituted into ${form}: use "$ROZI_FILE"` };
  // No popups in the browser: a popup command opens in a new pane like run.
  return { kind: 'run', command: text };
}
