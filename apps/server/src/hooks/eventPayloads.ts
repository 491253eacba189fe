// Turns what the server observes (event-bus events, status-hub changes) into hook events: the
// plain JSON objects of docs/hooks.md, with the same names and fields `rozi subscribe` prints.
// Pure apart from the lookups passed in, so the mapping is tested without a server.
import type { AgentStateChangedEvent, HookEvent } from '@rozi/extensions/node';
import type { ServerEvent } from '../events/types';
import type { PaneId, PaneKey } from '../session/model';
import type { StatusChange } from '../status/statusHub';

export interface PaneLookup {
  /** The pane's launch and 1-based workspace (for pane-spawned), or undefined once it is gone. */
  launch(
    key: PaneKey,
  ): { command: string | null; argv: string[] | null; cwd: string | null; workspace: number } | undefined;
  /** Whether the pane is its session's focused one (false once it is gone). */
  focused(key: PaneKey): boolean;
  /** The session name and pane id of a live pane, for status-hub changes (keyed by PaneKey). */
  locate(key: PaneKey): { session: string; pane: PaneId } | undefined;
}

/**
 * Focus history per session: the bus says which pane got focus, hooks also want the one that
 * lost it. Kept here because nothing else needs it.
 */
export class FocusMemory {
  private readonly focused = new Map<string, PaneId>();

  swap(session: string, pane: PaneId): PaneId | null {
    const previous = this.focused.get(session) ?? null;
    this.focused.set(session, pane);
    return previous;
  }

  rename(from: string, to: string): void {
    const pane = this.focused.get(from);
    this.focused.delete(from);
    if (pane !== undefined) this.focused.set(to, pane);
  }

  forget(session: string): void {
    this.focused.delete(session);
  }
}

/** The hook event for a bus event, or null for bus events hooks do not see (layout, UI). */
export function hookEventFromBus(
  event: ServerEvent,
  o: { panes: PaneLookup; focus: FocusMemory },
): HookEvent | null {
  switch (event.type) {
    case 'pane-spawned': {
      const launch = o.panes.launch(event.key);
      return {
        event: 'pane-spawned',
        session: event.session,
        pane: event.paneId,
        command: launch?.command ?? null,
        argv: launch?.argv ?? null,
        workspace: launch?.workspace ?? 1,
        cwd: launch?.cwd ?? null,
      };
    }
    case 'pane-exited':
      return {
        event: 'pane-exited',
        session: event.session,
        pane: event.paneId,
        code: event.code,
        focused: o.panes.focused(event.key),
      };
    case 'bell':
      return {
        event: 'bell',
        session: event.session,
        pane: event.paneId,
        focused: o.panes.focused(event.key),
      };
    case 'pane-status-changed':
      // rozi's spelling: a cleared or absent value is ''.
      return {
        event: 'pane-status-changed',
        session: event.session,
        pane: event.paneId,
        status: event.status ?? '',
        reason: event.reason ?? '',
        previous_status: event.previous_status ?? '',
        previous_reason: event.previous_reason ?? '',
        focused: o.panes.focused(event.key),
      };
    case 'workspace-switched':
      return { event: 'workspace-switched', session: event.session, workspace: event.workspace };
    case 'client-joined':
    case 'client-left':
    case 'session-attached':
    case 'session-detached':
    case 'controller-changed':
    case 'profile-loaded':
    case 'profile-applied':
    case 'profile-saved': {
      // The bus carries these in their hook shape already: only `type` becomes `event`.
      const { type, ...fields } = event;
      return { event: type, ...fields } as HookEvent;
    }
    case 'notification': {
      const n = event.notification;
      return {
        event: 'notification',
        session: n.session,
        pane: n.paneId,
        title: n.title,
        message: n.message,
        level: n.level,
      };
    }
    case 'focus-changed': {
      const previous = o.focus.swap(event.session, event.paneId);
      // Re-focusing the focused pane (a tab switch back) is not a change of focus.
      if (previous === event.paneId) return null;
      return { event: 'focus-changed', session: event.session, pane: event.paneId, previous };
    }
    case 'session-created':
      return { event: 'session-created', session: event.session };
    case 'session-renamed':
      o.focus.rename(event.from, event.session);
      return { event: 'session-renamed', session: event.session, previous: event.from };
    case 'session-killed':
      o.focus.forget(event.session);
      return null;
    case 'needs-input':
      return {
        event: 'needs-input',
        session: event.session,
        pane: event.paneId,
        agent: event.agent,
        question: event.question.question,
        choices: event.question.choices.map((c) => c.label),
        readable: event.question.readable,
        question_id: event.question.question_id,
      };
    default:
      return null;
  }
}

/**
 * agent-state-changed for a status-hub change, or null when neither the state nor the agent
 * changed (a new message or revision alone is not a state change) or the pane is unknown.
 */
export function hookEventFromStatus(change: StatusChange, panes: PaneLookup): AgentStateChangedEvent | null {
  const { row, previous } = change;
  if (row.state === previous.state && row.agent === previous.agent) return null;
  const where = panes.locate(row.pane);
  if (where === undefined) return null;
  return {
    event: 'agent-state-changed',
    session: where.session,
    pane: where.pane,
    agent: row.agent ?? previous.agent,
    previous: previous.state,
    state: row.state,
    source: row.source,
    message: row.message,
  };
}
