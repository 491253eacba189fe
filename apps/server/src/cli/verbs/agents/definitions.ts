// rozi agents definitions: every loaded agent definition in the order detection consults them
// (config.toml, extensions, built-ins), with its source and the load warnings.
import { z } from 'zod';
import { formatLocation, type AgentDefinition, type DefinitionWarning } from '@rozi/detect';
import { loadDefinitionsFromDisk } from '../../../detection/loadDefinitions';
import { formatTable } from '../../table';
import { defineVerb } from '../../verb';

function row(d: AgentDefinition) {
  return {
    id: d.id,
    label: d.label,
    source: d.source.kind,
    extension: d.source.kind === 'extension' ? d.source.extension : null,
    overrides: d.overrides ?? null,
    file: d.location.file ?? null,
    line: d.location.line ?? null,
    base: d.base,
    names: d.match.names,
    paths: d.match.paths,
    rules: d.states.length,
    resume: d.resume ? d.resume.argv : null,
  };
}

export function warningLine(w: DefinitionWarning): string {
  const at = formatLocation(w);
  return `${at ? `${at}: ` : ''}${w.message} [${w.code}]`;
}

export const agentsDefinitionsVerb = defineVerb({
  flags: z.object({}),
  path: ['agents', 'definitions'],
  response: 'rozi',
  summary: 'list loaded agent definitions with their source and warnings (offline)',
  async run(ctx) {
    const { set } = await loadDefinitionsFromDisk(ctx.io.env);
    const value = { definitions: set.definitions.map(row), warnings: set.warnings };
    ctx.print(value, () => {
      const table = formatTable(
        ['ID', 'LABEL', 'SOURCE', 'MATCH', 'RULES', 'RESUME'],
        value.definitions.map((d) => [
          d.id,
          d.label,
          d.overrides
            ? `${d.source} (overrides builtin)`
            : d.source === 'extension'
              ? `extension ${d.extension}`
              : d.source,
          [...d.names, ...d.paths].join(', '),
          d.rules + (d.base ? ' + common' : ''),
          d.resume ? d.resume.join(' ') : null,
        ]),
      );
      const warnings =
        set.warnings.length > 0
          ? `\n\nwarnings:\n${set.warnings.map((w) => `  ${warningLine(w)}`).join('\n')}`
          : '';
      return `${table}\n\n${value.definitions.length} definitions${warnings}`;
    });
    return 0;
  },
});
