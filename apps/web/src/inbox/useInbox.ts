'use client';
// The needs-you inbox as the page holds it: the server's list of blocked agents with the question
// each asks (oldest first, every session), the answers sent in this server run, and the outcome
// of this page's own answers. Kept fresh by server events (cache/eventTable.ts), never polled.
import type { InboxItemView } from '@rozi/server/inbox';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpcClient';

export type { InboxItemView };

export interface AnswerOutcome {
  ok: boolean;
  message: string;
}

/** Who answered, as the history shows it: this is all a browser knows about itself. */
function byLine(): string {
  const phone = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 640px)').matches;
  return `browser · ${phone ? 'phone' : 'desktop'}`;
}

export function useInbox() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  // Events keep it current (and a reconnect re-reads it): a refetch by age could start before an
  // inbox-changed event and land after it, writing the older inbox over the newer one for good.
  const query = useQuery(trpc.agents.inbox.queryOptions(undefined, { staleTime: Infinity }));
  const [outcomes, setOutcomes] = useState<Record<string, AnswerOutcome>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const answer = useCallback(
    async (item: InboxItemView, o: { choice: number; text?: string }) => {
      const id = item.question.question_id;
      setBusy(id);
      try {
        const r = await client.agents.answer.mutate({
          ...(item.ref
            ? { ref: JSON.stringify(item.ref) }
            : { session: item.session, target: String(item.pane) }),
          choice: o.choice,
          ...(o.text !== undefined ? { text: o.text } : {}),
          questionId: id,
          by: byLine(),
        });
        setOutcomes((m) => ({
          ...m,
          [id]: r.ok ? { ok: true, message: `Sent: ${r.answer.answer}` } : { ok: false, message: r.message },
        }));
      } catch (err) {
        setOutcomes((m) => ({
          ...m,
          [id]: { ok: false, message: err instanceof Error ? err.message : String(err) },
        }));
      } finally {
        setBusy(null);
      }
    },
    [client],
  );

  return {
    items: query.data?.items ?? [],
    history: query.data?.history ?? [],
    outcomes,
    busy,
    answer,
  };
}

export type Inbox = ReturnType<typeof useInbox>;
