// rozi agents read --target P [--scrollback N]: the agent's row and its screen, in one answer.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { agentTargetFlags, agentTargetOf, statusError } from './agentTarget';

export const agentsReadVerb = defineVerb({
  path: ['agents', 'read'],
  response: 'rozi',
  summary: "an agent's state and its screen (plus N lines of scrollback)",
  flags: z.object({
    ...agentTargetFlags,
    scrollback: flag.string(
      { short: 'S', value: 'N', description: 'also include N lines of scrollback' },
      z.string().regex(/^\d+$/, { error: 'a number of lines' }).transform(Number).optional(),
    ),
  }),
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'agents.read', {
      ...agentTargetOf(ctx, { requireWithSession: false }),
      scrollback: ctx.opts.scrollback,
    });
    if (!r.ok) throw statusError(r.code, r.message);
    ctx.print(r, () => {
      const lines = [...r.capture.lines];
      while (lines.length && lines[lines.length - 1] === '') lines.pop();
      return `# ${r.agent.label ?? r.agent.agent ?? 'no agent'}: ${r.agent.state ?? 'unlabelled'}\n${lines.join('\n')}\n`;
    });
    return 0;
  },
});
