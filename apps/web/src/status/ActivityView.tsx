'use client';
// Every agent pane across all sessions, as the status service reports it: agent, state, since
// when, message; click to go there. An empty list says so instead of guessing.
import type { PaneInfo } from '@rozi/server/model';
import { Dialog, EmptyState, FOCUS_RING, isAgentState, StatusBadge, STATE_URGENCY } from '@rozi/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../api/trpcClient';
import { useStream } from '../shell/streamContext';

export interface ActivityViewProps {
  open: boolean;
  onClose(): void;
  panes: readonly PaneInfo[];
  unseen: ReadonlySet<number>;
  onOpenPane(pane: PaneInfo): void;
  onNewAgent(): void;
}

function ago(at: number): string {
  const s = Math.max(0, Math.round((Date.now() - at) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  return `${Math.floor(s / 3600)}h ago`;
}

export function ActivityView(props: ActivityViewProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title="Activity"
      widthClass="w-[min(760px,calc(100vw-2rem))]"
    >
      {props.open && <ActivityTable {...props} />}
    </Dialog>
  );
}

function ActivityTable({ panes, unseen, onOpenPane, onNewAgent }: ActivityViewProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stream = useStream();
  const options = trpc.agents.list.queryOptions({ all: true });
  const rows = useQuery(options);

  useEffect(
    () =>
      stream.onEvent((event) => {
        if (event.type === 'agent-state-changed' || event.type === 'workspace-changed')
          void queryClient.invalidateQueries({ queryKey: options.queryKey });
      }),
    [stream, queryClient, options.queryKey],
  );

  if (rows.error)
    return <p className="text-[12px] text-danger">Could not read agent states: {rows.error.message}</p>;
  if (rows.isLoading) return <p className="text-[12px] text-muted">Reading agent states…</p>;
  const sorted = [...(rows.data ?? [])].sort((a, b) => {
    const ua = isAgentState(a.state) ? STATE_URGENCY[a.state] : -1;
    const ub = isAgentState(b.state) ? STATE_URGENCY[b.state] : -1;
    return ub - ua || a.session.localeCompare(b.session) || a.pane - b.pane;
  });
  if (sorted.length === 0) {
    return (
      <EmptyState
        icon="activity"
        title="No agents running"
        actions={
          <button
            type="button"
            onClick={onNewAgent}
            className={`rounded-md bg-accent px-3 py-1.5 text-[13px] font-medium text-accent-fg ${FOCUS_RING}`}
          >
            New agent…
          </button>
        }
      >
        Panes where rozi recognises a coding agent show up here with their state: working, needs input or
        done.
      </EmptyState>
    );
  }
  return (
    <table className="w-full text-left text-[12px]">
      <thead className="text-[11px] uppercase tracking-wide text-muted">
        <tr>
          <th className="py-1 pr-2 font-medium">Agent</th>
          <th className="py-1 pr-2 font-medium">State</th>
          <th className="py-1 pr-2 font-medium">Since</th>
          <th className="py-1 pr-2 font-medium">Where</th>
          <th className="py-1 font-medium">Message</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => {
          const pane = panes.find((p) => p.key === row.key);
          return (
            <tr key={row.key} className="border-t border-line" data-activity-row={row.key}>
              <td className="py-1.5 pr-2">
                <button
                  type="button"
                  disabled={!pane}
                  onClick={() => pane && onOpenPane(pane)}
                  className={`font-medium text-fg hover:underline ${FOCUS_RING}`}
                >
                  {row.label ?? row.agent ?? pane?.title ?? `pane ${row.pane}`}
                </button>
                {unseen.has(row.key) && (
                  <span className="ml-1.5 inline-block size-1.5 rounded-full bg-accent" aria-label="unseen" />
                )}
              </td>
              <td className="py-1.5 pr-2">
                {isAgentState(row.state) ? (
                  <StatusBadge state={row.state} />
                ) : (
                  <span className="text-muted">—</span>
                )}
              </td>
              <td className="py-1.5 pr-2 text-muted" title={new Date(row.updated_at).toLocaleString()}>
                {ago(row.updated_at)}
              </td>
              <td className="py-1.5 pr-2 font-mono text-[11px] text-muted">
                {row.session}:{row.pane}
              </td>
              <td className="max-w-64 truncate py-1.5 text-muted" title={row.message ?? undefined}>
                {row.message ?? ''}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
