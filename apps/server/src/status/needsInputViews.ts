// What the inbox, `rozi agents question` and `rozi agents answer` return: needsInput.ts's values
// with the pane named the way people and scripts name it (session + pane id) and the `--ref`.
import type { SessionManager } from '../session/manager';
import type { AnswerRecord } from './answerFence';
import type { AnswerView, InboxItemView, InboxView } from './inboxTypes';

export type { AnswerView, InboxItemView, InboxView };
import { refOf } from './agentRef';
import type { NeedsInput, NeedsInputItem } from './needsInput';

export function inboxItemView(manager: SessionManager, item: NeedsInputItem): InboxItemView | null {
  const pane = manager.panes.get(item.row.pane);
  if (!pane) return null;
  return {
    session: pane.session.name,
    pane: pane.id,
    key: pane.key,
    agent: item.row.agent,
    label: item.row.label,
    since: item.since,
    ref: refOf(item.row),
    question: item.question,
  };
}

export function answerView(manager: SessionManager, record: AnswerRecord): AnswerView {
  const { pane: key, ...rest } = record;
  const pane = manager.panes.get(key);
  return { ...rest, key, session: pane?.session.name ?? null, pane: pane?.id ?? null };
}

export function inboxView(manager: SessionManager, needs: NeedsInput): InboxView {
  return {
    items: needs
      .items()
      .map((item) => inboxItemView(manager, item))
      .filter((v): v is InboxItemView => v !== null),
    history: needs.history().map((record) => answerView(manager, record)),
  };
}
