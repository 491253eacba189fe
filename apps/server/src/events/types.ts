// The typed events of the server's event bus (events/bus.ts). Types only, no imports of node
// code: the browser receives the same objects inside `{t:'event', event}` WebSocket messages
// (stream/protocol.ts), and later subsystems (detection, status, extension hooks) subscribe here.
import type { NotificationInfo, PaneId, PaneKey } from '../session/model';

interface PaneRef {
  key: PaneKey;
  session: string;
  paneId: PaneId;
}

export type ServerEvent =
  | ({ type: 'pane-spawned'; pid: number | null } & PaneRef)
  | ({ type: 'pane-exited'; code: number | null } & PaneRef)
  /** The pane's child is gone and the pane itself removed from the layout. */
  | ({ type: 'pane-closed' } & PaneRef)
  | ({ type: 'bell' } & PaneRef)
  | ({ type: 'title-changed'; title: string } & PaneRef)
  | ({ type: 'focus-changed'; tab: number } & PaneRef)
  | { type: 'session-created'; session: string; instanceId: string }
  | { type: 'session-renamed'; session: string; from: string }
  | { type: 'session-killed'; session: string }
  | { type: 'notification'; notification: NotificationInfo }
  /**
   * Something in the layout or pane list changed; clients refetch `workspace.get`. Coalesced:
   * at most one per event-loop turn.
   */
  | { type: 'workspace-changed' };

export type ServerEventType = ServerEvent['type'];
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;
