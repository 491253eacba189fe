// rozi worktrees remove [--force] [--delete-branch] [WORKTREE]: takes a worktree away. Refused,
// with the files, while it holds uncommitted work unless --force; one deleted by hand is forgotten.
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import type { Verb } from '../../verb';

export const worktreesRemoveVerb: Verb = {
  path: ['worktrees', 'remove'],
  summary: 'remove a worktree rozi made (refused while it has uncommitted work, unless --force)',
  options: [
    targetOption,
    {
      name: 'force',
      short: 'f',
      type: 'boolean',
      description: 'remove even with uncommitted work (it is lost)',
    },
    { name: 'delete-branch', type: 'boolean', description: 'delete its branch too' },
  ],
  positionals: [{ name: 'worktree' }],
  async run(ctx) {
    const name = ctx.args.positionals[0];
    const r = await callServer(ctx.io.env, 'worktrees.remove', {
      ...(name ? { worktree: name } : targetOf(ctx)),
      force: ctx.args.options.force === true,
      deleteBranch: ctx.args.options['delete-branch'] === true,
    });
    ctx.print(r, () =>
      r.was_missing
        ? `forgot ${r.removed} (it was already deleted)`
        : `removed ${r.removed}; branch ${r.branch} ${r.branch_deleted ? 'deleted' : 'kept'}`,
    );
    return 0;
  },
};
