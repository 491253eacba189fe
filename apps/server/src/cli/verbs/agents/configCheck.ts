// rozi config check: every warning config.toml's [[agents]] (and installed extensions' agents)
// produce, each on one line with its file and line. Exit 1 when there is any.
import { loadDefinitionsFromDisk } from '../../../detection/loadDefinitions';
import type { Verb } from '../../verb';
import { warningLine } from './definitions';

export const configCheckVerb: Verb = {
  path: ['config', 'check'],
  summary: 'check config.toml and print every warning with its line (offline)',
  async run(ctx) {
    const { set, configFile, configFound } = await loadDefinitionsFromDisk(ctx.io.env);
    const value = { file: configFile, exists: configFound, warnings: set.warnings };
    ctx.print(value, () => {
      if (!configFound && set.warnings.length === 0)
        return `${configFile}: not found (built-in defaults apply)`;
      if (set.warnings.length === 0) return `${configFile}: no warnings`;
      return [
        ...set.warnings.map(warningLine),
        `${set.warnings.length} warning${set.warnings.length === 1 ? '' : 's'}`,
      ].join('\n');
    });
    return set.warnings.length > 0 ? 1 : 0;
  },
};
