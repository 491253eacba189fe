// The status hub: one effective agent status per pane, built from the three tiers (process scan →
// occupant, screen detection, integration reports) plus published rows, with the identity that
// fences prompts: status_epoch (this server run), occupant_id (pid + start time) and a revision
// that only grows. A value-level core: inputs are method calls, time comes from an injected
// clock, listeners get every row change synchronously so waiters cannot miss a fast transition.
// Nothing here is persisted (spec: "Nothing about status is persisted").
import type { ActivityState } from '@rozi/detect';
import type { PaneKey } from '../session/model';
import type { EffectiveState, Occupant, StatusRow, StatusSource } from './types';

/** A state as one tier reports it, before the hub turns idle-after-work into `done` (@rozi/detect). */
export type TierState = ActivityState;

export interface TierReading {
  state: TierState;
  message?: string | null;
}

export interface IntegrationReading extends TierReading {
  /** The agent the report named (`--agent`); falls back to the occupant's definition. */
  agent: string | null;
}

export interface PublishedReading extends TierReading {
  /** Publisher's name (`--name`) or agent id, shown as the row's agent. */
  agent: string | null;
  label?: string | null;
}

export interface StatusChange {
  row: StatusRow;
  previous: StatusRow;
  /** The pane was removed: `row` is its last, unlabelled state. */
  removed: boolean;
}

export type StatusListener = (change: StatusChange) => void;

export interface StatusHubOptions {
  /** One per server run; a `--ref` from another run is stale. */
  epoch: string;
  now: () => number;
}

interface PaneRecord {
  occupant: Occupant | null;
  screen: TierReading | null;
  integration: IntegrationReading | null;
  published: PublishedReading | null;
  /** Whether some client is looking at the pane now (done is shown only to the unseen). */
  viewed: boolean;
  /** A working period started and has not ended in idle yet. */
  inWorkPeriod: boolean;
  row: StatusRow;
}

export class StatusHub {
  readonly epoch: string;
  private readonly now: () => number;
  private readonly panes = new Map<PaneKey, PaneRecord>();
  private readonly listeners = new Set<StatusListener>();

  constructor(options: StatusHubOptions) {
    this.epoch = options.epoch;
    this.now = options.now;
  }

