// [[sidebar_tabs]]: launcher (entries), command and stream tabs, with the fields each form
// allows, the settings a tab offers, and a suggested dock position.
import { checkPlacedProgram, hintPaneRelativePaths } from '../extensionPaths';
import type { LauncherEntry, SettingDeclaration, SidebarTabContribution, SidebarTabSource } from '../model';
import { DEFAULT_TAB_INTERVAL_S, MIN_TAB_INTERVAL_S } from '../model';
import { reportDuplicates, TableReader, tableEntries } from '../tableReader';
import { isTable, typeName } from '../tomlValue';
import { CLICK_KEYS, readClickAction } from './clickAction';
import { publicId, type SectionContext } from './context';

const KEYS = [
  'name',
  'label',
  'entries',
  'command',
  'stream',
  'format',
  'interval',
  'on_click',
  'group_prefix',
  'placement',
  'settings',
  'suggested_location',
];
const ENTRY_KEYS = ['label', 'group', ...CLICK_KEYS];
const LOCATION_KEYS = ['dock', 'panel'];
const TAB_PLACEMENTS = ['client', 'active-session'] as const;

function readEntries(ctx: SectionContext, t: TableReader): LauncherEntry[] | undefined {
  const raw = t.raw('entries');
  if (!Array.isArray(raw)) {
    t.error('wrong-type', 'entries', `"entries" must be an array of tables, got ${typeName(raw)}`);
    return undefined;
  }
  if (raw.length === 0) {
    t.error('empty-value', 'entries', '"entries" must list at least one entry');
    return undefined;
  }
  const out: LauncherEntry[] = [];
  let ok = true;
  raw.forEach((item, i) => {
    const path = [...t.at('entries'), i];
    if (!isTable(item)) {
      ctx.report.error(
        'wrong-type',
        path,
        `each entry is a table such as { label = "…", run = "…" }, got ${typeName(item)}`,
      );
      ok = false;
      return;
    }
    const before = ctx.report.errorCount;
    const e = new TableReader(ctx.report, { table: item, path: path }, ENTRY_KEYS);
    const label = e.string('label', { required: true, nonEmpty: true });
    const group = e.string('group');
    const action = readClickAction(ctx.report, e, path);
    if (ctx.report.errorCount > before || label === undefined || action === undefined) ok = false;
    else out.push({ label, group, action });
  });
  return ok ? out : undefined;
}

function readTabSettings(ctx: SectionContext, t: TableReader, declared: SettingDeclaration[]): string[] {
  const keys = t.stringList('settings') ?? [];
  const byKey = new Map(declared.map((d) => [d.key, d]));
  const declaredRaw = isTable(ctx.root.settings) ? Object.keys(ctx.root.settings) : [];
  const seen = new Set<string>();
  keys.forEach((key, i) => {
    const path = [...t.at('settings'), i];
    if (seen.has(key)) ctx.report.error('duplicate-id', path, `setting "${key}" is listed twice`);
    seen.add(key);
    // A setting that exists but is itself invalid was reported under [settings]; say nothing more.
    if (!declaredRaw.includes(key))
      ctx.report.error(
        'unknown-setting',
        path,
        `"${key.slice(0, 80)}" is not a setting declared in [settings]`,
      );
    else if (byKey.get(key)?.type === 'string-list')
      ctx.report.error(
        'list-setting-in-tab',
        path,
        `"${key}" is a list of strings; a tab cannot offer list settings`,
      );
  });
  return keys;
}

