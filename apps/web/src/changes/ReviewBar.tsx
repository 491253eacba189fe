'use client';
// Sending the review: every comment as one prompt to the agent, through the same fence as
// `rozi agents prompt --ref`. The occupant is pinned when the view opens; a different agent run in
// the pane now is refused here, and the server refuses a blocked or working agent, writing nothing.
import type { PaneView } from '@rozi/server/view';
import { Button } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpcClient';
import { reviewText, type ReviewComment } from './reviewText';

export function ReviewBar(props: {
  pane: PaneView;
  comments: ReviewComment[];
  scope: string;
  onSent(): void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  // Pinned once: the run whose changes the person is reviewing.
  const opened = useQuery(
    trpc.agents.get.queryOptions({ key: props.pane.key }, { staleTime: Infinity, gcTime: 0 }),
  );
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const pinned = opened.data?.ok ? opened.data.agent.ref : null;

  const send = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const now = await client.agents.get.query({ key: props.pane.key });
      if (!pinned || !now.ok || !now.agent.ref) {
        setOutcome({ ok: false, message: now.ok ? 'No agent to send to in this pane.' : now.message });
        return;
      }
      if (
        now.agent.ref.occupant_id !== pinned.occupant_id ||
        now.agent.ref.status_epoch !== pinned.status_epoch
      ) {
        setOutcome({
          ok: false,
          message: `A different agent run is in pane ${props.pane.id} since you opened its changes: nothing was sent.`,
        });
        return;
      }
      const r = await client.agents.prompt.mutate({
        ref: JSON.stringify(now.agent.ref),
        text: reviewText({ comments: props.comments, scope: props.scope }),
      });
      if (r.ok) {
        setOutcome({
          ok: true,
          message: `Sent ${props.comments.length} comment${props.comments.length === 1 ? '' : 's'}; its changes will show as the next turn.`,
        });
        props.onSent();
      } else setOutcome({ ok: false, message: r.message });
    } catch (err) {
      setOutcome({ ok: false, message: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-center gap-2 border-t border-line bg-surface px-3 py-2 text-[12px]">
      <span className="text-muted">
        {props.comments.length === 0
          ? 'Click a line number or “Comment on hunk” to write a review.'
          : `${props.comments.length} comment${props.comments.length === 1 ? '' : 's'} ready`}
      </span>
      {outcome && (
        <span
          role={outcome.ok ? 'status' : 'alert'}
          data-review-outcome={outcome.ok ? 'sent' : 'refused'}
          className={outcome.ok ? 'text-done' : 'text-danger'}
        >
          {outcome.message}
        </span>
      )}
      <Button
        className="ml-auto shrink-0 whitespace-nowrap"
        variant="primary"
        disabled={busy || props.comments.length === 0 || !pinned}
        onClick={() => void send()}
      >
        Send review to agent
      </Button>
    </div>
  );
}
