// terminal.*: what the page's terminals read from config.toml. `hints` is `[[hints]]` (rozi:
// configuration.md), read from the config store at each hint-mode entry so an edit applies to the
// next one; a bad entry is skipped and named (warn-and-skip), the others still work.
import { compileHintPatterns } from '@rozi/detect/hints';
import { configStore } from '../../config/configStore';
import { procedure, router } from '../trpc';

export interface HintsConfig {
  hints: Array<{ pattern: string; open: boolean }>;
  /** One line per skipped entry, with the file. */
  problems: string[];
}

export function readHintsConfig(configFile: string): HintsConfig {
  const raw = configStore(configFile).current().root.hints;
  if (raw === undefined) return { hints: [], problems: [] };
  if (!Array.isArray(raw))
    return { hints: [], problems: [`${configFile}: hints must be an array of tables ([[hints]])`] };
  const { patterns, problems } = compileHintPatterns(raw);
  return {
    hints: patterns.map((p) => ({ pattern: p.pattern, open: p.open })),
    problems: problems.map((p) => `${configFile}: ${p}`),
  };
}

export const terminalRouter = router({
  hints: procedure.query(({ ctx }): HintsConfig =>
    readHintsConfig(ctx.extensions.context().paths.configFile),
  ),
});
