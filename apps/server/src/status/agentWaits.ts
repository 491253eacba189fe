// Event-driven waits on a pane's status: each waiter is checked when the hub emits a row for its
// pane (never by polling), so a transition that comes and goes between two reads is still seen.
// Works with no browser attached: the hub lives in the server, waiters hold only a promise.
import { REPORTED_STATES } from '@rozi/detect';
import type { PaneKey } from '../session/model';
import type { StatusChange, StatusHub } from './statusHub';
import type { WaitOutcomeCode } from './statusCodes';
import type { StatusRow } from './types';

/** A pane's states plus two a waiter may ask for: no output for a while, and gone. */
export const WAIT_STATES = [...REPORTED_STATES, 'quiescent', 'gone'] as const;
export type WaitState = (typeof WAIT_STATES)[number];

export type WaitStatesParse = { ok: true; states: WaitState[] } | { ok: false; message: string };

/** `--until a,b` (repeatable): a non-empty list of unique known states. */
export function parseWaitStates(values: readonly string[]): WaitStatesParse {
  const words = values.flatMap((v) => v.split(',')).map((w) => w.trim());
  if (words.length === 0 || words.some((w) => w === ''))
    return { ok: false, message: `--until needs a comma list of ${WAIT_STATES.join(', ')}` };
  const bad = words.filter((w) => !(WAIT_STATES as readonly string[]).includes(w));
  if (bad.length)
    return { ok: false, message: `--until: unknown state '${bad[0]}' (use ${WAIT_STATES.join(', ')})` };
  const dup = words.find((w, i) => words.indexOf(w) !== i);
  if (dup) return { ok: false, message: `--until lists '${dup}' twice` };
  return { ok: true, states: words as WaitState[] };
}

export interface WaitSpec {
  pane: PaneKey;
  until: readonly WaitState[];
  timeoutMs: number;
  /**
   * The occupant this wait is about. Undefined = pin whatever occupies the pane now (or the
   * first agent that appears, when none does). From a --ref it is that ref's occupant.
   */
  occupantId?: string | null;
  /** The epoch the caller observed (from a --ref); another run's epoch is a stale ref. */
  epoch?: string;
  /**
   * Only rows after this revision count, and idle/done/quiescent need a completion after it:
   * `prompt --wait` waits for the answer to this prompt, not the state it was sent in.
   */
  afterRevision?: number;
}

export interface WaitOutcome {
  code: WaitOutcomeCode;
  /** Which of the --until states matched (matched only). */
  state: WaitState | null;
  /** The row that decided the outcome (the last one seen on timeout). */
  row: StatusRow | null;
  elapsed_ms: number;
}

export interface WaitHandle {
  readonly result: Promise<WaitOutcome>;
  /** Abandon the wait (the client went away); the promise never settles. */
  cancel(): void;
}

export interface TimerHost {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AgentWaitsOptions {
  hub: StatusHub;
  timers: TimerHost;
  now: () => number;
}

interface Waiter {
  spec: WaitSpec;
  occupantId: string | null;
  baselineCompleted: number | null;
  startedAt: number;
  lastRow: StatusRow | null;
  timer: unknown;
  settle(outcome: WaitOutcome): void;
}

export class AgentWaits {
  private readonly hub: StatusHub;
  private readonly timers: TimerHost;
  private readonly now: () => number;
  private readonly byPane = new Map<PaneKey, Set<Waiter>>();
  private readonly unsubscribe: () => void;

  constructor(options: AgentWaitsOptions) {
    this.hub = options.hub;
    this.timers = options.timers;
    this.now = options.now;
    this.unsubscribe = this.hub.subscribe((change) => this.onChange(change));
  }

