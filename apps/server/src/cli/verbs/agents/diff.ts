// rozi agents diff [--target P | --worktree W] [--turn N|current|all] [--page N] [--stat]
// What an agent in a worktree changed: everything since its base (committed and not), one
// finished turn, or the turn in progress. Files with counts, then the patches of one page; binary
// and oversized files are named, not printed.
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import { z } from 'zod';
import { flag } from '../../flags';
import { targetFlags, targetOf } from '../../target';
import { defineVerb, type VerbContext } from '../../verb';

/** `--worktree W`: a worktree by id, branch or directory instead of the target pane's. */
export const worktreeFlags = {
  worktree: flag.string({
    short: 'w',
    value: 'ID|BRANCH|DIR',
    description: "a worktree rozi made (default: the target pane's)",
  }),
};

export function worktreeTargetOf(
  ctx: VerbContext<{ target?: string; worktree?: string }>,
): ReturnType<typeof targetOf> & { worktree?: string } {
  const w = ctx.opts.worktree;
  return w !== undefined ? { worktree: w } : targetOf(ctx);
}

/** `--turn N|current|all`: the procedure's turn values, as typed. */
const turnWord = z
  .string()
  .regex(/^([1-9]\d*|current|all)$/, { error: 'a turn number (1, 2, …), current or all' })
  .transform((v) => (v === 'current' || v === 'all' ? v : Number(v)))
  .default('all');

export const agentsDiffVerb = defineVerb({
  path: ['agents', 'diff'],
  response: 'rozi',
  summary: 'what an agent in a worktree changed: since its base, one turn (--turn N) or the turn in progress',
  flags: z.object({
    ...targetFlags,
    ...worktreeFlags,
    turn: flag.string(
      { value: 'N|current|all', description: 'one finished turn, the one in progress, or all (default)' },
      turnWord,
    ),
    page: flag.number(
      { value: 'N', description: 'which page of patches (from 1; large diffs are paged)' },
      z.number().int({ error: 'a page number from 1' }).min(1, { error: 'a page number from 1' }).optional(),
    ),
    stat: flag.boolean({ description: 'files and counts only' }),
  }),
  async run(ctx) {
    const { page } = ctx.opts;
    const r = await callServer(ctx.io.env, 'worktrees.diff', {
      ...worktreeTargetOf(ctx),
      turn: ctx.opts.turn,
      page: page === undefined ? undefined : page - 1,
    });
    ctx.print(r, () => {
      const d = r.diff;
      const head = `${r.worktree.branch}: ${r.range.label} — ${d.totals.files} file${d.totals.files === 1 ? '' : 's'}, +${d.totals.added} -${d.totals.removed}${r.turns.length ? ` (turns 1..${r.turns.length})` : ''}`;
      const table = formatTable(
        ['STATUS', '+', '-', 'FILE'],
        d.files.map((f) => [
          f.status,
          f.binary ? 'bin' : f.added,
          f.binary ? 'bin' : f.removed,
          f.oldPath ? `${f.oldPath} → ${f.path}` : f.path,
        ]),
      );
      if (ctx.opts.stat === true || d.files.length === 0) return `${head}\n${table}`;
      const patches = d.patches
        .map(
          (p) => p.patch ?? `(${p.path}: ${p.omitted === 'binary' ? 'binary file' : 'too large to show'})\n`,
        )
        .join('');
      const more = d.pages > 1 ? `\n(page ${d.page + 1} of ${d.pages}: --page N for the others)` : '';
      return `${head}\n${table}\n\n${patches.trimEnd()}${more}`;
    });
    return 0;
  },
});
