// rozi notify [--title T] [--level info|warn|error] MESSAGE…: shows a notification in every
// connected browser (tagged with the calling pane when run inside one).
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { targetOf } from '../../target';
import { notifyLevel } from '../../../api/inputs';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';

export const notifyVerb = defineVerb({
  path: ['notify'],
  response: 'rozi',
  summary: 'show a notification in connected browsers',
  flags: z.object({
    title: flag.string({ value: 'TITLE', description: 'notification title' }),
    level: flag.string(
      { value: 'info|warn|error', description: 'severity (default info)' },
      notifyLevel.default('info'),
    ),
  }),
  positionals: [{ name: 'message', required: true, variadic: true }],
  async run(ctx) {
    // No --target: the calling pane (ROZI_PANE), if any, tags the notification.
    const t = targetOf({ ...ctx, opts: {} });
    const r = await callServer(ctx.io.env, 'notify', {
      message: ctx.args.positionals.join(' '),
      title: ctx.opts.title,
      level: ctx.opts.level,
      pane: t.target !== undefined ? t : undefined,
    });
    ctx.print(r, () => '');
    return 0;
  },
});