  /** Registers synchronously: the current row is judged before this returns. */
  wait(spec: WaitSpec): WaitHandle {
    let resolve!: (o: WaitOutcome) => void;
    const result = new Promise<WaitOutcome>((r) => (resolve = r));
    const row = this.hub.get(spec.pane) ?? null;
    const waiter: Waiter = {
      spec,
      occupantId: spec.occupantId === undefined ? (row?.occupant_id ?? null) : spec.occupantId,
      baselineCompleted: row?.completed_revision ?? null,
      startedAt: this.now(),
      lastRow: row,
      timer: undefined,
      settle: (outcome) => {
        this.drop(waiter);
        resolve(outcome);
      },
    };
    const handle: WaitHandle = { result, cancel: () => this.drop(waiter) };
    if (spec.epoch !== undefined && spec.epoch !== this.hub.epoch) {
      waiter.settle(this.outcome(waiter, { code: 'stale-ref', state: null, row: row }));
      return handle;
    }
    let set = this.byPane.get(spec.pane);
    if (!set) this.byPane.set(spec.pane, (set = new Set()));
    set.add(waiter);
    waiter.timer = this.timers.setTimeout(
      () => waiter.settle(this.outcome(waiter, { code: 'timed-out', state: null, row: waiter.lastRow })),
      spec.timeoutMs,
    );
    if (!row)
      waiter.settle(
        this.outcome(waiter, {
          code: spec.until.includes('gone') ? 'matched' : 'gone',
          state: spec.until.includes('gone') ? 'gone' : null,
          row: null,
        }),
      );
    else this.judge(waiter, row, false);
    return handle;
  }

  /** Number of live waiters (tests check nothing leaks). */
  get size(): number {
    let n = 0;
    for (const s of this.byPane.values()) n += s.size;
    return n;
  }

  dispose(): void {
    this.unsubscribe();
    for (const set of this.byPane.values()) for (const w of set) this.timers.clearTimeout(w.timer);
    this.byPane.clear();
  }

  private onChange(change: StatusChange): void {
    const set = this.byPane.get(change.row.pane);
    if (!set) return;
    for (const w of [...set]) this.judge(w, change.row, change.removed);
  }

  private judge(w: Waiter, row: StatusRow, removed: boolean): void {
    w.lastRow = row;
    const wantsGone = w.spec.until.includes('gone');
    if (removed) {
      w.settle(
        this.outcome(w, { code: wantsGone ? 'matched' : 'gone', state: wantsGone ? 'gone' : null, row: row }),
      );
      return;
    }
    if (w.occupantId !== null && row.occupant_id !== w.occupantId) {
      if (row.occupant_id === null || wantsGone) {
        w.settle(
          this.outcome(w, {
            code: wantsGone ? 'matched' : 'gone',
            state: wantsGone ? 'gone' : null,
            row: row,
          }),
        );
      } else {
        w.settle(this.outcome(w, { code: 'replaced', state: null, row: row }));
      }
      return;
    }
    // An unpinned wait (nothing in the pane when it started) follows the first agent that shows up.
    if (w.occupantId === null && row.occupant_id !== null) w.occupantId = row.occupant_id;
    if (w.spec.afterRevision !== undefined && row.revision <= w.spec.afterRevision) return;
    const matched = w.spec.until.find((s) => this.matches(w, s, row));
    if (matched) w.settle(this.outcome(w, { code: 'matched', state: matched, row: row }));
  }

  private matches(w: Waiter, state: WaitState, row: StatusRow): boolean {
    const completedSince =
      row.completed_revision !== null &&
      row.completed_revision > (w.spec.afterRevision ?? w.baselineCompleted ?? -1);
    const needsCompletion = w.spec.afterRevision !== undefined;
    switch (state) {
      case 'working':
      case 'blocked':
        return row.state === state;
      case 'idle':
        return row.state === 'idle' && (!needsCompletion || completedSince);
      case 'done':
        // A viewed pane goes straight to idle, so a completion seen during the wait counts too.
        return (row.state === 'done' && (!needsCompletion || completedSince)) || completedSince;
      case 'quiescent':
        return (row.state === 'idle' || row.state === 'done') && (!needsCompletion || completedSince);
      case 'gone':
        return row.state === null && row.occupant_id === null;
    }
  }

  private outcome(
    w: Waiter,
    o: { code: WaitOutcomeCode; state: WaitState | null; row: StatusRow | null },
  ): WaitOutcome {
    return { ...o, elapsed_ms: this.now() - w.startedAt };
  }

  private drop(w: Waiter): void {
    this.timers.clearTimeout(w.timer);
    const set = this.byPane.get(w.spec.pane);
    if (!set) return;
    set.delete(w);
    if (set.size === 0) this.byPane.delete(w.spec.pane);
  }
}
