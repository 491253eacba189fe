// Tier 2 arbitration for one pane (spec: "Report state from agent hooks", "Precedence and
// arbitration"): which of a live integration report, published status rows and screen
// detection decides the pane's state. Pure: every call takes the clock as a value (`now`, ms)
// and returns a new state; the caller schedules its own re-check at `leaseDeadline`.
//
// - One integration token per agent process; sequence numbers increase within a token.
// - A released token never claims again; a token superseded by a newer one fails with conflict,
//   even after the newer process starts its own sequence at 1.
// - `--agent` must name the agent currently detected in the pane.
// - A live report beats everything and clears rows published before it; after REPORT_LEASE_MS
//   without a report, the pane falls back (a crashed reporter degrades, never freezes a badge).
// - Published rows beat the screen while present; releasing a report returns the pane to rows
//   published after it, or to the screen.
import type { ReportedState } from './states';

/** A silent integration's claim lasts this long after its last accepted report. */
export const REPORT_LEASE_MS = 30_000;
/** Tokens remembered per pane, so late reports from old processes keep failing. */
const TOKEN_MEMORY = 256;

export interface LiveReport {
  token: string;
  seq: number;
  state: ReportedState;
  agentId: string | null;
  nativeSession: string | null;
  message: string | null;
  /** Clock value of the last accepted report for this token (the lease runs from here). */
  at: number;
  /** Event order, to tell rows published before the report from rows published after it. */
  order: number;
}

type TokenStatus = 'live' | 'released' | 'superseded';

export interface ArbitrationState<Row = unknown> {
  readonly tokens: ReadonlyMap<string, { lastSeq: number; status: TokenStatus }>;
  readonly live: LiveReport | null;
  readonly rows: { rows: readonly Row[]; order: number } | null;
  readonly order: number;
}

export type ConflictReason =
  'invalid' | 'stale-seq' | 'released' | 'superseded' | 'agent-mismatch' | 'unknown-token';

export type Outcome = { ok: true } | { ok: false; conflict: ConflictReason; message: string };

export interface ReportInput {
  token: string;
  seq: number;
  state: ReportedState;
  /** `--agent`: must equal the detected agent when given. */
  agentId?: string | null;
  /** The agent screen/process detection currently sees in the pane (null: none). */
  detectedAgentId: string | null;
  nativeSession?: string | null;
  message?: string | null;
  now: number;
}

export interface ReleaseInput {
  token: string;
  seq: number;
  now: number;
}

export function initialArbitration<Row = unknown>(): ArbitrationState<Row> {
  return { tokens: new Map(), live: null, rows: null, order: 0 };
}

function conflict(reason: ConflictReason, message: string): Outcome {
  return { ok: false, conflict: reason, message };
}

function checkToken<Row>(state: ArbitrationState<Row>, token: string, seq: number): Outcome | null {
  if (token.trim() === '') return conflict('invalid', 'integration token is empty');
  if (!Number.isSafeInteger(seq) || seq < 1)
    return conflict('invalid', `sequence number must be a positive integer, got ${seq}`);
  const known = state.tokens.get(token);
  if (known?.status === 'released')
    return conflict('released', `integration ${token} was released and cannot claim the pane again`);
  if (known?.status === 'superseded')
    return conflict('superseded', `integration ${token} was replaced by a newer one in this pane`);
  if (known && seq <= known.lastSeq)
    return conflict('stale-seq', `sequence ${seq} is not after ${known.lastSeq} for integration ${token}`);
  return null;
}

function remember<Row>(
  tokens: ArbitrationState<Row>['tokens'],
  token: string,
  value: { lastSeq: number; status: TokenStatus },
) {
  const next = new Map(tokens);
  next.delete(token);
  next.set(token, value);
  while (next.size > TOKEN_MEMORY) next.delete(next.keys().next().value as string);
  return next;
}

export function applyReport<Row>(
  state: ArbitrationState<Row>,
  input: ReportInput,
): { state: ArbitrationState<Row>; outcome: Outcome } {
  const bad = checkToken(state, input.token, input.seq);
  if (bad) return { state, outcome: bad };
  if (input.agentId && input.agentId !== input.detectedAgentId) {
    const seen = input.detectedAgentId ? `'${input.detectedAgentId}'` : 'no agent';
    return {
      state,
      outcome: conflict(
        'agent-mismatch',
        `--agent ${input.agentId} does not match the pane, where detection sees ${seen}`,
      ),
    };
  }
  let tokens = state.tokens;
  if (!tokens.has(input.token)) {
    // A new process took over the pane: every older token is retired for good.
    const retired = new Map(tokens);
    for (const [t, v] of retired) if (v.status === 'live') retired.set(t, { ...v, status: 'superseded' });
    tokens = retired;
  }
  const order = state.order + 1;
  tokens = remember(tokens, input.token, { lastSeq: input.seq, status: 'live' });
  const live: LiveReport = {
    token: input.token,
    seq: input.seq,
    state: input.state,
    agentId: input.agentId ?? input.detectedAgentId,
    nativeSession:
      input.nativeSession ?? (state.live?.token === input.token ? state.live.nativeSession : null),
    message: input.message ?? null,
    at: input.now,
    order,
  };
  // A live report clears rows published before it.
  return { state: { tokens, live, rows: null, order }, outcome: { ok: true } };
}

export function applyRelease<Row>(
  state: ArbitrationState<Row>,
  input: ReleaseInput,
): { state: ArbitrationState<Row>; outcome: Outcome } {
  const bad = checkToken(state, input.token, input.seq);
  if (bad) return { state, outcome: bad };
  if (!state.tokens.has(input.token))
    return {
      state,
      outcome: conflict('unknown-token', `integration ${input.token} never reported in this pane`),
    };
  const tokens = remember(state.tokens, input.token, { lastSeq: input.seq, status: 'released' });
  const live = state.live?.token === input.token ? null : state.live;
  return { state: { ...state, tokens, live, order: state.order + 1 }, outcome: { ok: true } };
}

/** Publishes (or, with an empty list, clears) the pane's status rows. */
export function applyRows<Row>(state: ArbitrationState<Row>, rows: readonly Row[]): ArbitrationState<Row> {
  const order = state.order + 1;
  return { ...state, rows: rows.length > 0 ? { rows, order } : null, order };
}

export function leaseActive(state: ArbitrationState<unknown>, now: number): boolean {
  return state.live !== null && now - state.live.at < REPORT_LEASE_MS;
}

/** When the live report's lease runs out (re-check then), or null when none is live. */
export function leaseDeadline(state: ArbitrationState<unknown>): number | null {
  return state.live ? state.live.at + REPORT_LEASE_MS : null;
}

export type EffectiveSource<Row> =
  { kind: 'report'; report: LiveReport } | { kind: 'rows'; rows: readonly Row[] } | { kind: 'screen' };

/** What decides the pane's state at `now`: a leased report, else published rows, else the screen. */
export function effectiveSource<Row>(state: ArbitrationState<Row>, now: number): EffectiveSource<Row> {
  if (state.live && leaseActive(state, now)) return { kind: 'report', report: state.live };
  if (state.rows) return { kind: 'rows', rows: state.rows.rows };
  return { kind: 'screen' };
}
