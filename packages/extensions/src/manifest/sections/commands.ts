// [[commands]]: what the palette, key bindings, link handlers and `rozi run-action` run.
import { checkPlacedProgram, hintPaneRelativePaths } from '../extensionPaths';
import type { CommandContribution } from '../model';
import { readRun } from '../processRun';
import { reportDuplicates, TableReader, tableEntries } from '../tableReader';
import { publicId, type SectionContext } from './context';

const KEYS = ['id', 'label', 'exec', 'shell', 'send', 'hidden', 'key', 'placement'];
export const COMMAND_PLACEMENTS = ['client', 'active-session'] as const;
const PLACEMENTS_ELSEWHERE = ['each-host', 'each-session', 'session'];

export function readCommands(ctx: SectionContext): CommandContribution[] {
  const { report } = ctx;
  const out: CommandContribution[] = [];
  const ids: { id: string | undefined; path: (string | number)[] }[] = [];
  for (const { table, path } of tableEntries(report, ctx.root, 'commands')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const id = t.id('id');
    ids.push({ id, path: [...path, 'id'] });
    const label = t.string('label');
    const hidden = t.boolean('hidden');
    const key = t.string('key', { nonEmpty: true });
    if (key !== undefined && /\s/.test(key)) {
      t.error(
        'invalid-value',
        'key',
        `"key" suggests one chord inside <prefix> x, such as "r"; got ${JSON.stringify(key.slice(0, 40))}`,
      );
    }
    const { run } = readRun(t, { allowSend: true });

    let placement: CommandContribution['placement'] = 'client';
    if (t.has('placement')) {
      const raw = t.raw('placement');
      if (typeof raw === 'string' && PLACEMENTS_ELSEWHERE.includes(raw)) {
        t.error(
          'placement-not-allowed',
          'placement',
          `placement "${raw}" is for services; a command runs on the client or the active session`,
        );
      } else {
        const p = t.oneOf('placement', COMMAND_PLACEMENTS);
        if (p !== undefined) placement = p;
      }
      if (t.has('send')) {
        t.error('placement-not-allowed', 'placement', 'send commands act in a pane and take no placement');
      }
    }
    if (run?.kind === 'exec' && placement !== 'client') {
      checkPlacedProgram(report, [...path, 'exec', 0], {
        program: run.argv[0] as string,
        where: 'a placed command',
      });
    }
    // A command runs in the focused pane's directory: relative script paths resolve from there.
    if (run?.kind === 'exec')
      hintPaneRelativePaths({
        report,
        path: [...path, 'exec'],
        words: run.argv,
        files: ctx.files,
        firstIsProgram: true,
      });
    if (run?.kind === 'shell')
      hintPaneRelativePaths({
        report,
        path: [...path, 'shell'],
        words: run.command.split(/\s+/),
        files: ctx.files,
        firstIsProgram: false,
      });

    if (report.errorCount === before && id !== undefined && run !== undefined) {
      out.push({
        id,
        publicId: publicId(ctx, id),
        label: label ?? id,
        run,
        hidden: hidden ?? false,
        key,
        placement: run.kind === 'send' ? 'client' : placement,
      });
    }
  }
  reportDuplicates(report, ids, 'command');
  return out;
}