export function readSidebarTabs(
  ctx: SectionContext,
  declared: SettingDeclaration[],
): SidebarTabContribution[] {
  const { report } = ctx;
  const out: SidebarTabContribution[] = [];
  const names: { id: string | undefined; path: (string | number)[] }[] = [];
  for (const { table, path } of tableEntries(report, ctx.root, 'sidebar_tabs')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const name = t.id('name');
    names.push({ id: name, path: [...path, 'name'] });
    const label = t.string('label', { required: true });
    const stream = t.boolean('stream');
    const forms = [
      t.has('entries') && 'entries',
      t.has('command') && 'command',
      stream === true && 'stream = true',
    ].filter((f): f is string => typeof f === 'string');
    if (forms.length === 0)
      t.error(
        'one-of-required',
        undefined,
        'a tab declares exactly one of entries, command or stream = true',
      );
    else if (forms.length > 1)
      t.error(
        'mutually-exclusive',
        forms[1]?.startsWith('stream') ? 'stream' : forms[1],
        `a tab declares exactly one of entries, command or stream = true; this has ${forms.join(' and ')}`,
      );
    const form = forms.length === 1 ? forms[0] : undefined;
    const isCommand = form === 'command';

    const commandOnly = (key: string, what: string): boolean => {
      if (!t.has(key) || isCommand || form === undefined) return t.has(key);
      t.error('field-not-allowed', key, `${what} applies to command tabs only`);
      return false;
    };
    const format = commandOnly('format', '"format"')
      ? t.oneOf('format', ['lines', 'json'] as const)
      : undefined;
    let groupPrefix: string | undefined;
    if (commandOnly('group_prefix', '"group_prefix"')) {
      groupPrefix = t.string('group_prefix', { nonEmpty: true });
      if (format === 'json')
        t.error(
          'field-not-allowed',
          'group_prefix',
          '"group_prefix" applies to line command tabs, not format = "json"',
        );
    }
    let placement: 'client' | 'active-session' = 'client';
    if (t.has('placement')) {
      if (form !== undefined && !isCommand)
        t.error(
          'placement-not-allowed',
          'placement',
          form === 'entries'
            ? 'launcher tabs act in a pane and take no placement'
            : 'stream tabs take no placement; place the services that publish to them',
        );
      else placement = t.oneOf('placement', TAB_PLACEMENTS) ?? 'client';
    }
    const command = isCommand ? t.string('command', { nonEmpty: true }) : undefined;
    if (command !== undefined)
      hintPaneRelativePaths({
        report,
        path: t.at('command'),
        words: command.split(/\s+/),
        files: ctx.files,
        firstIsProgram: false,
      });
    const entries = form === 'entries' ? readEntries(ctx, t) : undefined;

    // Out-of-range intervals are clamped, as rozi does for extension tabs (spec: "clamped without a warning").
    const intervalSeconds =
      t.integer('interval', { min: MIN_TAB_INTERVAL_S, clamp: true }) ?? DEFAULT_TAB_INTERVAL_S;
    let onClick: SidebarTabContribution['onClick'];
    const clickTable = t.subtable('on_click');
    if (clickTable !== undefined) {
      const c = new TableReader(report, { table: clickTable, path: t.at('on_click') }, CLICK_KEYS);
      onClick = readClickAction(report, c, t.at('on_click'));
      if (onClick?.kind === 'exec' && placement !== 'client')
        checkPlacedProgram(report, [...t.at('on_click'), 'exec', 0], {
          program: onClick.argv[0] as string,
          where: "a placed tab's on_click",
        });
    }
    const settings = readTabSettings(ctx, t, declared);

    let suggestedLocation: SidebarTabContribution['suggestedLocation'];
    const loc = t.subtable('suggested_location');
    if (loc !== undefined) {
      const l = new TableReader(report, { table: loc, path: t.at('suggested_location') }, LOCATION_KEYS);
      const dock = l.oneOf('dock', ['left', 'right'] as const, true);
      const panel = l.integer('panel', { min: 1, max: 3, clamp: true }) ?? 1;
      if (dock !== undefined) suggestedLocation = { dock, panel: panel as 1 | 2 | 3 };
    }

    let source: SidebarTabSource | undefined;
    if (form === 'stream = true') source = { kind: 'stream' };
    else if (form === 'entries' && entries) source = { kind: 'entries', entries };
    else if (isCommand && command !== undefined)
      source = { kind: 'command', command, format: format ?? 'lines', groupPrefix, placement };
    if (report.errorCount === before && name !== undefined && label !== undefined && source !== undefined) {
      out.push({
        name,
        publicId: publicId(ctx, name),
        label,
        source,
        intervalSeconds,
        onClick,
        settings,
        suggestedLocation,
      });
    }
  }
  reportDuplicates(report, names, 'sidebar tab');
  return out;
}
