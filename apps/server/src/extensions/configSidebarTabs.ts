// User-defined sidebar tabs from config.toml (spec: Sidebar tabs — an extension tab "takes the
// launcher, command, and stream forms that [sidebar] tab tables accept"). The syntax this edition
// reads, documented in README:
//
//   [[sidebar.tabs]]
//   name = "todo"            # the tab's id; `<extension>.<name>` replaces that extension's tab
//   label = "TODO"
//   command = "grep -rn TODO ."   # or entries = [...]; stream tabs belong to extensions
//   interval = 30
//
// A bad table is reported as one line (with its line number) and skipped; the others load, as
// with the rest of config.toml. Unlike extension tabs, an out-of-range interval is reported
// (spec: extension values are "clamped without a warning, unlike the same settings in config.toml").
import { checkSidebarTabTables, type SidebarTabContribution } from '@rozi/extensions';
import { parse } from 'smol-toml';
import { isBuiltinEntry } from '../files/builtinTabs';

/** `<extension>.<name>` names an extension's tab to replace; a bare name is a tab of its own. */
const CONFIG_TAB_ID = /^(?:[a-z0-9_-]+\.)?[a-z0-9_-]+$/;
const MIN_INTERVAL_S = 5;
/** Fields only an extension's tab can have: settings live in [extensions.<id>], placement in Sidebar tabs…. */
const EXTENSION_ONLY = ['settings', 'suggested_location'] as const;

export interface ConfigSidebarTabs {
  tabs: SidebarTabContribution[];
  /** One line each: `config.toml:12: sidebar.tabs[0].interval: …`. */
  warnings: string[];
}

function isTable(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Reads `[[sidebar.tabs]]` out of config.toml's text. Parsed here with integers as bigint, as the
 * manifest checker does, so a float interval is told apart from an integer one.
 */
export function readConfigSidebarTabs(o: { text: string; fileName?: string }): ConfigSidebarTabs {
  const file = o.fileName ?? 'config.toml';
  let root: Record<string, unknown>;
  try {
    root = parse(o.text, { integersAsBigInt: true }) as Record<string, unknown>;
  } catch {
    return { tabs: [], warnings: [] }; // the caller reports a file that does not parse, once
  }
  const sidebar = root.sidebar;
  if (sidebar === undefined) return { tabs: [], warnings: [] };
  if (!isTable(sidebar)) return { tabs: [], warnings: [`${file}: [sidebar] must be a table`] };
  const raw = sidebar.tabs;
  if (raw === undefined) return { tabs: [], warnings: [] };
  if (!Array.isArray(raw))
    return { tabs: [], warnings: [`${file}: sidebar.tabs must be an array of tables ([[sidebar.tabs]])`] };

  const warnings: string[] = [];
  const rows = o.text.split('\n');
  const lineOfTab = tabLines(rows);
  const where = (i: number, key?: string): string =>
    `${file}:${keyLine({ rows, header: lineOfTab[i], key }) ?? '?'}: sidebar.tabs[${i}]${key ? `.${key}` : ''}`;
  // The manifest reader wants a bare id; a dotted config id is checked here and put back afterwards.
  const ids: (string | undefined)[] = [];
  const tables = raw.map((item, i) => {
    // `"files"` and `{ name = "files", … }` are built-in tabs (files/builtinTabs.ts reads them).
    if (isBuiltinEntry(item)) return null;
    if (!isTable(item)) return item;
    const copy: Record<string, unknown> = { ...item };
    for (const key of EXTENSION_ONLY) {
      if (key in copy) {
        warnings.push(`${where(i, key)}: "${key}" applies to extension tabs only; ignored`);
        delete copy[key];
      }
    }
    const name = copy.name;
    if (typeof name === 'string' && name.includes('.')) {
      if (CONFIG_TAB_ID.test(name)) {
        ids[i] = name;
        copy.name = name.slice(name.indexOf('.') + 1);
      } else {
        warnings.push(
          `${where(i, 'name')}: "${name.slice(0, 80)}" is not a tab id: use [a-z0-9_-]+, or <extension>.<name> to replace an extension's tab`,
        );
        copy.name = '';
      }
    }
    if (typeof copy.interval === 'bigint' && copy.interval < BigInt(MIN_INTERVAL_S)) {
      warnings.push(
        `${where(i, 'interval')}: ${copy.interval} is below the minimum of ${MIN_INTERVAL_S} seconds; using ${MIN_INTERVAL_S}`,
      );
    }
    if (copy.stream === true) {
      // Only an extension's own processes can publish rows (spec: Stream tabs), so a config stream tab would stay empty forever.
      warnings.push(
        `${where(i, 'stream')}: stream tabs are fed by an extension's processes; use entries or command in config.toml`,
      );
      return null;
    }
    return copy;
  });

  // One table at a time: a bad one is skipped alone, and each result belongs to its table for sure.
  const tabs: SidebarTabContribution[] = [];
  const seen = new Set<string>();
  tables.forEach((table, i) => {
    if (table === null) return;
    const single = [...Array<unknown>(i).fill({}), table];
    const check = checkSidebarTabTables({
      tables: single,
      text: o.text,
      at: ['sidebar', 'tabs'],
      owner: 'config',
    });
    const mine = check.errors.filter((e) => e.path.startsWith(`sidebar.tabs[${i}]`));
    const tab = check.tabs.at(-1);
    if (mine.length > 0 || !tab) {
      for (const e of mine)
        warnings.push(`${file}:${e.line ?? lineOfTab[i] ?? '?'}: ${e.path}: ${e.message}; tab skipped`);
      if (mine.length === 0) warnings.push(`${where(i)}: not a valid tab; skipped`);
      return;
    }
    const id = ids[i] ?? tab.name;
    if (seen.has(id)) {
      warnings.push(`${where(i, 'name')}: tab "${id}" is already defined above; skipped`);
      return;
    }
    seen.add(id);
    // The manifest reader drops a below-minimum interval to the default; config.toml keeps the user's intent at the minimum.
    const interval = (table as Record<string, unknown>).interval;
    const intervalSeconds =
      typeof interval === 'bigint' ? Math.max(MIN_INTERVAL_S, Number(interval)) : tab.intervalSeconds;
    tabs.push({ ...tab, name: id, publicId: id, intervalSeconds });
  });
  const lineNo = (w: string): number => Number(/^[^:]*:(\d+):/.exec(w)?.[1] ?? 0);
  return { tabs, warnings: warnings.sort((a, b) => lineNo(a) - lineNo(b)) };
}

/** Line of each `[[sidebar.tabs]]` header, by index, for warnings about a table as a whole. */
function tabLines(rows: string[]): number[] {
  const out: number[] = [];
  rows.forEach((row, n) => {
    if (/^\s*\[\[\s*sidebar\s*\.\s*tabs\s*\]\]/.test(row)) out.push(n + 1);
  });
  return out;
}

/** The line of `key = …` inside the table whose header is on line `header`, else the header's. */
function keyLine(o: {
  rows: string[];
  header: number | undefined;
  key: string | undefined;
}): number | undefined {
  if (o.header === undefined || o.key === undefined) return o.header;
  const assign = new RegExp(`^\\s*${o.key}\\s*=`);
  for (let n = o.header; n < o.rows.length && !/^\s*\[/.test(o.rows[n] ?? ''); n++) {
    if (assign.test(o.rows[n] ?? '')) return n + 1;
  }
  return o.header;
}
