'use client';
// Every agent pane across all sessions, as the server reports it (each pane row's effective
// status): agent, state, since when, message; Enter or a click goes there. An empty list says so
// instead of guessing.
import type { PaneView } from '@rozi/server/view';
import { Fragment } from 'react';
import {
  Dialog,
  EmptyState,
  FOCUS_RING,
  handleListKeys,
  StatusBadge,
  STATE_URGENCY,
  Table,
  TableCell,
  TableRow,
} from '@rozi/ui';

export interface ActivityViewProps {
  open: boolean;
  onClose(): void;
  panes: readonly PaneView[];
  unseen: ReadonlySet<number>;
  onOpenPane(pane: PaneView): void;
  /** A row a publisher published for the pane (rozi's agent slots): the publisher is told. */
  onActivateRow(pane: PaneView, row: string): void;
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

function ActivityTable({ panes, unseen, onOpenPane, onActivateRow, onNewAgent }: ActivityViewProps) {
  const rows = panes
    .flatMap((pane) => (pane.status ? [{ pane, status: pane.status }] : []))
    .sort(
      (a, b) =>
        STATE_URGENCY[b.status.state] - STATE_URGENCY[a.status.state] ||
        a.pane.session.localeCompare(b.pane.session) ||
        a.pane.id - b.pane.id,
    );
  if (rows.length === 0) {
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
    <div onKeyDown={(e) => handleListKeys(e, { items: '[data-activity-row] button' })}>
      <Table label="Agents" columns={['Agent', 'State', 'Since', 'Where', 'Message']}>
        {rows.map(({ pane, status }) => (
          <Fragment key={pane.key}>
            <TableRow data-activity-row={pane.key}>
              <TableCell>
                <button
                  type="button"
                  onClick={() => onOpenPane(pane)}
                  className={`font-medium text-fg hover:underline ${FOCUS_RING}`}
                >
                  {status.label ?? status.agent ?? pane.title}
                </button>
                {unseen.has(pane.key) && (
                  <span className="ml-1.5 inline-block size-1.5 rounded-full bg-accent" aria-label="unseen" />
                )}
              </TableCell>
              <TableCell>
                <StatusBadge state={status.state} />
              </TableCell>
              <TableCell
                className="text-muted"
                title={status.since !== null ? new Date(status.since).toLocaleString() : undefined}
              >
                {status.since !== null ? ago(status.since) : '—'}
              </TableCell>
              <TableCell className="font-mono text-[11px] text-muted">
                {pane.session}:{pane.id}
              </TableCell>
              <TableCell className="max-w-64 truncate text-muted" title={status.message ?? undefined}>
                {status.message ?? ''}
              </TableCell>
            </TableRow>
            {publishedRows(pane, onActivateRow)}
          </Fragment>
        ))}
      </Table>
    </div>
  );
}

/** The rows `rozi publish` published for a pane, under its row; Enter or a click activates one. */
function publishedRows(pane: PaneView, onActivateRow: ActivityViewProps['onActivateRow']) {
  return (pane.published ?? []).map((row) => (
    <TableRow
      key={`${pane.key}/${row.id}`}
      data-activity-row={`${pane.key}/${row.id}`}
      data-published-row={row.id}
    >
      <TableCell>
        <button
          type="button"
          onClick={() => onActivateRow(pane, row.id)}
          className={`pl-3 text-fg hover:underline ${FOCUS_RING}`}
        >
          ↳ {row.title || row.reason || row.publisher}
        </button>
      </TableCell>
      <TableCell>
        <StatusBadge state={row.state} />
      </TableCell>
      <TableCell className="text-muted">—</TableCell>
      <TableCell className="font-mono text-[11px] text-muted">
        {pane.session}:{pane.id}
      </TableCell>
      <TableCell className="max-w-64 truncate text-muted" title={row.reason ?? undefined}>
        {row.title ? (row.reason ?? '') : ''}
      </TableCell>
    </TableRow>
  ));
}
