// rozi worktrees commit|merge|pr|discard [WORKTREE]: finishing an agent's work. commit -m MSG
// commits everything on its branch; merge merges the branch into its base where that is checked
// out (refused on a dirty base or conflicts, leaving the base as it was); pr pushes and opens a
// pull request with gh (--into BRANCH when the base is a commit); discard removes the worktree and deletes its branch.
import { callServer } from '../../controlClient';
import { z } from 'zod';
import { flag } from '../../flags';
import { remoteOf, targetFlags, targetOf } from '../../target';
import { defineVerb, type Verb } from '../../verb';

type Action = 'commit' | 'merge' | 'pr' | 'discard';

const SUMMARY: Record<Action, string> = {
  commit: "commit everything in an agent's worktree on its branch (-m MESSAGE)",
  merge: "merge an agent's branch into its base checkout (--remove: then remove the worktree)",
  pr: "push an agent's branch and open a pull request with gh",
  discard: "throw an agent's work away: remove its worktree and delete its branch",
};

const messageFlags = {
  message: flag.string({ short: 'm', value: 'TEXT', description: 'the commit message' }),
};
const intoFlags = {
  into: flag.string({
    value: 'BRANCH',
    description: "the branch to merge into (default: the worktree's base; needed when that is a commit)",
  }),
};
const removeFlags = { remove: flag.boolean({ description: 'remove the worktree after the merge' }) };
type FinishShape = typeof targetFlags & typeof messageFlags & typeof removeFlags & typeof intoFlags;

/** Each action's own flags: -m for commit (required), --remove for merge. */
const FLAGS: Record<Action, z.ZodObject> = {
  commit: z
    .object({ ...targetFlags, ...messageFlags })
    .refine((o) => o.message !== undefined, { error: 'worktrees commit needs -m MESSAGE' }),
  merge: z.object({ ...targetFlags, ...removeFlags }),
  pr: z.object({ ...targetFlags, ...intoFlags }),
  discard: z.object(targetFlags),
};

/** A worktree by name; `--remote HOST` says it is one of that host's (routed there). */
export function worktreeByName(name: string, host: string | undefined): { worktree: string; host?: string } {
  return host ? { worktree: name, host } : { worktree: name };
}

function finishVerb(action: Action): Verb {
  return defineVerb({
    path: ['worktrees', action],
    summary: SUMMARY[action],
    // The flags an action lacks read as absent (undefined) in its run.
    flags: FLAGS[action] as unknown as z.ZodObject<FinishShape>,
    positionals: [{ name: 'worktree' }],
    async run(ctx) {
      const name = ctx.args.positionals[0];
      const target = name ? worktreeByName(name, remoteOf(ctx)) : targetOf(ctx);
      const r = await callServer(ctx.io.env, 'worktrees.finish', {
        ...target,
        action,
        message: ctx.opts.message,
        into: ctx.opts.into,
      });
      let removed: string | null = null;
      if (action === 'merge' && ctx.opts.remove === true)
        removed = (await callServer(ctx.io.env, 'worktrees.remove', { ...target, worktree: r.worktree }))
          .removed;
      ctx.print({ ...r, ...(removed ? { removed } : {}) }, () => {
        if ('url' in r)
          return `pull request: ${r.url}${r.base ? '' : " (into the repository's default branch)"}`;
        if ('into' in r)
          return `merged into ${r.into} at ${r.checkout} (${(r.commit ?? '').slice(0, 10)})${removed ? `; removed ${removed}` : ''}`;
        if ('removed' in r)
          return `discarded: removed ${r.removed}${r.branch_deleted ? ', branch deleted' : ''}`;
        return `committed ${(r.commit ?? '').slice(0, 10)}`;
      });
      return 0;
    },
  });
}

export const worktreesFinishVerbs: Verb[] = (['commit', 'merge', 'pr', 'discard'] as const).map(finishVerb);
