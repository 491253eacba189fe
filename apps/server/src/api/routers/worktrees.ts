// worktrees.*: agents in their own git worktrees (issue 22). launch makes a worktree of the
// source pane's repository and opens the agent there; diff reads what it changed (everything, one
// turn, or the turn in progress) a page at a time; finish commits, merges, opens a pull request
// or discards; remove takes the worktree away (refused with the reason while it holds work).
import { z } from 'zod';
import { resolvePane } from '../../session/target';
import { launchInWorktree, setupFor } from '../../worktrees/launch';
import { commitAll, mergeIntoBase, openPullRequest, removeWorktree } from '../../worktrees/finish';
import { WorktreeError } from '../../worktrees/worktreeError';
import type { WorktreeRecord } from '../../worktrees/registry';
import type { ServerServices } from '../context';
import { directoryInput, targetInput } from '../inputs';
import { procedure, router } from '../trpc';

/**
 * A worktree by name (id, branch or directory), else the one the target pane works in. `host`
 * names the remote host a worktree id belongs to: remote/routing.ts forwards the call there.
 */
const worktreeInput = targetInput.extend({
  worktree: z.string().min(1).optional(),
  host: z.string().max(256).optional(),
});

function recordOf(ctx: ServerServices, input: z.infer<typeof worktreeInput>): WorktreeRecord {
  if (input.worktree) return ctx.worktrees.find(input.worktree);
  const pane = resolvePane(ctx.manager, input);
  const r = ctx.worktrees.recordOfPane(pane.key);
  if (!r)
    throw new WorktreeError(
      'not-found',
      `pane ${pane.id} is not in a worktree rozi made (rozi worktrees list shows them; start one with rozi agents new --worktree)`,
    );
  return r;
}

const sourceInput = targetInput.extend({
  cwd: directoryInput.optional(),
  base: z.string().min(1).optional(),
});

function sourceDir(ctx: ServerServices, input: z.infer<typeof sourceInput>): string {
  return input.cwd ?? ctx.manager.liveCwd(resolvePane(ctx.manager, input));
}

/** A commit or tree id as a diff's range names it (never a ref or an option: it goes to git). */
const objectId = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'a commit or tree id');

const turnInput = z.union([z.number().int().min(1), z.enum(['current', 'all'])]);

export const worktreesRouter = router({
  list: procedure.query(({ ctx }) => ctx.worktrees.list()),

  /** The setup command a new worktree would run, to show before approving it (null: none). */
  setup: procedure
    .input(sourceInput)
    .query(({ ctx, input }) =>
      setupFor({ service: ctx.worktrees, cwd: sourceDir(ctx, input), base: input.base }),
    ),

  launch: procedure
    .input(
      sourceInput.extend({
        argv: z.array(z.string().min(1)).min(1).optional(),
        command: z.string().trim().min(1).optional(),
        branch: z.string().min(1).max(200).optional(),
        approveSetup: z
          .string()
          .regex(/^[0-9a-f]{64}$/, 'a sha256 digest')
          .optional(),
        skipSetup: z.boolean().optional(),
        title: z.string().min(1).optional(),
        focus: z.boolean().optional(),
        /** Beside the focused pane (row: right, column: down) instead of a new tab. */
        split: z.enum(['row', 'column']).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const source = resolvePane(ctx.manager, input);
      const r = await launchInWorktree({
        service: ctx.worktrees,
        manager: ctx.manager,
        source,
        input: { ...input, cwd: sourceDir(ctx, input) },
        select: input.focus ?? true,
      });
      const ready = await r.pane.waitReady(5000);
      return {
        worktree: r.record,
        pane: ctx.manager.startedPaneInfo(r.pane),
        tab: r.tab,
        pty_ready: ready,
        warnings: r.warnings,
        setup: r.setup ? { path: r.setup.path, digest: r.setup.digest, runs: r.setupRuns } : null,
      };
    }),

  diff: procedure
    .input(
      worktreeInput.extend({
        turn: turnInput.optional(),
        page: z.number().int().min(0).optional(),
        /** page: count only the page's files (the view asks diffCounts for the rest after). */
        counts: z.enum(['page', 'all']).optional(),
      }),
    )
    .query(({ ctx, input }) =>
      ctx.worktrees.diff({
        record: recordOf(ctx, input),
        turn: input.turn ?? 'all',
        page: input.page,
        counts: input.counts,
      }),
    ),

  /** The live range's changed files from stat data, shown while the diff itself is read. */
  quickList: procedure
    .input(worktreeInput.extend({ turn: z.enum(['current', 'all']) }))
    .query(async ({ ctx, input }) => ({
      files: await ctx.worktrees.quickList({ record: recordOf(ctx, input), turn: input.turn }),
    })),

  /** Every file's line counts of the range a diff answered (its range.from and range.to). */
  diffCounts: procedure
    .input(worktreeInput.extend({ from: objectId, to: objectId }))
    .query(async ({ ctx, input }) => ({
      files: await ctx.worktrees.counts({ record: recordOf(ctx, input), from: input.from, to: input.to }),
    })),

  /** Records the worktree as a turn now (what the working → idle transition does by itself). */
  checkpoint: procedure.input(worktreeInput).mutation(async ({ ctx, input }) => {
    const c = await ctx.worktrees.checkpoint(recordOf(ctx, input), 'by hand');
    return { recorded: c !== null, turn: c?.turn ?? null };
  }),

  finish: procedure
    .input(
      worktreeInput.extend({
        action: z.enum(['commit', 'merge', 'pr', 'discard']),
        message: z.string().trim().min(1).max(10_000).optional(),
        /** pr: the branch to merge into, when not the base (a detached base has none). */
        into: z.string().trim().min(1).max(255).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const record = recordOf(ctx, input);
      const svc = ctx.worktrees;
      switch (input.action) {
        case 'commit': {
          if (!input.message) throw new WorktreeError('invalid', 'a commit needs a message (-m MESSAGE)');
          const message = input.message;
          const c = await svc.serial(record, () => commitAll({ record, message }));
          void svc.refresh(record);
          return { action: input.action, worktree: record.id, commit: c.commit };
        }
        case 'merge': {
          const m = await svc.serial(record, () => mergeIntoBase(record));
          void svc.refresh(record);
          return {
            action: input.action,
            worktree: record.id,
            commit: m.commit,
            into: m.into,
            checkout: m.checkout,
          };
        }
        case 'pr': {
          const pr = await svc.serial(record, () =>
            openPullRequest({ record, env: process.env, into: input.into }),
          );
          return { action: input.action, worktree: record.id, url: pr.url, base: pr.base };
        }
        case 'discard': {
          const d = await svc.serial(record, () =>
            removeWorktree({ record, force: true, deleteBranch: true }),
          );
          svc.forget(record);
          return {
            action: input.action,
            worktree: record.id,
            removed: d.removed,
            branch_deleted: d.branchDeleted,
          };
        }
      }
    }),

  remove: procedure
    .input(worktreeInput.extend({ force: z.boolean().optional(), deleteBranch: z.boolean().optional() }))
    .mutation(async ({ ctx, input }) => {
      const record = recordOf(ctx, input);
      const d = await ctx.worktrees.serial(record, () =>
        removeWorktree({ record, force: input.force === true, deleteBranch: input.deleteBranch === true }),
      );
      ctx.worktrees.forget(record);
      return {
        worktree: record.id,
        removed: d.removed,
        branch: record.branch,
        branch_deleted: d.branchDeleted,
        was_missing: d.wasMissing,
      };
    }),
});
