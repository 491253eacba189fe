// [[navigation_targets]]: foreground programs that manage their own splits, so split-aware
// navigation forwards focus keys to them. Pure data: rozi matches the programs itself.
import type { NavigationTargetContribution } from '../model';
import { reportDuplicates, TableReader, tableEntries } from '../tableReader';
import type { SectionContext } from './context';

const KEYS = ['name', 'programs'];

export function readNavigationTargets(ctx: SectionContext): NavigationTargetContribution[] {
  const { report } = ctx;
  const out: NavigationTargetContribution[] = [];
  const names: { id: string | undefined; path: (string | number)[] }[] = [];
  for (const { table, path } of tableEntries(report, ctx.root, 'navigation_targets')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const name = t.id('name');
    names.push({ id: name, path: [...path, 'name'] });
    const programs = t.stringList('programs', { required: true, nonEmpty: true, nonEmptyItems: true });
    programs?.forEach((program, i) => {
      if (/[/\\]/.test(program)) {
        report.error(
          'invalid-value',
          [...path, 'programs', i],
          `programs are executable basenames, not paths: ${JSON.stringify(program.slice(0, 80))}`,
        );
      }
    });
    if (report.errorCount === before && name !== undefined && programs !== undefined) {
      // Names are trimmed and matched case-insensitively (spec), so store them that way.
      out.push({ name, programs: programs.map((p) => p.trim()) });
    }
  }
  reportDuplicates(report, names, 'navigation target');
  return out;
}
