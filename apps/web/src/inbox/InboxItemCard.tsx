'use client';
// One agent waiting on a person: who asks, since when, the question, and one button per choice
// (the server sends that agent's keys for it). A write-in choice opens a one-line reply field.
// When the choices cannot be read the card shows the dialog's lines and "Open pane" only.
import { Button, FOCUS_RING, TextInput } from '@rozi/ui';
import { useState } from 'react';
import type { AnswerOutcome, InboxItemView } from './useInbox';

export function ago(at: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  return `${Math.floor(s / 3600)}h`;
}

export interface InboxItemCardProps {
  item: InboxItemView;
  /** `large`: the phone's first screen (tall, full-width buttons). */
  size: 'compact' | 'large';
  outcome: AnswerOutcome | undefined;
  busy: boolean;
  onAnswer(o: { choice: number; text?: string }): void;
  onOpenPane(): void;
}

export function InboxItemCard({ item, size, outcome, busy, onAnswer, onOpenPane }: InboxItemCardProps) {
  const q = item.question;
  const [writing, setWriting] = useState<number | null>(null);
  const [text, setText] = useState('');
  const large = size === 'large';
  const choiceClass = large
    ? 'min-h-[48px] w-full rounded-lg px-4 py-2 text-left text-[15px]'
    : 'min-h-8 w-full rounded-md px-3 py-1 text-left text-[13px]';
  return (
    <article
      data-inbox-item={item.key}
      data-readable={q.readable ? 'true' : 'false'}
      aria-label={`${item.label ?? item.agent ?? 'agent'} in ${item.session} pane ${item.pane} asks`}
      className="rounded-lg border border-line border-l-4 border-l-blocked bg-surface p-3"
    >
      <header className="mb-1 flex items-baseline gap-2 text-[12px] text-muted">
        <span className="font-semibold text-fg">{item.label ?? item.agent ?? 'agent'}</span>
        <span>
          {item.session}:{item.pane}
        </span>
        <span className="ml-auto" title={new Date(item.since).toLocaleString()}>
          waiting {ago(item.since)}
        </span>
      </header>
      <p data-question className={`mb-2 font-medium text-fg ${large ? 'text-[16px]' : 'text-[13px]'}`}>
        <bdi>{q.question}</bdi>
      </p>
      {q.readable ? (
        <ol className="flex flex-col gap-1.5" aria-label="Answers">
          {q.choices.map((c) => (
            <li key={c.index}>
              <button
                type="button"
                data-choice={c.index}
                disabled={busy}
                onClick={() => (c.freeText ? setWriting(c.index) : onAnswer({ choice: c.index }))}
                className={`${choiceClass} border ${c.selected ? 'border-accent' : 'border-line'} bg-surface-2 font-medium text-fg hover:bg-surface-3 disabled:opacity-50 ${FOCUS_RING}`}
              >
                <span className="mr-2 text-muted">{c.index}.</span>
                <bdi>{c.label}</bdi>
              </button>
              {writing === c.index && (
                <form
                  className="mt-1.5 flex gap-1.5"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (text.trim()) onAnswer({ choice: c.index, text });
                  }}
                >
                  <TextInput
                    autoFocus
                    aria-label="Your reply"
                    data-reply={c.index}
                    value={text}
                    maxLength={2000}
                    onChange={(e) => setText(e.target.value)}
                    className={large ? 'h-[48px] text-[15px]' : ''}
                  />
                  <Button
                    type="submit"
                    variant="primary"
                    disabled={busy || !text.trim()}
                    className={large ? 'h-[48px]' : ''}
                  >
                    Send
                  </Button>
                </form>
              )}
            </li>
          ))}
        </ol>
      ) : (
        q.excerpt.length > 0 && (
          <pre
            data-excerpt
            className="mb-2 max-h-40 overflow-auto rounded-md bg-bg p-2 font-mono text-[11px] leading-snug text-muted"
          >
            {q.excerpt.join('\n')}
          </pre>
        )
      )}
      <div className="mt-2 flex items-center gap-2">
        <Button
          variant={q.readable ? 'ghost' : 'primary'}
          onClick={onOpenPane}
          // Never squeezed to two clipped lines by the reason beside it.
          className={`shrink-0 whitespace-nowrap ${large ? 'h-[44px]' : ''}`}
        >
          Open pane
        </Button>
        {!q.readable && <span className="text-[11px] text-muted">{q.reason}</span>}
      </div>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          data-outcome={outcome.ok ? 'sent' : 'refused'}
          className={`mt-2 text-[12px] ${outcome.ok ? 'text-muted' : 'text-danger'}`}
        >
          {outcome.message}
        </p>
      )}
    </article>
  );
}
