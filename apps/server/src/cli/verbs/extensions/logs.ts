// rozi extensions logs <id> [--unit U] [--lines N]: the last lines of each log of the extension
// on this machine (commands, service.<name>, action.<id>, tab.<name>).
import { resolvePaths } from '../../../config/paths';
import { CliError, type Verb } from '../../verb';

export const extensionsLogsVerb: Verb = {
  path: ['extensions', 'logs'],
  summary: "print an extension's logs",
  options: [
    {
      name: 'unit',
      type: 'string',
      value: 'UNIT',
      description: 'one log: commands, service.<name>, action.<id>, tab.<name>',
    },
    { name: 'lines', short: 'n', type: 'number', value: 'N', description: 'lines per log (default 50)' },
  ],
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
    const { DEFAULT_LOG_LINES, extensionLogDir, readLogTails } = await import('@rozi/extensions/node');
    const id = ctx.args.positionals[0] as string;
    if (!/^[a-z0-9_-]+$/.test(id)) throw new CliError('usage', `'${id}' is not an extension id`);
    const unit = typeof ctx.args.options.unit === 'string' ? ctx.args.options.unit : undefined;
    if (unit !== undefined && !/^[a-z0-9_.-]+$/.test(unit))
      throw new CliError('usage', `'${unit}' is not a log unit`);
    const lines = typeof ctx.args.options.lines === 'number' ? ctx.args.options.lines : DEFAULT_LOG_LINES;
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
};
