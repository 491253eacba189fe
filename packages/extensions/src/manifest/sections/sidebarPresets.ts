// [[sidebar_presets]]: named sidebar layouts a user may apply (never applied on install).
// The layout has [sidebar] layout's fields: left, right (panel_count, panels of weight + tabs)
// and hidden.
import type { ManifestPath, Report } from '../diagnostics';
import type { SidebarDockLayout, SidebarPanel, SidebarPresetContribution } from '../model';
import { reportDuplicates, TableReader, tableEntries } from '../tableReader';
import { isTable, type TomlTable, typeName } from '../tomlValue';
import { publicId, type SectionContext } from './context';

const KEYS = ['name', 'label', 'layout'];
const LAYOUT_KEYS = ['left', 'right', 'hidden'];
const DOCK_KEYS = ['panel_count', 'panels'];
const PANEL_KEYS = ['weight', 'tabs'];

function readWeight(report: Report, t: TableReader): number | undefined {
  if (!t.has('weight')) return 1;
  const raw = t.raw('weight');
  const n = typeof raw === 'bigint' ? Number(raw) : typeof raw === 'number' ? raw : undefined;
  if (n === undefined) {
    t.error('wrong-type', 'weight', `"weight" must be a number, got ${typeName(raw)}`);
    return undefined;
  }
  if (!(n > 0) || !Number.isFinite(n)) {
    t.error('out-of-range', 'weight', `"weight" must be a positive number, got ${n}`);
    return undefined;
  }
  return n;
}

function readDock(report: Report, table: TomlTable, path: ManifestPath): SidebarDockLayout | undefined {
  const before = report.errorCount;
  const t = new TableReader(report, { table: table, path: path }, DOCK_KEYS);
  const panelCount = t.integer('panel_count', { min: 1, max: 3 });
  const panels: SidebarPanel[] = [];
  const raw = t.raw('panels');
  if (raw !== undefined && !Array.isArray(raw))
    t.error('wrong-type', 'panels', `"panels" must be an array of tables, got ${typeName(raw)}`);
  if (Array.isArray(raw)) {
    raw.forEach((item, i) => {
      const p = [...t.at('panels'), i];
      if (!isTable(item)) {
        report.error(
          'wrong-type',
          p,
          `each panel is a table such as { weight = 1.0, tabs = ["agents"] }, got ${typeName(item)}`,
        );
        return;
      }
      const pr = new TableReader(report, { table: item, path: p }, PANEL_KEYS);
      const weight = readWeight(report, pr);
      const tabs = pr.stringList('tabs', { nonEmptyItems: true }) ?? [];
      if (weight !== undefined) panels.push({ weight, tabs });
    });
  }
  return report.errorCount === before ? { panelCount, panels } : undefined;
}

export function readSidebarPresets(ctx: SectionContext): SidebarPresetContribution[] {
  const { report } = ctx;
  const out: SidebarPresetContribution[] = [];
  const names: { id: string | undefined; path: (string | number)[] }[] = [];
  for (const { table, path } of tableEntries(report, ctx.root, 'sidebar_presets')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const name = t.id('name');
    names.push({ id: name, path: [...path, 'name'] });
    const label = t.string('label', { required: true });
    const layoutTable = t.subtable('layout', true);
    let layout: SidebarPresetContribution['layout'] | undefined;
    if (layoutTable !== undefined) {
      const l = new TableReader(report, { table: layoutTable, path: t.at('layout') }, LAYOUT_KEYS);
      const dock = (key: 'left' | 'right') => {
        const sub = l.subtable(key);
        return sub === undefined ? undefined : readDock(report, sub, l.at(key));
      };
      layout = { left: dock('left'), right: dock('right'), hidden: l.stringList('hidden') };
    }
    if (report.errorCount === before && name !== undefined && label !== undefined && layout !== undefined) {
      out.push({ name, publicId: publicId(ctx, name), label, layout });
    }
  }
  reportDuplicates(report, names, 'sidebar preset');
  return out;
}
