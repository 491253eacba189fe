'use client';
// Who controls input on the shown session (rozi's workbar chip): READ ONLY on a read-only link's
// page; with more than one page on the session, CTRL when this page holds the control lease, else
// VIEW naming the controller (a click or Ctrl+A g takes or asks for control). A pending request
// turns the controller's chip to the warning colour with a ● dot; LOCK marks the input lock.
// Alone, nothing is shown.
import { FOCUS_RING } from '@rozi/ui';
import type { SessionControl } from './useSessionControl';

export function ControlChip({
  control,
  onManage,
  large = false,
}: {
  control: SessionControl;
  onManage(): void;
  /** A phone's 44 px touch target. */
  large?: boolean;
}) {
  const height = large ? 'h-11 px-3 text-[12px]' : 'h-6 px-2 text-[11px]';
  const chip = `mr-1 flex ${height} shrink-0 items-center gap-1 rounded border font-mono ${FOCUS_RING}`;
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
  const { mine } = control;
  const asking = mine && control.wants.length > 0;
  const lock = control.inputLock ? ' · LOCK' : '';
  const title = mine
    ? asking
      ? `browser ${control.wants.join(', browser ')} asks for control: click to manage collaborators`
      : `You control this session (${control.count} pages on it): click to manage collaborators`
    : `browser ${control.controller ?? '?'} controls this session: click or Ctrl+A g to ${control.takeover ? 'take' : 'ask for'} control`;
  // What a keyboard or screen-reader user needs: what Enter does and who holds the control.
  const label = mine
    ? `Manage collaborators: you control this session, ${control.count} pages${asking ? `, browser ${control.wants.join(', browser ')} asks for control` : ''}${control.inputLock ? ', input lock on' : ''}`
    : `${control.takeover ? 'Take' : 'Ask for'} control: browser ${control.controller ?? '?'} controls this session${control.inputLock ? ', input lock on' : ''}`;
  return (
    <button
      type="button"
      aria-label={label}
      data-control-chip={mine ? 'ctrl' : 'view'}
      data-control-asking={asking ? 'true' : undefined}
      onClick={() => (mine ? onManage() : control.takeControl())}
      title={title}
      className={`${chip} ${
        asking
          ? 'border-blocked/60 text-blocked'
          : mine
            ? 'border-accent/60 text-accent'
            : 'border-line text-muted hover:bg-surface-2 hover:text-fg'
      }`}
    >
      {mine ? `CTRL${lock}` : `VIEW · browser ${control.controller ?? '?'}${lock}`}
      {asking ? <span aria-label="a control request is pending">●</span> : null}
      <span className="text-muted">·{control.count}</span>
    </button>
  );
}
