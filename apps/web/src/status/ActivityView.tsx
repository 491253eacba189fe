'use client';
// Every agent pane across all sessions: agent, state, since when, message; click to go there.
// Only panes the server labelled appear; an empty list says so instead of guessing.
import type { PaneInfo } from '@rozi/server/model';
import { Dialog, EmptyState, FOCUS_RING, StatusBadge, STATE_URGENCY } from '@rozi/ui';
import { paneAgent, paneState } from './paneStatus';
import type { TrackedState } from './statusTracker';

export interface ActivityViewProps {
  open: boolean;
  onClose(): void;
  panes: readonly PaneInfo[];
  stateOf(key: number): TrackedState | undefined;
  unseen: ReadonlySet<number>;
  onOpenPane(pane: PaneInfo): void;
  onNewAgent(): void;
}

function ago(since: number | undefined): string {
  if (since === undefined) return '';
  const s = Math.max(0, Math.round((Date.now() - since) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  return `${Math.floor(s / 3600)}h ago`;
}

export function ActivityView({ open, onClose, panes, stateOf, unseen, onOpenPane, onNewAgent }: ActivityViewProps) {
  const rows = panes
    .filter((p) => paneAgent(p) !== null || paneState(p) !== null)
    .sort((a, b) => {
      const sa = paneState(a);
      const sb = paneState(b);
      return (sb ? STATE_URGENCY[sb] : -1) - (sa ? STATE_URGENCY[sa] : -1) || a.session.localeCompare(b.session) || a.id - b.id;
    });
  return (
    <Dialog open={open} onClose={onClose} title="Activity" widthClass="w-[min(720px,calc(100vw-2rem))]">
      {rows.length === 0 ? (
        <EmptyState
          icon="activity"
          title="No agents running"
          actions={
            <button type="button" onClick={onNewAgent} className={`rounded-md bg-accent px-3 py-1.5 text-[13px] font-medium text-accent-fg ${FOCUS_RING}`}>
              New agent…
            </button>
          }
        >
          Panes where rozi recognises a coding agent show up here with their state: working, needs input or done.
        </EmptyState>
      ) : (
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
            {rows.map((pane) => {
              const state = paneState(pane);
              return (
                <tr key={pane.key} className="border-t border-line">
                  <td className="py-1.5 pr-2">
                    <button type="button" onClick={() => onOpenPane(pane)} className={`font-medium text-fg hover:underline ${FOCUS_RING}`}>
                      {paneAgent(pane) ?? pane.title}
                    </button>
                    {unseen.has(pane.key) && <span className="ml-1.5 inline-block size-1.5 rounded-full bg-accent" aria-label="unseen" />}
                  </td>
                  <td className="py-1.5 pr-2">{state ? <StatusBadge state={state} /> : <span className="text-muted">—</span>}</td>
                  <td className="py-1.5 pr-2 text-muted">{ago(stateOf(pane.key)?.since)}</td>
                  <td className="py-1.5 pr-2 font-mono text-[11px] text-muted">
                    {pane.session}:{pane.id}
                  </td>
                  <td className="max-w-60 truncate py-1.5 text-muted">{pane.title}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
