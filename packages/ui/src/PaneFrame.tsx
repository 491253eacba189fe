// The chrome around one terminal: a one-line header (title, cwd, agent label and state, actions)
// and the body. The focused pane gets an accent edge so focus is visible without colour alone.
import type { ReactNode } from 'react';
import type { AgentState } from './agentState';
import { StatusBadge } from './StatusBadge';

export interface PaneFrameProps {
  paneId: number;
  title: string;
  cwd?: string | null;
  agentLabel?: string | null;
  state?: AgentState | null;
  /**
   * What the pane reported about itself (`rozi status VALUE --reason TEXT`). The values the badge
   * styles (working, blocked, done, idle) show through `state`; any other is shown as written.
   */
  reportedStatus?: { status: string; reason: string | null } | null;
  focused: boolean;
  zoomed?: boolean;
  exited?: boolean;
  actions?: ReactNode;
  /** Extra chips after the state (e.g. the agent worktree's branch, ahead/behind, dirty). */
  badges?: ReactNode;
  onHeaderMouseDown?: () => void;
  onHeaderDoubleClick?: () => void;
  /** A double-click on the title itself (rename); the rest of the header keeps onHeaderDoubleClick. */
  onTitleDoubleClick?: () => void;
  children: ReactNode;
}

/** Reported values the state badge already draws. */
const STYLED = new Set(['working', 'blocked', 'done', 'idle']);

export function PaneFrame(props: PaneFrameProps) {
  const { paneId, title, cwd, agentLabel, state, focused, zoomed, exited, actions, children } = props;
  return (
    <section
      aria-label={`Pane ${paneId}: ${title}`}
      data-pane-id={paneId}
      data-focused={focused || undefined}
      className={`flex h-full min-h-0 w-full min-w-0 flex-col overflow-hidden rounded-[3px] border bg-term ${focused ? 'border-accent/80 shadow-[0_0_0_1px_var(--color-accent)]' : 'border-line'}`}
    >
      <header
        className={`flex h-7 shrink-0 select-none items-center gap-2 border-b border-line px-2 text-[12px] ${focused ? 'bg-surface-2' : 'bg-surface'}`}
        onMouseDown={props.onHeaderMouseDown}
        onDoubleClick={props.onHeaderDoubleClick}
      >
        <span
          aria-hidden="true"
          className={`font-mono text-[10px] ${focused ? 'text-accent' : 'text-muted'}`}
        >
          {paneId}
        </span>
        <span
          className={`min-w-0 shrink truncate font-medium ${focused ? 'text-fg' : 'text-muted'}`}
          data-pane-title
          title={props.onTitleDoubleClick ? `${title} (double-click to rename)` : undefined}
          onDoubleClick={
            props.onTitleDoubleClick &&
            ((e) => {
              e.stopPropagation();
              props.onTitleDoubleClick?.();
            })
          }
        >
          {title}
        </span>
        {agentLabel && (
          <span className="shrink-0 rounded bg-surface-3 px-1.5 text-[11px] text-fg/90">{agentLabel}</span>
        )}
        {state && <StatusBadge state={state} />}
        {props.badges}
        {props.reportedStatus && !STYLED.has(props.reportedStatus.status) && (
          <span
            className="min-w-0 shrink truncate rounded bg-surface-3 px-1.5 text-[11px] text-fg/90"
            title={props.reportedStatus.reason ?? undefined}
            data-reported-status={props.reportedStatus.status}
          >
            {props.reportedStatus.status}
            {props.reportedStatus.reason ? ` · ${props.reportedStatus.reason}` : ''}
          </span>
        )}
        {exited && (
          <span className="shrink-0 rounded bg-danger/15 px-1.5 text-[11px] text-danger">exited</span>
        )}
        {zoomed && (
          <span className="shrink-0 rounded bg-accent/15 px-1.5 text-[11px] text-accent">zoomed</span>
        )}
        {/* The cwd takes only the room the title leaves (basis 0): in a narrow pane the title
            ("bash") used to shrink to "b…" beside a long directory. */}
        {cwd && (
          <span
            className="ml-auto min-w-0 flex-1 basis-0 truncate font-mono text-[11px] text-muted"
            title={cwd}
            dir="rtl"
          >
            <bdi>{cwd}</bdi>
          </span>
        )}
        <div className={`flex shrink-0 items-center gap-0.5 ${cwd ? '' : 'ml-auto'}`}>{actions}</div>
      </header>
      <div className="relative min-h-0 flex-1">{children}</div>
    </section>
  );
}
