// rozi agents get --target P | --ref JSON: one pane's status row (with its ref).
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { defineVerb } from '../../verb';
import { agentTable, agentTargetFlags, agentTargetOf, statusError } from './agentTarget';

export const agentsGetVerb = defineVerb({
  path: ['agents', 'get'],
  response: 'rozi',
  summary: "one pane's agent state, source, revision and ref",
  flags: z.object(agentTargetFlags),
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'agents.get', agentTargetOf(ctx, { requireWithSession: false }));
    if (!r.ok) throw statusError(r.code, r.message);
    ctx.print(r.agent, () => agentTable([r.agent]));
    return 0;
  },
});
