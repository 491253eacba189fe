// Which status changes become notifications: only background transitions a person would want
// to hear about — working → blocked ("needs input") and working|blocked → idle/done ("done") —
// after a one-second delay that viewing the pane cancels, and never for the pane being viewed
// (spec: Notifications). Timers are injected so the policy is tested without waiting.
import type { PaneKey } from '../session/model';
import type { TimerHost } from './agentWaits';
import type { StatusChange } from './statusHub';
import type { StatusRow } from './types';

export const NOTIFY_DELAY_MS = 1000;

export type AgentNotificationKind = 'blocked' | 'done';

export interface AgentNotification {
  kind: AgentNotificationKind;
  pane: PaneKey;
  agent: string | null;
  label: string | null;
  /** The revision it announces; viewing the pane acknowledges it. */
  revision: number;
  message: string | null;
}

export function classifyTransition(previous: StatusRow, row: StatusRow): AgentNotificationKind | null {
  if (previous.occupant_id !== null && row.occupant_id !== null && previous.occupant_id !== row.occupant_id)
    return null;
  if (previous.state === 'working' && row.state === 'blocked') return 'blocked';
  if (
    (previous.state === 'working' || previous.state === 'blocked') &&
    (row.state === 'idle' || row.state === 'done')
  )
    return 'done';
  return null;
}

export interface NotificationClassifierOptions {
  timers: TimerHost;
  isViewed(pane: PaneKey): boolean;
  deliver(notification: AgentNotification): void;
  delayMs?: number;
}

export class NotificationClassifier {
  private readonly pending = new Map<PaneKey, unknown>();

  constructor(private readonly options: NotificationClassifierOptions) {}

  /** Feed every hub change. A newer change of the same pane supersedes a pending notice. */
  onChange(change: StatusChange): void {
    const pane = change.row.pane;
    const kind = change.removed ? null : classifyTransition(change.previous, change.row);
    const unchangedState =
      change.previous.state === change.row.state && change.previous.occupant_id === change.row.occupant_id;
    if (!unchangedState || change.removed) this.cancel(pane);
    if (!kind || this.options.isViewed(pane)) return;
    const n: AgentNotification = {
      kind,
      pane,
      agent: change.row.agent,
      label: change.row.label,
      revision: change.row.revision,
      message: change.row.message,
    };
    const handle = this.options.timers.setTimeout(() => {
      this.pending.delete(pane);
      if (!this.options.isViewed(pane)) this.options.deliver(n);
    }, this.options.delayMs ?? NOTIFY_DELAY_MS);
    this.pending.set(pane, handle);
  }

  /** The pane came into view: its pending notice is acknowledged, not delivered. */
  viewed(pane: PaneKey): void {
    this.cancel(pane);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  dispose(): void {
    for (const pane of [...this.pending.keys()]) this.cancel(pane);
  }

  private cancel(pane: PaneKey): void {
    const h = this.pending.get(pane);
    if (h === undefined) return;
    this.options.timers.clearTimeout(h);
    this.pending.delete(pane);
  }
}
