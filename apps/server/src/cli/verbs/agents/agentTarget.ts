// What every `rozi agents` status verb shares: --target / --ref resolution (the spec's rule:
// with --session, --target must be given, because an inherited ROZI_PANE may belong to another
// session), the stable exit codes, and how a status refusal becomes a one-line CLI error.
import type { AnswerRefusal, PromptRefusal, WaitOutcomeCode } from '../../../status/statusCodes';
import { parseWaitDuration } from '../../../status/waitDuration';
import { parseWaitStates, type WaitState } from '../../../status/agentWaits';
import type { AgentRowView } from '../../../status/agentViews';
import type { TargetInput } from '../../../session/target';
import { formatTable } from '../../table';
import { targetOf, targetOption } from '../../target';
import { CliError, type OptionSpec, type VerbContext } from '../../verb';

export const refOption: OptionSpec = {
  name: 'ref',
  type: 'string',
  value: 'JSON',
  description:
    "the exact agent run, as printed in 'ref' by agents list/get (a replacement in the same pane never matches)",
};
export const agentTargetOptions: OptionSpec[] = [targetOption, refOption];

export function agentTargetOf(
  ctx: VerbContext,
  o: { requireWithSession: boolean },
): TargetInput & { ref?: string } {
  const ref = ctx.args.options.ref;
  if (typeof ref === 'string') return { ref };
  if (
    o.requireWithSession &&
    typeof ctx.args.options.session === 'string' &&
    typeof ctx.args.options.target !== 'string'
  ) {
    throw new CliError(
      'usage',
      'with --session, pass --target (or --ref): an inherited pane number may belong to another session',
    );
  }
  return targetOf(ctx);
}

export function untilOf(ctx: VerbContext, name = 'until'): WaitState[] {
  const v = ctx.args.options[name];
  const values = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  const r = parseWaitStates(values);
  if (!r.ok) throw new CliError('usage', r.message.replace('--until', `--${name}`));
  return r.states;
}

export function timeoutOf(ctx: VerbContext, fallbackMs: number): number {
  const v = ctx.args.options.timeout;
  if (v === undefined) return fallbackMs;
  const r = parseWaitDuration(String(v));
  if (!r.ok) throw new CliError('usage', r.message);
  return r.ms;
}

/** A refusal or non-matching outcome: one line on stderr, the stable code, its exit code. */
export function statusError(
  code: Exclude<WaitOutcomeCode | PromptRefusal | AnswerRefusal, 'matched'>,
  message: string,
  details?: unknown,
): CliError {
  return new CliError(code, message, { details });
}

export function agentTable(rows: AgentRowView[]): string {
  if (rows.length === 0) return 'no agents';
  return formatTable(
    ['SESSION', 'PANE', 'AGENT', 'STATE', 'SOURCE', 'MESSAGE'],
    rows.map((r) => [r.session, r.pane, r.label ?? r.agent, r.state, r.source, r.message]),
  );
}
