// The report/lease state machine, driven with an injected clock.
import { describe, expect, it } from 'vitest';
import {
  REPORT_LEASE_MS,
  applyRelease,
  applyReport,
  applyRows,
  effectiveSource,
  initialArbitration,
  leaseDeadline,
  type ArbitrationState,
  type ReportInput,
} from './reportArbitration';

type Row = { label: string };
const base = (over: Partial<ReportInput>): ReportInput => ({
  token: 'run-a',
  seq: 1,
  state: 'working',
  detectedAgentId: 'claude',
  now: 0,
  ...over,
});

function report(s: ArbitrationState<Row>, over: Partial<ReportInput>) {
  return applyReport(s, base(over));
}

describe('report arbitration', () => {
  it('lets a live report override the screen until its lease runs out', () => {
    let s = initialArbitration<Row>();
    expect(effectiveSource(s, 0)).toEqual({ kind: 'screen' });
    const r = report(s, { state: 'blocked', nativeSession: 'abc', now: 1_000 });
    expect(r.outcome).toEqual({ ok: true });
    s = r.state;
    expect(effectiveSource(s, 1_000 + REPORT_LEASE_MS - 1)).toMatchObject({
      kind: 'report',
      report: { state: 'blocked', nativeSession: 'abc', agentId: 'claude' },
    });
    expect(leaseDeadline(s)).toBe(1_000 + REPORT_LEASE_MS);
    expect(effectiveSource(s, 1_000 + REPORT_LEASE_MS)).toEqual({ kind: 'screen' });
    // A later report from the same token renews the lease and keeps the native session.
    s = report(s, { seq: 2, state: 'idle', now: 40_000 }).state;
    expect(effectiveSource(s, 60_000)).toMatchObject({
      kind: 'report',
      report: { state: 'idle', nativeSession: 'abc' },
    });
  });

  it('requires sequence numbers to increase within a token', () => {
    let s = report(initialArbitration<Row>(), { seq: 5 }).state;
    for (const seq of [5, 4])
      expect(report(s, { seq }).outcome).toMatchObject({ ok: false, conflict: 'stale-seq' });
    expect(report(s, { seq: 0 }).outcome).toMatchObject({ ok: false, conflict: 'invalid' });
    s = report(s, { seq: 9 }).state;
    expect(s.live?.seq).toBe(9);
  });

  it('never lets a released token claim again', () => {
    let s = report(initialArbitration<Row>(), { seq: 1 }).state;
    const rel = applyRelease(s, { token: 'run-a', seq: 2, now: 10 });
    expect(rel.outcome).toEqual({ ok: true });
    s = rel.state;
    expect(effectiveSource(s, 11)).toEqual({ kind: 'screen' });
    expect(report(s, { seq: 3 }).outcome).toMatchObject({ ok: false, conflict: 'released' });
    expect(applyRelease(s, { token: 'run-a', seq: 4, now: 12 }).outcome).toMatchObject({
      ok: false,
      conflict: 'released',
    });
    expect(applyRelease(s, { token: 'never', seq: 1, now: 12 }).outcome).toMatchObject({
      ok: false,
      conflict: 'unknown-token',
    });
  });

  it('fails late reports from an old token even after a new one starts at seq 1', () => {
    let s = report(initialArbitration<Row>(), { token: 'old', seq: 7 }).state;
    s = report(s, { token: 'new', seq: 1, now: 5 }).state;
    expect(report(s, { token: 'old', seq: 8, now: 6 }).outcome).toMatchObject({
      ok: false,
      conflict: 'superseded',
    });
    expect(applyRelease(s, { token: 'old', seq: 9, now: 6 }).outcome).toMatchObject({
      ok: false,
      conflict: 'superseded',
    });
    // Still superseded after the new token's lease ran out.
    expect(report(s, { token: 'old', seq: 8, now: 5 + REPORT_LEASE_MS * 3 }).outcome).toMatchObject({
      ok: false,
      conflict: 'superseded',
    });
    expect(effectiveSource(s, 6)).toMatchObject({ kind: 'report', report: { token: 'new' } });
  });

  it('ties --agent to the agent currently detected', () => {
    const s = initialArbitration<Row>();
    expect(report(s, { agentId: 'codex', detectedAgentId: 'claude' }).outcome).toMatchObject({
      ok: false,
      conflict: 'agent-mismatch',
    });
    expect(report(s, { agentId: 'claude', detectedAgentId: null }).outcome).toMatchObject({
      ok: false,
      conflict: 'agent-mismatch',
    });
    expect(report(s, { agentId: 'claude' }).outcome).toEqual({ ok: true });
  });

  it('shows published rows over the screen while present', () => {
    let s = applyRows(initialArbitration<Row>(), [{ label: 'build' }]);
    expect(effectiveSource(s, 0)).toEqual({ kind: 'rows', rows: [{ label: 'build' }] });
    s = applyRows(s, []);
    expect(effectiveSource(s, 0)).toEqual({ kind: 'screen' });
  });

  it('clears older rows on a report, and returns to rows published later on release', () => {
    let s = applyRows(initialArbitration<Row>(), [{ label: 'older' }]);
    s = report(s, { now: 1 }).state;
    expect(s.rows).toBeNull();
    s = applyRows(s, [{ label: 'later' }]);
    // The live report still wins while leased...
    expect(effectiveSource(s, 2)).toMatchObject({ kind: 'report' });
    // ...and releasing it shows the rows published after it.
    s = applyRelease(s, { token: 'run-a', seq: 2, now: 3 }).state;
    expect(effectiveSource(s, 3)).toEqual({ kind: 'rows', rows: [{ label: 'later' }] });
  });

  it('falls back to rows when the lease expires', () => {
    let s = report(initialArbitration<Row>(), { now: 0 }).state;
    s = applyRows(s, [{ label: 'r' }]);
    expect(effectiveSource(s, REPORT_LEASE_MS + 1)).toEqual({ kind: 'rows', rows: [{ label: 'r' }] });
  });

  it('leaves the state untouched on a conflict', () => {
    const s = report(initialArbitration<Row>(), { seq: 3 }).state;
    const r = report(s, { seq: 2 });
    expect(r.state).toBe(s);
  });
});
