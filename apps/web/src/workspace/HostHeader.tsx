'use client';
// The header of a host's sessions in the sidebar: the host badge (alias), its link state as a dot
// and a word, and while the link is not up, the reason in one line (also the tooltip).
import type { HostState } from '@rozi/server/model';
import { FOCUS_RING, Icon } from '@rozi/ui';

const STATE_LOOK: Record<HostState, { dot: string; word: string }> = {
  connected: { dot: 'bg-done', word: 'connected' },
  connecting: { dot: 'bg-working animate-pulse', word: 'connecting' },
  reconnecting: { dot: 'bg-blocked animate-pulse', word: 'reconnecting' },
  offline: { dot: 'bg-danger', word: 'offline' },
  idle: { dot: 'bg-muted', word: 'not connected' },
};

export interface HostHeaderProps {
  /** The remote host alias; null is this machine. */
  host: string | null;
  state: HostState | null;
  reason: string | null;
  collapsed: boolean;
  onToggle(): void;
}

export function HostHeader({ host, state, reason, collapsed, onToggle }: HostHeaderProps) {
  const look = state ? STATE_LOOK[state] : null;
  const label = host ?? 'This machine';
  return (
    <div data-host-header={host ?? 'local'} data-host-state={state ?? undefined} className="px-1 pt-2">
      <button
        type="button"
        aria-expanded={!collapsed}
        onClick={onToggle}
        title={reason ? `${label}: ${look?.word} — ${reason}` : look ? `${label}: ${look.word}` : label}
        className={`flex w-full items-center gap-1.5 rounded px-1 py-0.5 text-left text-[12px] font-semibold text-fg hover:bg-surface-2 ${FOCUS_RING}`}
      >
        <Icon name={collapsed ? 'chevronRight' : 'chevronDown'} size={12} className="text-muted" />
        <Icon name={host ? 'server' : 'terminal'} size={13} className="text-accent" />
        <span className="min-w-0 truncate">{label}</span>
        {look && (
          <span className="ml-auto flex shrink-0 items-center gap-1 text-[10px] font-normal text-muted">
            <span aria-hidden="true" className={`inline-block size-1.5 rounded-full ${look.dot}`} />
            {look.word}
          </span>
        )}
      </button>
      {reason && state !== 'connected' && (
        <p
          role="status"
          className="line-clamp-2 break-words px-1 pl-[34px] text-[11px] text-muted"
          title={reason}
        >
          {reason}
        </p>
      )}
    </div>
  );
}