  subscribe(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  addPane(pane: PaneKey): void {
    if (this.panes.has(pane)) return;
    this.panes.set(pane, {
      occupant: null,
      screen: null,
      integration: null,
      published: null,
      viewed: false,
      inWorkPeriod: false,
      row: this.emptyRow(pane, 0, null),
    });
  }

  removePane(pane: PaneKey): void {
    const rec = this.panes.get(pane);
    if (!rec) return;
    this.panes.delete(pane);
    const previous = rec.row;
    const row = this.emptyRow(pane, previous.revision + 1, previous.completed_revision);
    this.emit({ row, previous, removed: true });
  }

  has(pane: PaneKey): boolean {
    return this.panes.has(pane);
  }

  get(pane: PaneKey): StatusRow | undefined {
    return this.panes.get(pane)?.row;
  }

  occupant(pane: PaneKey): Occupant | null {
    return this.panes.get(pane)?.occupant ?? null;
  }

  list(): StatusRow[] {
    return [...this.panes.values()].map((r) => r.row);
  }

  /**
   * The process tier's verdict. A different occupant (or none) ends the old one: it reports
   * idle once, so waiters see the completion, before the pane moves on (issue 5, process tier).
   */
  setOccupant(pane: PaneKey, occupant: Occupant | null): void {
    const rec = this.panes.get(pane);
    if (!rec) return;
    const old = rec.occupant;
    if (old?.id === occupant?.id) {
      // Same incarnation: only the label may have changed (a config reload renamed it).
      if (old && occupant && (old.agent !== occupant.agent || old.label !== occupant.label)) {
        rec.occupant = occupant;
        this.recompute(pane, rec);
      }
      return;
    }
    if (old) {
      // The agent's screen and reports belong to the process that left.
      rec.screen = null;
      rec.integration = null;
      // A published row outlives the agent (its publisher owns it), so there is nothing to end.
      if (!rec.published && (rec.row.state !== 'idle' || rec.row.source !== 'screen')) {
        this.commit(pane, rec, {
          state: 'idle',
          source: 'screen',
          message: null,
          completed: rec.inWorkPeriod,
        });
      }
      rec.inWorkPeriod = false;
    }
    rec.occupant = occupant;
    this.recompute(pane, rec);
  }

  setScreen(pane: PaneKey, reading: TierReading | null): void {
    const rec = this.panes.get(pane);
    if (!rec) return;
    rec.screen = reading;
    this.recompute(pane, rec);
  }

  /** The arbitration machine's effective report for the pane (null = none live). */
  setIntegration(pane: PaneKey, reading: IntegrationReading | null): void {
    const rec = this.panes.get(pane);
    if (!rec) return;
    rec.integration = reading;
    this.recompute(pane, rec);
  }

  setPublished(pane: PaneKey, reading: PublishedReading | null): void {
    const rec = this.panes.get(pane);
    if (!rec) return;
    rec.published = reading;
    this.recompute(pane, rec);
  }

  /** A client started or stopped looking at the pane. Viewing acknowledges `done` → idle. */
  setViewed(pane: PaneKey, viewed: boolean): void {
    const rec = this.panes.get(pane);
    if (!rec) return;
    rec.viewed = viewed;
    if (viewed && rec.row.state === 'done') {
      this.commit(pane, rec, {
        state: 'idle',
        source: rec.row.source,
        message: rec.row.message,
        completed: false,
      });
    }
  }

  /**
   * A prompt was written to the pane: the row moves to a new revision (state unchanged), so the
   * fence advances. A --ref read before this write is stale from now on: replaying it, or a
   * second prompt racing on the same observation, is refused instead of delivered twice.
   */
  advance(pane: PaneKey): StatusRow | undefined {
    const rec = this.panes.get(pane);
    if (!rec) return undefined;
    this.emitRow(pane, rec, { ...rec.row, revision: rec.row.revision + 1, updated_at: this.now() });
    return rec.row;
  }

  isViewed(pane: PaneKey): boolean {
    return this.panes.get(pane)?.viewed ?? false;
  }

  private recompute(pane: PaneKey, rec: PaneRecord): void {
    const base = this.baseReading(rec);
    if (!base) {
      rec.inWorkPeriod = false;
      const prev = rec.row;
      if (prev.state === null && prev.agent === null && prev.occupant_id === null) return;
      this.emitRow(pane, rec, this.emptyRow(pane, prev.revision + 1, prev.completed_revision));
      return;
    }
    let completed = false;
    if (base.state === 'working') rec.inWorkPeriod = true;
    else if (base.state === 'idle' && rec.inWorkPeriod) {
      rec.inWorkPeriod = false;
      completed = true;
    }
    this.commit(pane, rec, { state: base.state, source: base.source, message: base.message, completed });
  }

  private baseReading(
    rec: PaneRecord,
  ): { state: TierState; source: StatusSource; message: string | null } | null {
    if (rec.integration)
      return {
        state: rec.integration.state,
        source: 'integration',
        message: rec.integration.message ?? null,
      };
    if (rec.published)
      return { state: rec.published.state, source: 'published', message: rec.published.message ?? null };
    if (rec.occupant)
      return { state: rec.screen?.state ?? 'idle', source: 'screen', message: rec.screen?.message ?? null };
    return null;
  }

  private commit(
    pane: PaneKey,
    rec: PaneRecord,
    next: {
      state: TierState | 'idle';
      source: StatusSource | null;
      message: string | null;
      completed: boolean;
    },
  ): void {
    const prev = rec.row;
    const occupantId = rec.occupant?.id ?? null;
    let state: EffectiveState = next.state;
    // done lasts from the end of a working period until someone views the pane; it belongs to
    // the occupant that finished, never to the one that replaces it.
    const stillDone = prev.state === 'done' && prev.occupant_id === occupantId;
    if (next.state === 'idle' && !rec.viewed && (next.completed || stillDone)) state = 'done';
    const agent =
      rec.integration?.agent ??
      (rec.integration || !rec.published ? rec.occupant?.agent : rec.published.agent) ??
      null;
    const label =
      rec.published && !rec.integration
        ? (rec.published.label ?? rec.published.agent)
        : (rec.occupant?.label ?? agent);
    const unchanged =
      !next.completed &&
      prev.state === state &&
      prev.source === next.source &&
      prev.message === next.message &&
      prev.agent === agent &&
      prev.label === label &&
      prev.occupant_id === occupantId;
    if (unchanged) return;
    const revision = prev.revision + 1;
    this.emitRow(pane, rec, {
      pane,
      agent,
      label: label ?? null,
      state,
      source: next.source,
      message: next.message,
      status_epoch: this.epoch,
      occupant_id: occupantId,
      revision,
      completed_revision: next.completed ? revision : prev.completed_revision,
      updated_at: this.now(),
      promptable: occupantId !== null && (state === 'idle' || state === 'done'),
    });
  }

  private emitRow(pane: PaneKey, rec: PaneRecord, row: StatusRow): void {
    const previous = rec.row;
    rec.row = row;
    this.emit({ row, previous, removed: false });
  }

  private emit(change: StatusChange): void {
    for (const l of [...this.listeners]) l(change);
  }

  private emptyRow(pane: PaneKey, revision: number, completed: number | null): StatusRow {
    return {
      pane,
      agent: null,
      label: null,
      state: null,
      source: null,
      message: null,
      status_epoch: this.epoch,
      occupant_id: null,
      revision,
      completed_revision: completed,
      updated_at: this.now(),
      promptable: false,
    };
  }
}
