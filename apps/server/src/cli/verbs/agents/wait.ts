// rozi agents wait --target P|--ref JSON --until STATES [--timeout D]: blocks on one connection
// until the agent reaches one of the states (decided in the server, event-driven). Only
// `matched` exits 0; timed-out, gone, replaced and stale-ref have their own exit codes.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { MAX_WAIT_MS } from '../../../status/waitDuration';
import { agentTargetFlags, agentTargetOf, statusError, untilFlag, waitDurationFlag } from './agentTarget';

export const agentsWaitVerb = defineVerb({
  path: ['agents', 'wait'],
  response: 'rozi',
  summary: 'wait until an agent is working, blocked, idle, done, quiescent or gone',
  help: 'states: working, blocked, idle, done (idle after work, until viewed), quiescent (idle or done), gone.\nexit codes: 0 matched, 4 timed-out, 5 gone, 6 replaced, 7 stale-ref (see README).',
  flags: z.object({
    ...agentTargetFlags,
    until: flag.list(
      { value: 'STATES', description: 'comma list of states to wait for (repeatable)' },
      untilFlag,
    ),
    timeout: flag.string(
      { value: 'DURATION', description: 'give up after this long: 500ms, 30s, 2m (at most 5m; default 5m)' },
      waitDurationFlag,
    ),
  }),
  async run(ctx) {
    const until = ctx.opts.until;
    const timeoutMs = ctx.opts.timeout ?? MAX_WAIT_MS;
    const target = agentTargetOf(ctx, { requireWithSession: true });
    const r = await callServer(ctx.io.env, 'agents.wait', {
      ...target,
      until,
      timeoutMs,
    });
    if (!r.ok) throw statusError(r.code, r.message);
    if (r.code !== 'matched') {
      const why = {
        'timed-out': `timed out after ${r.elapsed_ms} ms`,
        gone: 'the agent is gone',
        replaced: 'a different agent replaced it',
        'stale-ref': 'the ref is stale',
      }[r.code];
      throw statusError(r.code, `${why} (state: ${r.agent?.state ?? 'none'})`, r);
    }
    ctx.print(
      r,
      () => `${r.state}${r.agent?.state && r.agent.state !== r.state ? ` (${r.agent.state})` : ''}`,
    );
    return 0;
  },
});
