// rozi agents list [--all]: the status row of every pane with an agent (or published state) in
// the session, or in every session with --all. JSON rows carry the opaque `ref`.
import { callServer } from '../../controlClient';
import type { Verb } from '../../verb';
import { agentTable } from './agentTarget';

export const agentsListVerb: Verb = {
  path: ['agents', 'list'],
  summary: 'list agents and their state (working, blocked, done, idle)',
  options: [{ name: 'all', type: 'boolean', description: 'every session, not only the current one' }],
  async run(ctx) {
    const session =
      typeof ctx.args.options.session === 'string'
        ? ctx.args.options.session
        : ctx.io.env.ROZI_SESSION_NAME || undefined;
    const rows = await callServer(ctx.io.env, 'agents.list', {
      session,
      all: ctx.args.options.all === true,
    });
    ctx.print(rows, () => agentTable(rows));
    return 0;
  },
};
