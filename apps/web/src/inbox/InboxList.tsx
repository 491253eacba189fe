'use client';
// The inbox's content, shared by the desktop panel and the phone's first screen: everything that
// needs a person (oldest first), then the short history of answers with who sent what.
import { useEffect, useRef, type RefObject } from 'react';
import type { Inbox } from './useInbox';
import { ago, InboxItemCard } from './InboxItemCard';

/**
 * An answer sent from the keyboard disables its card's choices and then the card goes: the
 * browser leaves the focus on <body>, where the next Enter does nothing. While the focus is in the
 * list it moves on instead: to the next question's first answer, else to `fallback` (the panel's
 * close button).
 */
function useFocusFollowsAnswers(
  box: RefObject<HTMLDivElement | null>,
  items: Inbox['items'],
  fallback?: RefObject<HTMLElement | null>,
) {
  const within = useRef(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onIn = () => (within.current = true);
    // Leaving for another element ends it; a focus dropped because its element went (no related
    // target) is the case this hook is for.
    const onOut = (e: FocusEvent) => {
      if (e.relatedTarget !== null && !el.contains(e.relatedTarget as Node)) within.current = false;
    };
    el.addEventListener('focusin', onIn);
    el.addEventListener('focusout', onOut);
    return () => {
      el.removeEventListener('focusin', onIn);
      el.removeEventListener('focusout', onOut);
    };
  }, [box]);
  useEffect(() => {
    const el = box.current;
    if (!el || !within.current) return;
    const at = document.activeElement;
    const stranded =
      at === null ||
      at === document.body ||
      !at.isConnected ||
      (el.contains(at) && (at as HTMLButtonElement).disabled);
    if (!stranded) return;
    const next = el.querySelector<HTMLElement>('[data-inbox-item] button[data-choice]:not([disabled])');
    (next ?? fallback?.current)?.focus();
    if (!next) within.current = false;
  }, [box, items, fallback]);
}

export function InboxList({
  inbox,
  size,
  onOpenPane,
  fallbackFocus,
}: {
  inbox: Inbox;
  size: 'compact' | 'large';
  onOpenPane(target: { session: string; key: number }): void;
  /** Where the focus goes when the last question in the list was answered from it. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const box = useRef<HTMLDivElement>(null);
  useFocusFollowsAnswers(box, inbox.items, fallbackFocus);
  return (
    <div ref={box} className="flex flex-col gap-3">
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
