// The values the status subsystem passes around: a pane's effective agent status row, the
// observations the three tiers feed into the hub, and the pins a `--ref` carries. Types only.
import type { EffectiveState, ScreenState } from '@rozi/detect';
import type { PaneKey } from '../session/model';

/** What detection reads from one screen (the vocabulary is @rozi/detect's states.ts). */
export type DetectedState = ScreenState;

/** What the hub publishes: `done` = idle after a working period, until the pane is viewed. */
export type { EffectiveState };

export type StatusSource = 'integration' | 'screen' | 'published';

/** One observed incarnation of an agent process: pid + start time, never reused (DESIGN.md). */
export interface Occupant {
  /** Opaque id shown to clients; pids never leave the server in any other form. */
  id: string;
  pid: number;
  /** Start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  startTime: number;
  /** Matched agent definition id, e.g. `codex`. */
  agent: string;
  label: string;
}

/** The one effective status of a pane, as `agents get`, list-panes and browsers see it. */
export interface StatusRow {
  pane: PaneKey;
  /** Agent definition id (or a publisher's name); null = unlabelled pane. */
  agent: string | null;
  label: string | null;
  state: EffectiveState | null;
  source: StatusSource | null;
  message: string | null;
  /** One per server run: a ref from another run is stale. */
  status_epoch: string;
  occupant_id: string | null;
  /** Monotonic within an occupant (in fact within the pane for the whole run). */
  revision: number;
  /** Revision at which the last working period ended; null when none did. */
  completed_revision: number | null;
  /** Milliseconds since the epoch. */
  updated_at: number;
  /** An occupant is process-verified and its state accepts a prompt without --allow-working. */
  promptable: boolean;
}

/** What `--ref` pins: one run of one agent in one pane, at one observed revision. */
export interface AgentRef {
  pane: PaneKey;
  status_epoch: string;
  occupant_id: string;
  revision: number;
}
