// rozi run-action ID: a built-in action (rozi's ids and the web edition's: spawn, close,
// toggle-fullscreen, focus-left…, next-tab…; api/builtinActions.ts) on the target pane (the
// calling pane inside rozi, else the focused one), reload-extensions, or a config.toml /
// extension command (<extension>.<command>, answered once its process started). Ids with no
// web meaning are refused with the reason.
import { z } from 'zod';
import { targetFlags, targetOf } from '../../target';
import { defineVerb } from '../../verb';
import { callExtensions } from './extensionCall';

export const runActionVerb = defineVerb({
  path: ['run-action'],
  summary:
    'run a built-in action (spawn, close, focus-left…), a [[commands]] id, an extension command or reload-extensions',
  response: 'rozi',
  flags: z.object(targetFlags),
  positionals: [{ name: 'action', required: true }],
  async run(ctx) {
    const id = ctx.args.positionals[0] as string;
    const r = await callExtensions(ctx.io.env, 'extensions.runAction', { id, ...targetOf(ctx) });
    ctx.print(r, () =>
      r.reload
        ? [
            `reloaded: ${r.reload.loaded.length} loaded, ${r.reload.restarted.length} restarted, ${r.reload.stopped.length} stopped`,
            ...r.reload.problems.map((p) => `${p.extension || 'extensions'}: ${p.message}`),
          ].join('\n')
        : `ran ${id}`,
    );
    return 0;
  },
});
