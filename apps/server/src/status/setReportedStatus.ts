// `rozi status VALUE [--reason TEXT]` / `--clear` applied: the pane's reported status is stored
// (list-panes' reported_status / status_reason), a value rozi styles stands in for screen
// detection on the pane's badge as before, and the change is announced as rozi's
// pane-status-changed (subscribers, hooks) and to the browser's projection.
import type { ActivityState } from '@rozi/detect';
import type { SessionManager } from '../session/manager';
import type { Pane } from '../session/pane';
import type { ReportedStatus } from './reportedStatus';
import type { StatusService } from './statusService';
import type { StatusRow } from './types';

/** The badge state a reported value stands for; null for a value shown only as text. */
function tierOf(value: string): ActivityState | null {
  switch (value) {
    case 'working':
    case 'blocked':
    case 'idle':
      return value;
    // Finished work reads as idle to detection, which shows it as done until the pane is viewed.
    case 'done':
      return 'idle';
    default:
      return null;
  }
}

export function setReportedStatus(
  manager: SessionManager,
  o: { status: StatusService; pane: Pane; next: ReportedStatus | null },
): StatusRow | undefined {
  const { status, pane, next } = o;
  const tier = next ? tierOf(next.status) : null;
  status.integration.publish(
    pane.key,
    'status',
    tier
      ? [
          {
            publisher: 'status',
            id: 'status',
            state: tier,
            label: null,
            message: next?.reason ?? null,
            kind: 'activity',
          },
        ]
      : [],
  );
  const change = status.reported.set(pane.key, next);
  if (change) {
    manager.bus.emit({
      type: 'pane-status-changed',
      status: change.current?.status ?? null,
      reason: change.current?.reason ?? null,
      previous_status: change.previous?.status ?? null,
      previous_reason: change.previous?.reason ?? null,
      ...pane.ref(),
    });
    manager.bus.emit({ type: 'workspace-changed' });
  }
  return status.get(pane.key);
}
