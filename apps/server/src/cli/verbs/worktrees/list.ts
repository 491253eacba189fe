// rozi worktrees list: the worktrees rozi made for agents, with branch, base, ahead/behind, dirty.
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import { z } from 'zod';
import { defineVerb } from '../../verb';

export const worktreesListVerb = defineVerb({
  flags: z.object({}),
  path: ['worktrees', 'list'],
  summary: 'the worktrees rozi made for agents: branch, base, ahead/behind, uncommitted changes, turns',
  async run(ctx) {
    const rows = await callServer(ctx.io.env, 'worktrees.list');
    ctx.print(rows, () =>
      rows.length === 0
        ? 'no worktrees (rozi agents new --worktree --argv … makes one)'
        : formatTable(
            ['ID', 'BRANCH', 'BASE', 'AHEAD', 'BEHIND', 'DIRTY', 'TURNS', 'PATH'],
            rows.map((w) => [
              w.id,
              w.status.branch ?? w.branch,
              w.base,
              w.status.missing ? '-' : w.status.ahead,
              w.status.missing ? '-' : w.status.behind,
              w.status.missing ? 'missing' : w.status.dirty,
              w.turns,
              w.host ? `${w.host}:${w.path}` : w.path,
            ]),
          ),
    );
    return 0;
  },
});
