// Tier 2 glue: per pane, @rozi/detect's report-arbitration state (integration tokens, leases,
// published rows) and the hub inputs it implies. The rules live in the pure state machine; this
// file only keeps one state per pane, applies the clock, re-checks when a lease runs out, and
// turns "report / rows / screen" into the hub's setIntegration / setPublished calls.
import {
  applyRelease,
  applyReport,
  applyRows,
  effectiveSource,
  initialArbitration,
  leaseDeadline,
  type ArbitrationState,
  type Outcome,
  type ReportedState,
} from '@rozi/detect';
import type { PaneKey } from '../session/model';
import type { TimerHost } from './agentWaits';
import type { PublishedReading, StatusHub, TierState } from './statusHub';

/** One published activity row (`rozi status`, `rozi publish`). */
export interface PublishedRow {
  /** Publisher's display name (`--name`, or `status` for `rozi status`). */
  publisher: string;
  /** Which publisher connection owns the row (set by `publish`). */
  source?: string;
  id: string;
  state: TierState;
  label: string | null;
  message: string | null;
  /** `--kind agent`: the row stands for an agent (its label shows as the pane's agent). */
  kind: 'agent' | 'activity';
}

export interface ReportRequest {
  token: string;
  seq: number;
  state: ReportedState;
  agent?: string | null;
  nativeSession?: string | null;
  message?: string | null;
}

interface PaneArbitration {
  state: ArbitrationState<PublishedRow>;
  timer: unknown;
  /** The last native session an integration reported, kept for resurrection after release. */
  nativeSession: NativeSession | null;
}

/** A reported native session and the occupant (agent run) that reported it. */
export interface NativeSession {
  agent: string | null;
  session: string;
  occupant: string | null;
}

/** Most urgent first: a blocked row is what the pane's badge must show. */
const URGENCY: Record<TierState, number> = { blocked: 3, working: 2, idle: 1 };

export function summariseRows(rows: readonly PublishedRow[]): PublishedReading | null {
  let best: PublishedRow | undefined;
  for (const r of rows) if (!best || URGENCY[r.state] > URGENCY[best.state]) best = r;
  if (!best) return null;
  const agentRow = rows.find((r) => r.kind === 'agent');
  const name = agentRow ? (agentRow.label ?? agentRow.publisher) : best.publisher;
  return { state: best.state, agent: name, label: name, message: best.message ?? best.label };
}

export interface IntegrationTierOptions {
  hub: StatusHub;
  timers: TimerHost;
  now(): number;
}

export class IntegrationTier {
  private readonly panes = new Map<PaneKey, PaneArbitration>();

  constructor(private readonly o: IntegrationTierOptions) {}

  report(pane: PaneKey, req: ReportRequest): Outcome {
    const a = this.arbitration(pane);
    const detected = this.o.hub.occupant(pane)?.agent ?? null;
    const r = applyReport(a.state, {
      token: req.token,
      seq: req.seq,
      state: req.state,
      agentId: req.agent ?? null,
      detectedAgentId: detected,
      nativeSession: req.nativeSession ?? null,
      message: req.message ?? null,
      now: this.o.now(),
    });
    if (r.outcome.ok) {
      a.state = r.state;
      const live = r.state.live;
      if (live?.nativeSession)
        a.nativeSession = {
          agent: live.agentId,
          session: live.nativeSession,
          occupant: this.o.hub.occupant(pane)?.id ?? null,
        };
      this.sync(pane, a);
    }
    return r.outcome;
  }

  release(pane: PaneKey, req: { token: string; seq: number }): Outcome {
    const a = this.arbitration(pane);
    const r = applyRelease(a.state, { token: req.token, seq: req.seq, now: this.o.now() });
    if (r.outcome.ok) {
      a.state = r.state;
      this.sync(pane, a);
    }
    return r.outcome;
  }

  /**
   * Replaces one source's rows in the pane (an empty list removes them). `source` tells
   * publishers apart (two publishers may share a display name); it defaults to the rows' name.
   */
  publish(pane: PaneKey, source: string, rows: readonly PublishedRow[]): void {
    const a = this.arbitration(pane);
    const others = (a.state.rows?.rows ?? []).filter((r) => (r.source ?? r.publisher) !== source);
    a.state = applyRows(a.state, [...others, ...rows.map((r) => ({ ...r, source }))]);
    this.sync(pane, a);
  }

  rows(pane: PaneKey): readonly PublishedRow[] {
    return this.panes.get(pane)?.state.rows?.rows ?? [];
  }

  nativeSession(pane: PaneKey): NativeSession | null {
    return this.panes.get(pane)?.nativeSession ?? null;
  }

  removePane(pane: PaneKey): void {
    const a = this.panes.get(pane);
    if (a) this.o.timers.clearTimeout(a.timer);
    this.panes.delete(pane);
  }

  dispose(): void {
    for (const pane of [...this.panes.keys()]) this.removePane(pane);
  }

  private arbitration(pane: PaneKey): PaneArbitration {
    let a = this.panes.get(pane);
    if (!a)
      this.panes.set(
        pane,
        (a = { state: initialArbitration<PublishedRow>(), timer: undefined, nativeSession: null }),
      );
    return a;
  }

  /** Pushes the arbitration's verdict into the hub and re-checks when the lease runs out. */
  private sync(pane: PaneKey, a: PaneArbitration): void {
    const now = this.o.now();
    const eff = effectiveSource(a.state, now);
    if (eff.kind === 'report') {
      const r = eff.report;
      this.o.hub.setPublished(pane, null);
      this.o.hub.setIntegration(pane, {
        state: r.state === 'done' ? 'idle' : r.state,
        agent: r.agentId,
        message: r.message,
      });
    } else {
      this.o.hub.setIntegration(pane, null);
      this.o.hub.setPublished(pane, eff.kind === 'rows' ? summariseRows(eff.rows) : null);
    }
    this.o.timers.clearTimeout(a.timer);
    a.timer = undefined;
    const deadline = eff.kind === 'report' ? leaseDeadline(a.state) : null;
    if (deadline !== null)
      a.timer = this.o.timers.setTimeout(() => this.sync(pane, a), Math.max(0, deadline - now));
  }
}
