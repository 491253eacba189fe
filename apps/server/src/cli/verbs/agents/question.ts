// rozi agents question --target P|--ref JSON: what a blocked agent asks, as read from its screen:
// the question, its choices and the keys each one sends (JSON when piped), or why the choices
// cannot be read. Exit 8 when the agent is not blocked.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { defineVerb } from '../../verb';
import type { PaneQuestion } from '../../../status/paneQuestion';
import { agentTargetFlags, agentTargetOf, statusError } from './agentTarget';

export function questionText(q: PaneQuestion): string {
  const lines = [q.question];
  for (const c of q.choices)
    lines.push(
      `  ${c.index}. ${c.label}${c.selected ? '  (cursor)' : ''}${c.freeText ? '  [takes --text]' : ''}  keys: ${c.keys.join(' ') || '-'}`,
    );
  if (!q.readable) lines.push(`  (choices not readable: ${q.reason ?? 'unknown'}; open the pane)`);
  return lines.join('\n');
}

export const agentsQuestionVerb = defineVerb({
  path: ['agents', 'question'],
  response: 'rozi',
  summary: 'what a blocked agent asks: question, choices and the keys each sends',
  help: 'JSON when piped: question, choices [{index,label,keys,selected,freeText}], readable, reason, question_id, excerpt.\nexit codes: 0 read, 5 gone, 6 replaced, 7 stale-ref, 8 not blocked, 9 no agent.',
  flags: z.object(agentTargetFlags),
  async run(ctx) {
    const r = await callServer(
      ctx.io.env,
      'agents.question',
      agentTargetOf(ctx, { requireWithSession: true }),
    );
    if (!r.ok) throw statusError(r.code, r.message);
    const { session, pane, agent, label, ref } = r.agent;
    ctx.print({ session, pane, agent, label, ref, ...r.question }, () => questionText(r.question));
    return 0;
  },
});
