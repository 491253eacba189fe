// What every `rozi agents` status verb shares: --target / --ref resolution (the spec's rule:
// with --session, --target must be given, because an inherited ROZI_PANE may belong to another
// session), the wait flags' schemas, the stable exit codes, and how a status refusal becomes a
// one-line CLI error.
import { z } from 'zod';
import type { AnswerRefusal, PromptRefusal, WaitOutcomeCode } from '../../../status/statusCodes';
import { parseWaitDuration } from '../../../status/waitDuration';
import { parseWaitStates, type WaitState } from '../../../status/agentWaits';
import type { AgentRowView } from '../../../status/agentViews';
import type { TargetInput } from '../../../session/target';
import { flag, refuse } from '../../flags';
import { formatTable } from '../../table';
import { targetFlags, targetOf } from '../../target';
import { CliError, type VerbContext } from '../../verb';

/** `--target PANE` and `--ref JSON`, spread into an agents verb's flags object. */
export const agentTargetFlags = {
  ...targetFlags,
  ref: flag.string({
    value: 'JSON',
    description:
      "the exact agent run, as printed in 'ref' by agents list/get (a replacement in the same pane never matches)",
  }),
};

export function agentTargetOf(
  ctx: VerbContext<{ target?: string; ref?: string }>,
  o: { requireWithSession: boolean },
): TargetInput & { ref?: string } {
  const { ref, target } = ctx.opts;
  if (ref !== undefined) return { ref };
  if (o.requireWithSession && ctx.globals.session !== undefined && target === undefined) {
    throw new CliError(
      'usage',
      'with --session, pass --target (or --ref): an inherited pane number may belong to another session',
    );
  }
  return targetOf(ctx);
}

function states(values: string[], name: string, c: z.RefinementCtx): WaitState[] {
  const r = parseWaitStates(values);
  return r.ok ? r.states : refuse(c, r.message.replace('--until', `--${name}`));
}

/** `--until STATES`: comma lists, repeatable, at least one; the server's own parser. */
export const untilFlag = z
  .array(z.string())
  .optional()
  .transform((values, c) => states(values ?? [], 'until', c));

/** `--wait STATES` of agents prompt: like --until, but optional. */
export const waitFlag = z
  .array(z.string())
  .optional()
  .transform((values, c) => (values === undefined ? undefined : states(values, 'wait', c)));

/** `--timeout DURATION` (500ms, 30s, 2m): the server's own parser. */
export const waitDurationFlag = z
  .string()
  .optional()
  .transform((text, c) => {
    if (text === undefined) return undefined;
    const r = parseWaitDuration(text);
    return r.ok ? r.ms : refuse(c, r.message);
  });

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
