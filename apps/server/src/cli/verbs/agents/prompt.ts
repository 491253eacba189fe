// rozi agents prompt --target P|--ref JSON [--allow-working] [--wait STATES [--timeout D]] TEXT…
// The server checks the pinned agent's state, registers the wait and writes text + Enter as one
// operation; a refusal writes nothing. A help flag anywhere prints help, never becomes text.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { helpText } from '../../args';
import { flag } from '../../flags';
import { CliError, defineVerb, type Verb, type VerbContext } from '../../verb';
import type { TargetInput } from '../../../session/target';
import { MAX_WAIT_MS } from '../../../status/waitDuration';
import { agentTargetFlags, agentTargetOf, statusError, waitDurationFlag, waitFlag } from './agentTarget';

/**
 * Without --ref the prompt pins what this command observed (the spec: read, pin, then send), so
 * two prompts racing on the same observation are one delivery and one stale-ref, not two
 * deliveries: the first write advances the fence.
 */
async function pinnedTarget(
  ctx: VerbContext<{ target?: string; ref?: string; 'allow-working'?: boolean }>,
): Promise<TargetInput & { ref?: string }> {
  const target = agentTargetOf(ctx, { requireWithSession: true });
  // --allow-working sends into a moving screen on purpose: a pin would go stale on every redraw.
  if (target.ref !== undefined || ctx.opts['allow-working'] === true) return target;
  const seen = await callServer(ctx.io.env, 'agents.get', target);
  // No agent, or the pane is gone: the prompt itself answers with that refusal.
  return seen.ok && seen.agent.ref ? { ref: JSON.stringify(seen.agent.ref) } : target;
}

export const agentsPromptVerb: Verb = defineVerb({
  path: ['agents', 'prompt'],
  response: 'rozi',
  summary: 'send text + Enter to an idle agent, only if it is still the run you meant',
  help: 'refuses (writing nothing) a blocked agent, a working one without --allow-working, a replaced one, a stale --ref.\nexit codes: 0 sent (and matched), 4 timed-out, 5 gone, 6 replaced, 7 stale-ref, 8 refused (blocked/working), 9 no agent.',
  flags: z
    .object({
      ...agentTargetFlags,
      'allow-working': flag.boolean({ description: 'send even while the agent is working' }),
      wait: flag.list(
        {
          value: 'STATES',
          description: 'after sending, wait for one of these states (e.g. idle, quiescent)',
        },
        waitFlag,
      ),
      timeout: flag.string(
        { value: 'DURATION', description: 'how long --wait waits: 500ms, 30s, 2m (at most 5m; default 5m)' },
        waitDurationFlag,
      ),
    })
    .refine((o) => o.wait !== undefined || o.timeout === undefined, { error: '--timeout goes with --wait' }),
  positionals: [{ name: 'text', required: true, variadic: true }],
  restAfterDashDash: true,
  async run(ctx) {
    if (ctx.args.positionals.some((w) => w === '--help' || w === '-h')) {
      ctx.io.stdout.write(helpText(agentsPromptVerb));
      return 0;
    }
    const text = ctx.args.positionals.join(' ');
    if (text === '') throw new CliError('usage', 'prompt text is empty');
    const { wait: until, timeout } = ctx.opts;
    const wait = until === undefined ? undefined : { until, timeoutMs: timeout ?? MAX_WAIT_MS };
    const r = await callServer(ctx.io.env, 'agents.prompt', {
      ...(await pinnedTarget(ctx)),
      text,
      allowWorking: ctx.opts['allow-working'] === true,
      wait,
    });
    if (!r.ok) throw statusError(r.code, r.message, r);
    if (r.wait && r.wait.code !== 'matched')
      throw statusError(
        r.wait.code,
        `sent ${r.written_bytes} bytes, then ${r.wait.code.replace('_', ' ')} (state: ${r.wait.agent?.state ?? 'none'})`,
        r,
      );
    ctx.print(r, () => `sent ${r.written_bytes} bytes${r.wait ? `; ${r.wait.state}` : ''}`);
    return 0;
  },
});
