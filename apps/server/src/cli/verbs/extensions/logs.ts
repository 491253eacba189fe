// rozi extensions logs <id> [--unit U] [--lines N]: the last lines of each log of the extension
// on this machine (commands, service.<name>, action.<id>, tab.<name>).
import { z } from 'zod';
import { flag } from '../../flags';
import { resolvePaths } from '../../../config/paths';
import { CliError, defineVerb } from '../../verb';

export const extensionsLogsVerb = defineVerb({
  path: ['extensions', 'logs'],
  summary: "print an extension's logs",
  flags: z.object({
    unit: flag.string(
      { value: 'UNIT', description: 'one log: commands, service.<name>, action.<id>, tab.<name>' },
      z
        .string()
        .regex(/^[a-z0-9_.-]+$/, { error: 'a log unit: commands, service.<name>, action.<id> or tab.<name>' })
        .optional(),
    ),
    lines: flag.number(
      { short: 'n', value: 'N', description: 'lines per log (default 50)' },
      z.number().int().min(0).optional(),
    ),
  }),
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
    const { DEFAULT_LOG_LINES, extensionLogDir, readLogTails } = await import('@rozi/extensions/node');
    const id = ctx.args.positionals[0] as string;
    if (!/^[a-z0-9_-]+$/.test(id)) throw new CliError('usage', `'${id}' is not an extension id`);
    const { unit } = ctx.opts;
    const lines = ctx.opts.lines ?? DEFAULT_LOG_LINES;
    const tails = readLogTails({
      dir: extensionLogDir(resolvePaths(ctx.io.env).logDir, id),
      unit,
      lines,
    }).filter((t) => t.lines.length > 0 || unit !== undefined);
    ctx.print(
      tails,
      () => tails.map((t) => [`== ${t.unit} ==`, ...t.lines].join('\n')).join('\n\n') || `no logs for ${id}`,
    );
    return 0;
  },
});
