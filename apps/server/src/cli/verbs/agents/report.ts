// rozi agents report --target P --agent A --integration TOKEN --state S [--native-session REF] --seq N
// An agent hook's own state: beats the screen for 30 s after each report (packages/detect's
// arbitration: tokens, sequence numbers, conflicts).
import { reportedState } from '../../../api/inputs';
import { callServer } from '../../controlClient';
import { z } from 'zod';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { targetFlags } from '../../target';
import { agentTargetOf } from './agentTarget';

/** `--seq N`: a positive integer, required. */
export const seqFlag = z
  .string({ error: 'a positive integer' })
  .refine((v) => Number.isSafeInteger(Number(v)) && Number(v) >= 1, { error: 'a positive integer' })
  .transform(Number);

/** `--integration TOKEN`: required, not blank. */
export const tokenFlag = z
  .string({ error: 'a token (one unique token per agent process)' })
  .refine((v) => v.trim() !== '', { error: 'a token (one unique token per agent process)' });

export const agentsReportVerb = defineVerb({
  path: ['agents', 'report'],
  response: 'rozi',
  // For agent hooks, not people: `rozi --help` lists it only with --advanced.
  advanced: true,
  summary: "report an agent's state from its hooks (overrides screen detection for 30 s)",
  flags: z.object({
    ...targetFlags,
    agent: flag.string({
      value: 'ID',
      description: 'the agent detected in the pane (a mismatch is a conflict)',
    }),
    integration: flag.string(
      { value: 'TOKEN', description: 'one unique token per agent process' },
      tokenFlag,
    ),
    state: flag.string({ value: 'STATE', description: 'working, blocked, idle or done' }, reportedState),
    'native-session': flag.string({
      value: 'REF',
      description: "the agent's own session id (used to resume it)",
    }),
    message: flag.string({ value: 'TEXT', description: 'a short message shown with the state' }),
    seq: flag.string({ value: 'N', description: 'sequence number, increasing within the token' }, seqFlag),
  }),
  async run(ctx) {
    const o = ctx.opts;
    const r = await callServer(ctx.io.env, 'agents.report', {
      ...agentTargetOf(ctx, { requireWithSession: true }),
      token: o.integration,
      seq: o.seq,
      state: o.state,
      agent: o.agent,
      nativeSession: o['native-session'],
      message: o.message,
    });
    ctx.print(r, () => 'reported');
    return 0;
  },
});
