// rozi worktrees remove [--force] [--delete-branch] [WORKTREE]: takes a worktree away. Refused,
// with the files, while it holds uncommitted work unless --force; one deleted by hand is forgotten.
import { callServer } from '../../controlClient';
import { z } from 'zod';
import { flag } from '../../flags';
import { remoteOf, targetFlags, targetOf } from '../../target';
import { worktreeByName } from './finish';
import { defineVerb } from '../../verb';

export const worktreesRemoveVerb = defineVerb({
  path: ['worktrees', 'remove'],
  summary: 'remove a worktree rozi made (refused while it has uncommitted work, unless --force)',
  flags: z.object({
    ...targetFlags,
    force: flag.boolean({ short: 'f', description: 'remove even with uncommitted work (it is lost)' }),
    'delete-branch': flag.boolean({ description: 'delete its branch too' }),
  }),
  positionals: [{ name: 'worktree' }],
  async run(ctx) {
    const name = ctx.args.positionals[0];
    const r = await callServer(ctx.io.env, 'worktrees.remove', {
      ...(name ? worktreeByName(name, remoteOf(ctx)) : targetOf(ctx)),
      force: ctx.opts.force === true,
      deleteBranch: ctx.opts['delete-branch'] === true,
    });
    ctx.print(r, () =>
      r.was_missing
        ? `forgot ${r.removed} (it was already deleted)`
        : `removed ${r.removed}; branch ${r.branch} ${r.branch_deleted ? 'deleted' : 'kept'}`,
    );
    return 0;
  },
});
