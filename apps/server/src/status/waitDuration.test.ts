import { describe, expect, it } from 'vitest';
import { parseAgentRef, refOf } from './agentRef';
import { parseWaitDuration } from './waitDuration';

describe('parseWaitDuration', () => {
  it('reads integral ms, s and m up to five minutes', () => {
    expect(parseWaitDuration('1ms')).toEqual({ ok: true, ms: 1 });
    expect(parseWaitDuration('30s')).toEqual({ ok: true, ms: 30_000 });
    expect(parseWaitDuration('5m')).toEqual({ ok: true, ms: 300_000 });
    expect(parseWaitDuration('300000ms')).toEqual({ ok: true, ms: 300_000 });
  });
  it('rejects missing units, fractions, zero and more than five minutes', () => {
    for (const bad of ['10', '1.5s', '0ms', '6m', '301s', '-1s', '2h', '']) {
      expect(parseWaitDuration(bad)).toMatchObject({ ok: false });
    }
  });
});

describe('agent refs', () => {
  const row = {
    pane: 3,
    agent: 'codex',
    label: 'Codex',
    state: 'idle' as const,
    source: 'screen' as const,
    message: null,
    status_epoch: 'E',
    occupant_id: 'o1',
    revision: 4,
    completed_revision: null,
    updated_at: 0,
    promptable: true,
  };
  it('round-trips through JSON', () => {
    const ref = refOf(row);
    expect(ref).toEqual({ pane: 3, status_epoch: 'E', occupant_id: 'o1', revision: 4 });
    expect(parseAgentRef(JSON.stringify(ref))).toEqual({ ok: true, ref });
  });
  it('has no ref without an occupant', () => {
    expect(refOf({ ...row, occupant_id: null })).toBeNull();
  });
  it('names every problem of a malformed ref', () => {
    const r = parseAgentRef('{"pane":-1,"revision":"x"}');
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) {
      expect(r.message).toContain('pane');
      expect(r.message).toContain('status_epoch');
      expect(r.message).toContain('occupant_id');
      expect(r.message).toContain('revision');
    }
    expect(parseAgentRef('not json')).toMatchObject({ ok: false });
  });
});
