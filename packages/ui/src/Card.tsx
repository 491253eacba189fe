// A pane as a card in the mobile deck: what runs there and its state, one tap to open it.
import type { AgentState } from './agentState';
import { StatusBadge } from './StatusBadge';
import { FOCUS_RING } from './controls';

export interface PaneCardProps {
  title: string;
  subtitle?: string | null;
  context?: string | null;
  preview?: string | null;
  state?: AgentState | null;
  agentLabel?: string | null;
  onOpen: () => void;
}

export function PaneCard({ title, subtitle, context, preview, state, agentLabel, onOpen }: PaneCardProps) {
  return (
    <button
      type="button"
      onClick={onOpen}
      data-pane-card
      className={`flex w-full flex-col gap-1.5 rounded-xl border bg-surface p-3 text-left shadow-sm active:bg-surface-2 ${state === 'blocked' ? 'border-blocked/60' : 'border-line'} ${FOCUS_RING}`}
    >
      <div className="flex w-full items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-[15px] font-medium text-fg">{title}</span>
        {state && <StatusBadge state={state} />}
      </div>
      <div className="flex w-full items-center gap-2 text-[12px] text-muted">
        {agentLabel && <span className="rounded bg-surface-3 px-1.5 text-fg/90">{agentLabel}</span>}
        {context && <span className="truncate">{context}</span>}
        {subtitle && <span className="ml-auto truncate font-mono">{subtitle}</span>}
      </div>
      {preview && (
        <pre className="max-h-16 w-full overflow-hidden whitespace-pre-wrap rounded bg-term p-2 font-mono text-[11px] leading-4 text-fg/80">
          {preview}
        </pre>
      )}
    </button>
  );
}
