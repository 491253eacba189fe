// What a pane says about itself with `rozi status VALUE [--reason TEXT]` (rozi's `set-status`):
// a short free-form value, read back by list-panes as `reported_status` / `status_reason`, apart
// from detection's `agent_state` and the terminal's readiness (`status`). The values rozi styles
// (working, blocked, idle, done) also stand in for screen detection on the pane's badge
// (routers/status.ts); any other value is shown as written.
import type { PaneKey } from '../session/model';

export interface ReportedStatus {
  status: string;
  reason: string | null;
}

/** One change, with what it replaced (rozi's pane-status-changed fields). */
export interface ReportedStatusChange {
  pane: PaneKey;
  current: ReportedStatus | null;
  previous: ReportedStatus | null;
}

export class ReportedStatuses {
  private readonly byPane = new Map<PaneKey, ReportedStatus>();

  get(pane: PaneKey): ReportedStatus | null {
    return this.byPane.get(pane) ?? null;
  }

  /** Sets (or, with null, clears) the pane's status; returns the change, or null when nothing changed. */
  set(pane: PaneKey, next: ReportedStatus | null): ReportedStatusChange | null {
    const previous = this.get(pane);
    if (previous?.status === next?.status && previous?.reason === next?.reason) return null;
    if (next) this.byPane.set(pane, next);
    else this.byPane.delete(pane);
    return { pane, current: next, previous };
  }

  removePane(pane: PaneKey): void {
    this.byPane.delete(pane);
  }
}
