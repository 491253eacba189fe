// The inbox as a projection (issue 13): whenever what it shows may have changed (a question
// asked, an answer sent, an agent entering or leaving blocked, a pane gone), the whole inbox is
// sent once as an `inbox-changed` event, so a browser writes it into its cache instead of asking
// `agents.inbox` again. Unchanged inboxes are not re-sent.
import type { EventBus } from '../events/bus';
import type { SessionManager } from '../session/manager';
import type { NeedsInput } from './needsInput';
import { inboxView } from './needsInputViews';

export function startInboxFeed(o: { bus: EventBus; manager: SessionManager; needs: NeedsInput }): () => void {
  let last = JSON.stringify(inboxView(o.manager, o.needs));
  const send = () => {
    const inbox = inboxView(o.manager, o.needs);
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
  ];
  return () => offs.forEach((off) => off());
}
