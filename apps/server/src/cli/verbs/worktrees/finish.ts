// rozi worktrees commit|merge|pr|discard [WORKTREE]: finishing an agent's work. commit -m MSG
// commits everything on its branch; merge merges the branch into its base where that is checked
// out (refused on a dirty base or conflicts, leaving the base as it was); pr pushes and opens a
// pull request with gh; discard removes the worktree and deletes its branch.
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb } from '../../verb';

type Action = 'commit' | 'merge' | 'pr' | 'discard';

const SUMMARY: Record<Action, string> = {
  commit: "commit everything in an agent's worktree on its branch (-m MESSAGE)",
  merge: "merge an agent's branch into its base checkout (--remove: then remove the worktree)",
  pr: "push an agent's branch and open a pull request with gh",
  discard: "throw an agent's work away: remove its worktree and delete its branch",
};

function finishVerb(action: Action): Verb {
  return {
    path: ['worktrees', action],
    summary: SUMMARY[action],
    options: [
      targetOption,
      ...(action === 'commit'
        ? [
            {
              name: 'message',
              short: 'm',
              type: 'string' as const,
              value: 'TEXT',
              description: 'the commit message',
            },
          ]
        : []),
      ...(action === 'merge'
        ? [{ name: 'remove', type: 'boolean' as const, description: 'remove the worktree after the merge' }]
        : []),
    ],
    positionals: [{ name: 'worktree' }],
    async run(ctx) {
      const name = ctx.args.positionals[0];
      const message = ctx.args.options.message;
      if (action === 'commit' && typeof message !== 'string')
        throw new CliError('usage', 'worktrees commit needs -m MESSAGE');
      const target = name ? { worktree: name } : targetOf(ctx);
      const r = await callServer(ctx.io.env, 'worktrees.finish', {
        ...target,
        action,
        message: typeof message === 'string' ? message : undefined,
      });
      let removed: string | null = null;
      if (action === 'merge' && ctx.args.options.remove === true)
        removed = (await callServer(ctx.io.env, 'worktrees.remove', { worktree: r.worktree })).removed;
      ctx.print({ ...r, ...(removed ? { removed } : {}) }, () => {
        if ('url' in r) return `pull request: ${r.url}`;
        if ('into' in r)
          return `merged into ${r.into} at ${r.checkout} (${(r.commit ?? '').slice(0, 10)})${removed ? `; removed ${removed}` : ''}`;
        if ('removed' in r)
          return `discarded: removed ${r.removed}${r.branch_deleted ? ', branch deleted' : ''}`;
        return `committed ${(r.commit ?? '').slice(0, 10)}`;
      });
      return 0;
    },
  };
}

export const worktreesFinishVerbs: Verb[] = (['commit', 'merge', 'pr', 'discard'] as const).map(finishVerb);
