// The inbox as a projection (issue 13): whenever what it shows may have changed (a question
// asked, an answer sent, an agent entering or leaving blocked, a pane gone), the whole inbox is
// sent once as an `inbox-changed` event, so a browser writes it into its cache instead of asking
// `agents.inbox` again. Unchanged inboxes are not re-sent.
import type { EventBus } from '../events/bus';
import type { SessionManager } from '../session/manager';
import type { NeedsInput } from './needsInput';
import { inboxView, type InboxView } from './needsInputViews';

/** Other inboxes shown with this server's (remote hosts'), and when they change. */
export interface ExtraInboxes {
  inboxes(): InboxView[];
  onInboxChange(listener: () => void): () => void;
}

/** This server's inbox with the extra ones: items by time, history newest last. */
export function mergedInbox(local: InboxView, extra: readonly InboxView[]): InboxView {
  if (extra.length === 0) return local;
  return {
    items: [...local.items, ...extra.flatMap((x) => x.items)].sort((a, b) => a.since - b.since),
    history: [...local.history, ...extra.flatMap((x) => x.history)].sort((a, b) => a.at - b.at),
  };
}

/** How often a blocked pane's question is read again while its state stays blocked. */
const QUESTION_REREAD_MS = 1000;

export function startInboxFeed(o: {
  bus: EventBus;
  manager: SessionManager;
  needs: NeedsInput;
  extra?: ExtraInboxes;
}): () => void {
  const current = () => mergedInbox(inboxView(o.manager, o.needs), o.extra?.inboxes() ?? []);
  let last = JSON.stringify(current());
  const send = () => {
    const inbox = current();
    const text = JSON.stringify(inbox);
    if (text === last) return;
    last = text;
    o.bus.emit({ type: 'inbox-changed', inbox });
  };
  const offs = [
    o.bus.on('needs-input', send),
    o.bus.on('question-answered', send),
    o.bus.on('pane-closed', send),
    o.bus.on('agent-state-changed', (e) => {
      if (e.state === 'blocked' || e.previous_state === 'blocked') send();
    }),
    ...(o.extra ? [o.extra.onInboxChange(send)] : []),
  ];
  // A blocked pane's question is read from its screen, which can change while the state stays
  // blocked: a dialog still being drawn when the state turned, or a second question straight
  // after the first. Re-read once a second while anything is blocked; unchanged is not re-sent.
  const reread = setInterval(() => {
    if (o.needs.hasBlocked()) send();
  }, QUESTION_REREAD_MS);
  reread.unref();
  return () => {
    clearInterval(reread);
    offs.forEach((off) => off());
  };
}
