// rozi notify [--title T] [--level info|warn|error] MESSAGE…: shows a notification in every
// connected browser (tagged with the calling pane when run inside one).
import { callServer } from '../../controlClient';
import { targetOf } from '../../target';
import { CliError, type Verb } from '../../verb';

export const notifyVerb: Verb = {
  path: ['notify'],
  response: 'rozi',
  summary: 'show a notification in connected browsers',
  options: [
    { name: 'title', type: 'string', value: 'TITLE', description: 'notification title' },
    { name: 'level', type: 'string', value: 'info|warn|error', description: 'severity (default info)' },
  ],
  positionals: [{ name: 'message', required: true, variadic: true }],
  async run(ctx) {
    const level = ctx.args.options.level ?? 'info';
    if (level !== 'info' && level !== 'warn' && level !== 'error')
      throw new CliError('usage', `--level must be info, warn or error, got '${String(level)}'`);
    const t = targetOf(ctx);
    const r = await callServer(ctx.io.env, 'notify', {
      message: ctx.args.positionals.join(' '),
      title: typeof ctx.args.options.title === 'string' ? ctx.args.options.title : undefined,
      level,
      pane: t.target !== undefined ? t : undefined,
    });
    ctx.print(r, () => '');
    return 0;
  },
};
