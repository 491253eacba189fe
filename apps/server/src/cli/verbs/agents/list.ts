// rozi agents list [--all]: the status row of every pane with an agent (or published state) in
// the session, or in every session with --all. JSON rows carry the opaque `ref`.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { agentTable } from './agentTarget';

export const agentsListVerb = defineVerb({
  path: ['agents', 'list'],
  response: 'rozi',
  summary: 'list agents and their state (working, blocked, done, idle)',
  flags: z.object({ all: flag.boolean({ description: 'every session, not only the current one' }) }),
  async run(ctx) {
    const session = ctx.globals.session ?? (ctx.io.env.ROZI_SESSION_NAME || undefined);
    const rows = await callServer(ctx.io.env, 'agents.list', {
      session,
      all: ctx.opts.all === true,
    });
    ctx.print(rows, () => agentTable(rows));
    return 0;
  },
});
