// rozi agents answer --choice N [--text REPLY] [--question-id ID] --target P|--ref JSON: choose
// one of a blocked agent's choices, sending that agent's keys for it. Fenced like `agents prompt`:
// refused, writing nothing, when the agent is no longer blocked, another agent runs in the pane,
// the question changed since --question-id was read, or someone answered it already.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag, refuse } from '../../flags';
import { defineVerb } from '../../verb';
import { agentTargetFlags, agentTargetOf, statusError } from './agentTarget';

export const agentsAnswerVerb = defineVerb({
  path: ['agents', 'answer'],
  response: 'rozi',
  summary: "answer a blocked agent's question with choice N (fenced)",
  help: 'the keys sent are the ones `rozi agents question` lists for the choice; a write-in choice needs --text.\nexit codes: 0 sent, 2 bad choice or text, 5 gone, 6 replaced, 7 stale-ref, 8 refused (not blocked, question changed, already answered, choices unreadable), 9 no agent.',
  flags: z.object({
    ...agentTargetFlags,
    choice: flag.string(
      { value: 'N', description: 'the choice to send, as numbered by agents question' },
      z
        .string()
        .optional()
        .transform((raw, c) =>
          raw !== undefined && /^\d{1,2}$/.test(raw) && Number(raw) >= 1
            ? Number(raw)
            : refuse(c, '--choice N is required: a choice number from agents question'),
        ),
    ),
    text: flag.string({ value: 'REPLY', description: 'the written reply for a write-in choice' }),
    'question-id': flag.string({
      value: 'ID',
      description: 'answer only if the agent still asks this question (question_id of agents question)',
    }),
  }),
  async run(ctx) {
    const { choice, text, 'question-id': questionId } = ctx.opts;
    const r = await callServer(ctx.io.env, 'agents.answer', {
      ...agentTargetOf(ctx, { requireWithSession: true }),
      choice,
      ...(text !== undefined ? { text } : {}),
      ...(questionId !== undefined ? { questionId } : {}),
      by: 'cli',
    });
    if (!r.ok) throw statusError(r.code, r.message, r);
    ctx.print(r, () => `answered: ${r.answer.answer} (${r.written_bytes} bytes)`);
    return 0;
  },
});
