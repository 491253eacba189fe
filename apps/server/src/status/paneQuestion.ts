// The question a blocked pane is asking, as the inbox, `rozi agents question` and the
// needs-input event carry it: @rozi/detect's reading of the pane's screen, plus a digest that
// an answer names so it can never land on a different question than the one the person read.
import { evaluate, readQuestion, type DefinitionSet, type DialogQuestion } from '@rozi/detect';
import type { StatusRow } from './types';

export interface PaneQuestion extends DialogQuestion {
  /** Digest of the question, its choices and their keys: an answer names the question it answers. */
  question_id: string;
  /** `screen`: read from the dialog; `status`: the screen shows none, the row's message stands in. */
  from: 'screen' | 'status';
}

/** FNV-1a over UTF-16 units, two lanes: a stable id for equality, not a secret. */
function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 7), 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

export function questionId(q: DialogQuestion): string {
  return digest(
    JSON.stringify([q.question, q.readable, q.choices.map((c) => [c.label, c.keys, c.freeText])]),
  );
}

/**
 * The question of a pane whose status row is blocked. When the screen does not read blocked
 * (the state came from the agent's own report or a published row) the row's message is the
 * question and nothing can be answered from here.
 */
export function readPaneQuestion(o: {
  definitions: DefinitionSet;
  row: StatusRow;
  screen: { text: string; title: string };
}): PaneQuestion {
  const evaluation = evaluate(o.definitions, {
    agentId: o.row.agent,
    screen: o.screen.text,
    title: o.screen.title,
  });
  const read = readQuestion(o.definitions, { screen: o.screen.text, evaluation });
  const q: DialogQuestion = read ?? {
    question: o.row.message?.trim() || `${o.row.label ?? o.row.agent ?? 'The agent'} needs input`,
    choices: [],
    readable: false,
    reason:
      o.row.source === 'screen'
        ? 'the screen no longer shows the dialog'
        : 'the agent reported that it is blocked; its screen shows no dialog to read',
    excerpt: [],
    via: null,
  };
  return { ...q, question_id: questionId(q), from: read ? 'screen' : 'status' };
}
