// rozi agents get --target P | --ref JSON: one pane's status row (with its ref).
import { callServer } from '../../controlClient';
import type { Verb } from '../../verb';
import { agentTable, agentTargetOf, agentTargetOptions, statusError } from './agentTarget';

export const agentsGetVerb: Verb = {
  path: ['agents', 'get'],
  summary: "one pane's agent state, source, revision and ref",
  options: agentTargetOptions,
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'agents.get', agentTargetOf(ctx, { requireWithSession: false }));
    if (!r.ok) throw statusError(r.code, r.message);
    ctx.print(r.agent, () => agentTable([r.agent]));
    return 0;
  },
};
