// rozi agents release --target P --integration TOKEN --seq N: the hook's process is done
// reporting; the pane returns to screen detection (or rows published later). A released token
// can never claim the pane again.
import { callServer } from '../../controlClient';
import { z } from 'zod';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { targetFlags } from '../../target';
import { agentTargetOf } from './agentTarget';
import { seqFlag, tokenFlag } from './report';

export const agentsReleaseVerb = defineVerb({
  path: ['agents', 'release'],
  response: 'rozi',
  // For agent hooks, not people: `rozi --help` lists it only with --advanced.
  advanced: true,
  summary: "end an integration's reports; the pane returns to screen detection",
  flags: z.object({
    ...targetFlags,
    integration: flag.string({ value: 'TOKEN', description: 'the token the reports used' }, tokenFlag),
    seq: flag.string({ value: 'N', description: 'sequence number, after the last report' }, seqFlag),
  }),
  async run(ctx) {
    const o = ctx.opts;
    const r = await callServer(ctx.io.env, 'agents.release', {
      ...agentTargetOf(ctx, { requireWithSession: true }),
      token: o.integration,
      seq: o.seq,
    });
    ctx.print(r, () => 'released');
    return 0;
  },
});
