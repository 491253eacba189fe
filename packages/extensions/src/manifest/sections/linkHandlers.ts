// [[link_handlers]]: route clicked links and hint selections to one of this extension's process
// commands. The command reference is checked against the commands table as written (not only the
// valid ones), so a broken command is reported once, where it is, not again here.
import type { CommandRun, LinkHandlerContribution } from '../model';
import { TableReader, tableEntries } from '../tableReader';
import { isTable } from '../tomlValue';
import type { SectionContext } from './context';

const KEYS = ['schemes', 'files', 'command'];
/** RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/** The kind of each declared command id, read from the raw tables. */
function commandKinds(ctx: SectionContext): Map<string, CommandRun['kind'] | 'unknown'> {
  const kinds = new Map<string, CommandRun['kind'] | 'unknown'>();
  const raw = ctx.root.commands;
  if (!Array.isArray(raw)) return kinds;
  for (const entry of raw) {
    if (!isTable(entry) || typeof entry.id !== 'string') continue;
    const kind = Object.hasOwn(entry, 'send')
      ? 'send'
      : Object.hasOwn(entry, 'exec')
        ? 'exec'
        : Object.hasOwn(entry, 'shell')
          ? 'shell'
          : 'unknown';
    if (!kinds.has(entry.id)) kinds.set(entry.id, kind);
  }
  return kinds;
}

export function readLinkHandlers(ctx: SectionContext): LinkHandlerContribution[] {
  const { report } = ctx;
  const out: LinkHandlerContribution[] = [];
  const kinds = commandKinds(ctx);
  for (const { table, path } of tableEntries(report, ctx.root, 'link_handlers')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const schemes = t.stringList('schemes', { required: !t.has('files'), nonEmpty: true });
    schemes?.forEach((scheme, i) => {
      if (!SCHEME.test(scheme))
        report.error(
          'invalid-scheme',
          [...path, 'schemes', i],
          `${JSON.stringify(scheme.slice(0, 40))} is not a URI scheme (a letter, then letters, digits, +, - or .)`,
        );
    });
    const files = t.stringList('files', { nonEmpty: true, nonEmptyItems: true });
    const command = t.string('command', { required: true, nonEmpty: true });
    if (command !== undefined) {
      const kind = kinds.get(command);
      if (command.includes('.')) {
        t.error(
          'unknown-command',
          'command',
          `"command" is a local command id of this extension, not a namespaced one: "${command.slice(0, 80)}"`,
        );
      } else if (kind === undefined) {
        t.error('unknown-command', 'command', `no [[commands]] entry has id "${command.slice(0, 80)}"`);
      } else if (kind === 'send') {
        t.error(
          'send-command-handler',
          'command',
          `"${command}" is a send command; a link handler needs a process (exec or shell) command`,
        );
      }
    }
    if (report.errorCount === before && command !== undefined) {
      out.push({ schemes: (schemes ?? []).map((s) => s.toLowerCase()), files, command });
    }
  }
  return out;
}
