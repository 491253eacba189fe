// The inbox's shapes as pages and scripts see them (types only, so the event types can name them
// without importing the session manager).
import type { AnswerRecord } from './answerFence';
import type { PaneQuestion } from './paneQuestion';
import type { AgentRef } from './types';

export interface InboxItemView {
  session: string;
  pane: number;
  key: number;
  agent: string | null;
  label: string | null;
  since: number;
  ref: AgentRef | null;
  question: PaneQuestion;
}

export interface AnswerView extends Omit<AnswerRecord, 'pane'> {
  key: number;
  /** null once the pane is gone. */
  session: string | null;
  pane: number | null;
}

/** The whole inbox: what `agents.inbox` answers and every `inbox-changed` event carries. */
export interface InboxView {
  items: InboxItemView[];
  history: AnswerView[];
}
