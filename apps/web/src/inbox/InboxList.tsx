'use client';
// The inbox's content, shared by the desktop panel and the phone's first screen: everything that
// needs a person (oldest first), then the short history of answers with who sent what.
import type { Inbox } from './useInbox';
import { ago, InboxItemCard } from './InboxItemCard';

export function InboxList({
  inbox,
  size,
  onOpenPane,
}: {
  inbox: Inbox;
  size: 'compact' | 'large';
  onOpenPane(target: { session: string; key: number }): void;
}) {
  return (
    <div className="flex flex-col gap-3">
      {inbox.items.length === 0 && (
        <p className="text-[13px] text-muted" data-inbox-empty>
          No agent is waiting for you.
        </p>
      )}
      {inbox.items.map((item) => (
        <InboxItemCard
          key={`${item.key}:${item.question.question_id}`}
          item={item}
          size={size}
          outcome={inbox.outcomes[item.question.question_id]}
          busy={inbox.busy === item.question.question_id}
          onAnswer={(o) => void inbox.answer(item, o)}
          onOpenPane={() => onOpenPane({ session: item.session, key: item.key })}
        />
      ))}
      {inbox.history.length > 0 && (
        <section aria-label="Answered" data-inbox-history>
          <h3 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-muted">Answered</h3>
          <ul className="flex flex-col gap-1">
            {inbox.history.slice(0, 8).map((h) => (
              <li key={`${h.key}:${h.at}`} className="text-[12px] text-muted" data-answered={h.key}>
                <span className="text-fg">{h.label ?? h.agent ?? 'agent'}</span> <bdi>{h.question}</bdi> →{' '}
                <bdi className="text-fg">{h.answer}</bdi> · {h.by} · {ago(h.at)} ago
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
