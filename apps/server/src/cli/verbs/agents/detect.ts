// rozi agents detect --agent ID (--screen-file F | --screen-stdin) [--title T]: evaluates one
// screen offline with the loaded definitions and explains the verdict: the state, the rule that
// decided it, every rule that matched and the text each pattern matched.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { evaluate, formatLocation, type Evaluation } from '@rozi/detect';
import { loadDefinitionsFromDisk } from '../../../detection/loadDefinitions';
import { z } from 'zod';
import { flag } from '../../flags';
import { CliError, defineVerb } from '../../verb';

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function explain(result: Evaluation, screen: string, title: string): string {
  const source = (target: string) => (target === 'title' ? title : screen);
  const lines = [`state: ${result.state}`];
  const d = result.decidedBy;
  lines.push(
    d
      ? `decided by: ${d.ruleId} (${d.state}, ${d.target}${d.target === 'screen' ? `, ${d.scope}` : ''})${formatLocation(d.location) ? ` at ${formatLocation(d.location)}` : ''}`
      : 'decided by: no rule matched (idle by default)',
  );
  if (result.state === 'unknown')
    lines.push('unknown: this view hides the state; the pane keeps its last observed state');
  if (result.matches.length > 0) lines.push('matched:');
  for (const m of result.matches) {
    lines.push(`  ${m.ruleId} → ${m.state}${m === d ? ' (decides)' : ''}`);
    for (const s of m.spans)
      lines.push(
        `    ${JSON.stringify(source(s.target).slice(s.start, s.end))} at ${s.target} ${s.start}-${s.end} (pattern ${JSON.stringify(s.pattern)})`,
      );
  }
  return lines.join('\n');
}

export const agentsDetectVerb = defineVerb({
  path: ['agents', 'detect'],
  response: 'rozi',
  summary: 'evaluate a captured screen for an agent and explain the state (offline)',
  flags: z
    .object({
      agent: flag.string(
        { value: 'ID', description: 'agent definition id (see rozi agents definitions)' },
        z.string().min(1).optional(),
      ),
      'screen-file': flag.string({ value: 'FILE', description: 'read the screen text from FILE' }),
      'screen-stdin': flag.boolean({ description: 'read the screen text from standard input' }),
      title: flag.string(
        { value: 'TITLE', description: 'terminal title (OSC 0/2) to evaluate with the screen' },
        z.string().default(''),
      ),
    })
    .refine((o) => o.agent !== undefined, { error: 'agents detect needs --agent ID' })
    .refine((o) => (o['screen-file'] !== undefined) !== (o['screen-stdin'] === true), {
      error: 'give exactly one of --screen-file FILE or --screen-stdin',
    }),
  async run(ctx) {
    const { title: titleText, 'screen-file': file } = ctx.opts;
    const agent = ctx.opts.agent ?? '';
    const { set } = await loadDefinitionsFromDisk(ctx.io.env);
    if (!set.byId.has(agent))
      throw new CliError(
        'unknown-agent',
        `no agent definition '${agent}' (run 'rozi agents definitions' for the list)`,
      );
    let screen: string;
    if (file !== undefined) {
      screen = await readFile(resolve(ctx.io.cwd, file), 'utf8').catch((err: NodeJS.ErrnoException) => {
        throw new CliError('not-found', `cannot read screen file ${file}: ${err.code ?? err.message}`);
      });
    } else screen = await readAll(ctx.io.stdin);
    const result = evaluate(set, { agentId: agent, screen, title: titleText });
    const json = {
      agent: result.agentId,
      state: result.state,
      decided_by: result.decidedBy,
      matches: result.matches,
      footer_start: result.footerStart,
    };
    ctx.print(json, () => explain(result, screen, titleText));
    return 0;
  },
});
