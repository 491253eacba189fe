// The fenced answer: choose one of a blocked agent's choices by sending that agent's keys, only
// if it is still the run the person saw, still blocked on the same question, and nobody answered
// it already. Like the prompt fence, every check and the write happen in one synchronous run,
// called after the mirror has parsed everything the pane sent (so the screen read here is the
// newest one): a refusal writes no byte. The keys come from the question as read now, never from
// the request, so a client cannot send anything but a choice the dialog offers.
import type { PaneKey } from '../session/model';
import type { PaneQuestion } from './paneQuestion';
import type { AnswerRefusal } from './statusCodes';
import type { AgentRef, StatusRow } from './types';

export type { AnswerRefusal };

/** Longest write-in reply; a reply is one line of text. */
export const MAX_ANSWER_TEXT = 2000;

export interface AnswerRecord {
  /** Milliseconds since the epoch. */
  at: number;
  pane: PaneKey;
  agent: string | null;
  label: string | null;
  question: string;
  question_id: string;
  choice: number;
  /** The choice's label, or the write-in text. */
  answer: string;
  /** Who answered: the client's own description (`browser · phone`, `cli`). */
  by: string;
}

export interface AnswerRequest {
  pane: PaneKey;
  choice: number;
  /** The write-in reply, for a free-text choice. */
  text?: string;
  /** The question the person read; absent = whatever the pane asks now (scripts). */
  questionId?: string;
  ref?: AgentRef;
  by: string;
}

export type AnswerResult =
  | { ok: true; row: StatusRow; written_bytes: number; record: AnswerRecord }
  | { ok: false; code: AnswerRefusal; message: string; row: StatusRow | null };

export interface AnswerFenceDeps {
  epoch: string;
  row(pane: PaneKey): StatusRow | undefined;
  /** The question on the pane's screen now. */
  question(pane: PaneKey, row: StatusRow): PaneQuestion;
  /** The answer already sent to this question in this blocked spell, if any. */
  answered(pane: PaneKey, questionId: string): AnswerRecord | undefined;
  /** Key names → bytes for this pane (cursor-key mode), or the names it could not encode. */
  encode(pane: PaneKey, keys: string[]): string | null;
  write(pane: PaneKey, data: string): boolean;
  now(): number;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function textProblem(text: string): string | null {
  if (text.trim() === '') return 'the reply is empty';
  if (text.length > MAX_ANSWER_TEXT)
    return `the reply is ${text.length} characters; the limit is ${MAX_ANSWER_TEXT}`;
  if (CONTROL.test(text)) return 'the reply is one line of text: control characters and newlines are refused';
  return null;
}

function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s}s ago` : `${Math.round(s / 60)}m ago`;
}

export function fencedAnswer(deps: AnswerFenceDeps, req: AnswerRequest): AnswerResult {
  const refuse = (code: AnswerRefusal, message: string, row: StatusRow | null = null): AnswerResult => ({
    ok: false,
    code,
    message: `${message}; nothing was sent`,
    row,
  });
  if (req.ref && req.ref.status_epoch !== deps.epoch)
    return refuse('stale-ref', 'the question is from an earlier server run');
  const row = deps.row(req.pane);
  if (!row) return refuse('gone', 'the pane is gone');
  if (req.ref) {
    if (row.occupant_id === null) return refuse('gone', 'the agent that asked has exited', row);
    if (row.occupant_id !== req.ref.occupant_id)
      return refuse('replaced', 'a different agent now runs in the pane', row);
  }
  if (row.occupant_id === null && row.state === null)
    return refuse('no-agent', 'no agent is detected in the pane', row);
  if (row.state !== 'blocked')
    return refuse('not-blocked', `the agent is no longer waiting (it is ${row.state ?? 'gone'})`, row);
  const q = deps.question(req.pane, row);
  if (req.questionId !== undefined && req.questionId !== q.question_id)
    return refuse('changed', 'the agent now asks something else than the question answered', row);
  const earlier = deps.answered(req.pane, q.question_id);
  if (earlier)
    return refuse(
      'answered',
      `already answered by ${earlier.by} ${ago(deps.now() - earlier.at)} (${earlier.answer})`,
      row,
    );
  if (!q.readable)
    return refuse(
      'unreadable',
      `the choices cannot be read (${q.reason ?? 'unknown dialog'}): open the pane`,
      row,
    );
  const choice = q.choices.find((c) => c.index === req.choice);
  if (!choice) return refuse('no-choice', `there is no choice ${req.choice} (1-${q.choices.length})`, row);
  let text = '';
  if (choice.freeText) {
    if (req.text === undefined)
      return refuse('needs-text', `choice ${req.choice} takes a written reply (--text)`, row);
    const problem = textProblem(req.text);
    if (problem) return refuse('bad-text', problem, row);
    text = req.text;
  } else if (req.text !== undefined) {
    return refuse('bad-text', `choice ${req.choice} takes no written reply`, row);
  }
  const keys = deps.encode(req.pane, choice.keys);
  if (keys === null)
    return refuse('write-failed', `the keys ${choice.keys.join(' ')} cannot be encoded`, row);
  const data = choice.freeText ? `${keys}${text}\r` : keys;
  if (!deps.write(req.pane, data)) return refuse('write-failed', 'writing to the pane failed', row);
  const record: AnswerRecord = {
    at: deps.now(),
    pane: req.pane,
    agent: row.agent,
    label: row.label,
    question: q.question,
    question_id: q.question_id,
    choice: choice.index,
    answer: choice.freeText ? `${choice.label}: ${text}` : choice.label,
    by: req.by,
  };
  return { ok: true, row, written_bytes: Buffer.byteLength(data), record };
}
