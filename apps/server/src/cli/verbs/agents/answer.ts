// rozi agents answer --choice N [--text REPLY] [--question-id ID] --target P|--ref JSON: choose
// one of a blocked agent's choices, sending that agent's keys for it. Fenced like `agents prompt`:
// refused, writing nothing, when the agent is no longer blocked, another agent runs in the pane,
// the question changed since --question-id was read, or someone answered it already.
import { callServer } from '../../controlClient';
import { CliError, type Verb } from '../../verb';
import { agentTargetOf, agentTargetOptions, statusError } from './agentTarget';

export const agentsAnswerVerb: Verb = {
  path: ['agents', 'answer'],
  summary: "answer a blocked agent's question with choice N (fenced)",
  help: 'the keys sent are the ones `rozi agents question` lists for the choice; a write-in choice needs --text.\nexit codes: 0 sent, 2 bad choice or text, 5 gone, 6 replaced, 7 stale-ref, 8 refused (not blocked, question changed, already answered, choices unreadable), 9 no agent.',
  options: [
    ...agentTargetOptions,
    {
      name: 'choice',
      type: 'string',
      value: 'N',
      description: 'the choice to send, as numbered by agents question',
    },
    { name: 'text', type: 'string', value: 'REPLY', description: 'the written reply for a write-in choice' },
    {
      name: 'question-id',
      type: 'string',
      value: 'ID',
      description: 'answer only if the agent still asks this question (question_id of agents question)',
    },
  ],
  async run(ctx) {
    const raw = ctx.args.options.choice;
    const choice = typeof raw === 'string' && /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
    if (!(choice >= 1))
      throw new CliError('usage', '--choice N is required: a choice number from agents question');
    const text = ctx.args.options.text;
    const questionId = ctx.args.options['question-id'];
    const r = await callServer(ctx.io.env, 'agents.answer', {
      ...agentTargetOf(ctx, { requireWithSession: true }),
      choice,
      ...(typeof text === 'string' ? { text } : {}),
      ...(typeof questionId === 'string' ? { questionId } : {}),
      by: 'cli',
    });
    if (!r.ok) throw statusError(r.code, r.message, r);
    ctx.print(r, () => `answered: ${r.answer.answer} (${r.written_bytes} bytes)`);
    return 0;
  },
};
