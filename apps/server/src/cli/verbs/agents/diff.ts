// rozi agents diff [--target P | --worktree W] [--turn N|current|all] [--page N] [--stat]
// What an agent in a worktree changed: everything since its base (committed and not), one
// finished turn, or the turn in progress. Files with counts, then the patches of one page; binary
// and oversized files are named, not printed.
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb, type VerbContext } from '../../verb';

export const worktreeOption = {
  name: 'worktree',
  short: 'w',
  type: 'string' as const,
  value: 'ID|BRANCH|DIR',
  description: "a worktree rozi made (default: the target pane's)",
};

export function worktreeTargetOf(ctx: VerbContext): ReturnType<typeof targetOf> & { worktree?: string } {
  const w = ctx.args.options.worktree;
  return typeof w === 'string' ? { worktree: w } : targetOf(ctx);
}

function turnOf(ctx: VerbContext): number | 'current' | 'all' {
  const v = ctx.args.options.turn;
  if (v === undefined || v === 'all') return 'all';
  if (v === 'current') return 'current';
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new CliError('usage', `--turn takes a turn number (1, 2, …), current or all; got '${String(v)}'`);
  return n;
}

export const agentsDiffVerb: Verb = {
  path: ['agents', 'diff'],
  summary: 'what an agent in a worktree changed: since its base, one turn (--turn N) or the turn in progress',
  options: [
    targetOption,
    worktreeOption,
    {
      name: 'turn',
      type: 'string',
      value: 'N|current|all',
      description: 'one finished turn, the one in progress, or all (default)',
    },
    {
      name: 'page',
      type: 'number',
      value: 'N',
      description: 'which page of patches (from 1; large diffs are paged)',
    },
    { name: 'stat', type: 'boolean', description: 'files and counts only' },
  ],
  async run(ctx) {
    const page = ctx.args.options.page;
    if (page !== undefined && (typeof page !== 'number' || !Number.isInteger(page) || page < 1))
      throw new CliError('usage', '--page takes a page number from 1');
    const r = await callServer(ctx.io.env, 'worktrees.diff', {
      ...worktreeTargetOf(ctx),
      turn: turnOf(ctx),
      page: typeof page === 'number' ? page - 1 : undefined,
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
      if (ctx.args.options.stat === true || d.files.length === 0) return `${head}\n${table}`;
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
};
