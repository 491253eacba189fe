'use client';
// Who controls input on the shown session (rozi's workbar chip): READ ONLY on a read-only link's
// page; with more than one page on the session, CTRL when this page holds the control lease, else
// VIEW naming the controller (a click or Ctrl+A g takes control). Alone, nothing is shown.
import { FOCUS_RING } from '@rozi/ui';
import type { SessionControl } from './useSessionControl';

export function ControlChip({ control }: { control: SessionControl }) {
  const chip = `mr-1 flex h-6 items-center gap-1 rounded border px-2 font-mono text-[11px] ${FOCUS_RING}`;
  if (control.readOnly)
    return (
      <span
        data-control-chip="read-only"
        title="A read-only link: you watch every pane, but nothing you type reaches it"
        className={`${chip} border-blocked/60 text-blocked`}
      >
        READ ONLY
      </span>
    );
  if (control.count < 2) return null;
  const mine = control.controller !== null && control.controller === control.me;
  return (
    <button
      type="button"
      data-control-chip={mine ? 'ctrl' : 'view'}
      onClick={() => !mine && control.takeControl()}
      title={
        mine
          ? `You control this session (${control.count} pages on it)`
          : `browser ${control.controller ?? '?'} controls this session: click or Ctrl+A g to take control`
      }
      className={`${chip} ${mine ? 'border-accent/60 text-accent' : 'border-line text-muted hover:bg-surface-2 hover:text-fg'}`}
    >
      {mine ? 'CTRL' : `VIEW · browser ${control.controller ?? '?'}`}
      <span className="text-muted">·{control.count}</span>
    </button>
  );
}
