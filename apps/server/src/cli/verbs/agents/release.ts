// rozi agents release --target P --integration TOKEN --seq N: the hook's process is done
// reporting; the pane returns to screen detection (or rows published later). A released token
// can never claim the pane again.
import { callServer } from '../../controlClient';
import type { Verb } from '../../verb';
import { targetOption } from '../../target';
import { agentTargetOf } from './agentTarget';
import { seqOf, tokenOf } from './report';

export const agentsReleaseVerb: Verb = {
  path: ['agents', 'release'],
  // For agent hooks, not people: `rozi --help` lists it only with --advanced.
  advanced: true,
  summary: "end an integration's reports; the pane returns to screen detection",
  options: [
    targetOption,
    { name: 'integration', type: 'string', value: 'TOKEN', description: 'the token the reports used' },
    { name: 'seq', type: 'string', value: 'N', description: 'sequence number, after the last report' },
  ],
  async run(ctx) {
    const o = ctx.args.options;
    const r = await callServer(ctx.io.env, 'agents.release', {
      ...agentTargetOf(ctx, { requireWithSession: true }),
      token: tokenOf(o.integration),
      seq: seqOf(o.seq),
    });
    ctx.print(r, () => 'released');
    return 0;
  },
};
