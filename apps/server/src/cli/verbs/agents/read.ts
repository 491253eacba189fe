// rozi agents read --target P [--scrollback N]: the agent's row and its screen, in one answer.
import { callServer } from '../../controlClient';
import { CliError, type Verb } from '../../verb';
import { agentTargetOf, agentTargetOptions, statusError } from './agentTarget';

export const agentsReadVerb: Verb = {
  path: ['agents', 'read'],
  summary: "an agent's state and its screen (plus N lines of scrollback)",
  options: [
    ...agentTargetOptions,
    {
      name: 'scrollback',
      short: 'S',
      type: 'string',
      value: 'N',
      description: 'also include N lines of scrollback',
    },
  ],
  async run(ctx) {
    const sb = ctx.args.options.scrollback;
    if (sb !== undefined && !/^\d+$/.test(String(sb)))
      throw new CliError('usage', `--scrollback takes a number of lines, got '${String(sb)}'`);
    const r = await callServer(ctx.io.env, 'agents.read', {
      ...agentTargetOf(ctx, { requireWithSession: false }),
      scrollback: sb === undefined ? undefined : Number(sb),
    });
    if (!r.ok) throw statusError(r.code, r.message);
    ctx.print(r, () => {
      const lines = [...r.capture.lines];
      while (lines.length && lines[lines.length - 1] === '') lines.pop();
      return `# ${r.agent.label ?? r.agent.agent ?? 'no agent'}: ${r.agent.state ?? 'unlabelled'}\n${lines.join('\n')}\n`;
    });
    return 0;
  },
};
