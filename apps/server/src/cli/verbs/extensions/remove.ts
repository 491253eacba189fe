// rozi extensions remove <id> [--purge]: deletes the files and logs; the state directory stays
// unless --purge. A running server first disables it (its services stop, its generation
// retires) so nothing runs from files about to disappear.
import { z } from 'zod';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { extensionDirs, installFailure, reloadIfRunning } from './extensionCall';

export const extensionsRemoveVerb = defineVerb({
  path: ['extensions', 'remove'],
  summary: 'remove an installed extension (its state stays unless --purge)',
  flags: z.object({
    purge: flag.boolean({ description: 'also delete its state directory on this machine' }),
  }),
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
    const { removeExtension, setEnabled } = await import('@rozi/extensions/node');
    const id = ctx.args.positionals[0] as string;
    const purge = ctx.opts.purge === true;
    const dirs = extensionDirs(ctx.io.env);
    try {
      if (setEnabled({ dirs, id, enabled: false }).changed) await reloadIfRunning(ctx.io.env);
      removeExtension({ dirs, id, purge });
    } catch (err) {
      installFailure(err);
    }
    const server = await reloadIfRunning(ctx.io.env);
    ctx.print(
      { id, removed: true, purged: purge, server },
      () => `removed ${id}${purge ? ' and its state' : ''}`,
    );
    return 0;
  },
});
