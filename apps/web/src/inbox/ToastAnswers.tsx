'use client';
// A blocked agent's toast answers in place: one small button per choice (a write-in choice, or a
// dialog whose choices cannot be read, opens the inbox instead).
import { FOCUS_RING } from '@rozi/ui';
import type { Inbox } from './useInbox';

export function ToastAnswers({ inbox, paneKey, onMore }: { inbox: Inbox; paneKey: number; onMore(): void }) {
  const item = inbox.items.find((i) => i.key === paneKey);
  if (!item) return null;
  const q = item.question;
  const outcome = inbox.outcomes[q.question_id];
  const plain = q.readable ? q.choices.filter((c) => !c.freeText) : [];
  return (
    <div className="mt-2 flex flex-wrap gap-1" data-toast-answers={paneKey}>
      {plain.map((c) => (
        <button
          key={c.index}
          type="button"
          data-choice={c.index}
          disabled={inbox.busy === q.question_id}
          onClick={() => void inbox.answer(item, { choice: c.index })}
          className={`max-w-full truncate rounded border border-line bg-surface-2 px-2 py-0.5 text-[12px] text-fg hover:bg-surface-3 ${FOCUS_RING}`}
        >
          <bdi>{c.label}</bdi>
        </button>
      ))}
      {(!q.readable || plain.length < q.choices.length) && (
        <button
          type="button"
          onClick={onMore}
          className={`rounded px-2 py-0.5 text-[12px] text-accent hover:underline ${FOCUS_RING}`}
        >
          {q.readable ? 'Reply…' : 'Open inbox'}
        </button>
      )}
      {outcome && (
        <span
          role={outcome.ok ? 'status' : 'alert'}
          className={`w-full text-[11px] ${outcome.ok ? 'text-muted' : 'text-danger'}`}
        >
          {outcome.message}
        </span>
      )}
    </div>
  );
}
