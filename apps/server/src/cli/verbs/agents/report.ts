// rozi agents report --target P --agent A --integration TOKEN --state S [--native-session REF] --seq N
// An agent hook's own state: beats the screen for 30 s after each report (packages/detect's
// arbitration: tokens, sequence numbers, conflicts).
import { reportedState } from '../../../api/inputs';
import { callServer } from '../../controlClient';
import { optionValue } from '../../optionValue';
import { CliError, type Verb } from '../../verb';
import { targetOption } from '../../target';
import { agentTargetOf } from './agentTarget';

export function seqOf(value: unknown): number {
  const n = Number(value);
  if (value === undefined || !Number.isSafeInteger(n) || n < 1)
    throw new CliError('usage', `--seq must be a positive integer, got '${String(value ?? '')}'`);
  return n;
}

export function tokenOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new CliError('usage', '--integration needs a token (one unique token per agent process)');
  return value;
}

export const agentsReportVerb: Verb = {
  path: ['agents', 'report'],
  // For agent hooks, not people: `rozi --help` lists it only with --advanced.
  advanced: true,
  summary: "report an agent's state from its hooks (overrides screen detection for 30 s)",
  options: [
    targetOption,
    {
      name: 'agent',
      type: 'string',
      value: 'ID',
      description: 'the agent detected in the pane (a mismatch is a conflict)',
    },
    {
      name: 'integration',
      type: 'string',
      value: 'TOKEN',
      description: 'one unique token per agent process',
    },
    { name: 'state', type: 'string', value: 'STATE', description: 'working, blocked, idle or done' },
    {
      name: 'native-session',
      type: 'string',
      value: 'REF',
      description: "the agent's own session id (used to resume it)",
    },
    { name: 'message', type: 'string', value: 'TEXT', description: 'a short message shown with the state' },
    { name: 'seq', type: 'string', value: 'N', description: 'sequence number, increasing within the token' },
  ],
  async run(ctx) {
    const o = ctx.args.options;
    const state = optionValue(reportedState, o.state, '--state');
    const r = await callServer(ctx.io.env, 'agents.report', {
      ...agentTargetOf(ctx, { requireWithSession: true }),
      token: tokenOf(o.integration),
      seq: seqOf(o.seq),
      state,
      agent: typeof o.agent === 'string' ? o.agent : undefined,
      nativeSession: typeof o['native-session'] === 'string' ? o['native-session'] : undefined,
      message: typeof o.message === 'string' ? o.message : undefined,
    });
    ctx.print(r, () => 'reported');
    return 0;
  },
};
