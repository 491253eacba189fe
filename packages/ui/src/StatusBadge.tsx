import type { AgentState } from './agentState';
import { STATE_LABEL } from './agentState';

const DOT: Record<AgentState, string> = {
  working: 'bg-working rozi-pulse',
  blocked: 'bg-blocked',
  done: 'bg-done',
  idle: 'bg-muted/60',
  unknown: 'bg-muted/40',
};

const PILL: Record<AgentState, string> = {
  working: 'text-working border-working/40 bg-working/10',
  blocked: 'text-blocked border-blocked/50 bg-blocked/10',
  done: 'text-done border-done/40 bg-done/10',
  idle: 'text-muted border-line bg-transparent',
  unknown: 'text-muted border-line bg-transparent',
};

export interface StatusBadgeProps {
  state: AgentState;
  /** A dot only (sidebar rows, tabs); the label is still read by screen readers. */
  compact?: boolean;
  className?: string;
}

/** One pane's (or group's most urgent) agent state. Render nothing at all for a plain shell. */
export function StatusBadge({ state, compact = false, className = '' }: StatusBadgeProps) {
  if (compact) {
    return (
      <span className={`inline-flex items-center ${className}`} title={STATE_LABEL[state]} data-state={state}>
        <span aria-hidden="true" className={`inline-block size-2 rounded-full ${DOT[state]}`} />
        <span className="sr-only">{STATE_LABEL[state]}</span>
      </span>
    );
  }
  return (
    <span
      data-state={state}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2 py-px text-[11px] font-medium leading-4 ${PILL[state]} ${className}`}
    >
      <span aria-hidden="true" className={`inline-block size-1.5 rounded-full ${DOT[state]}`} />
      {STATE_LABEL[state]}
    </span>
  );
}
