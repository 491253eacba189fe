import { describe, expect, it } from 'vitest';
import { AgentWaits } from './agentWaits';
import { ManualClock } from './manualClock';
import { encodePrompt, MAX_PROMPT_BYTES } from './promptEncoding';
import { fencedPrompt, type PromptTarget } from './promptFence';
import { StatusHub } from './statusHub';
import type { Occupant } from './types';

const occ = (id: string): Occupant => ({ id, pid: 9, startTime: 3, agent: 'codex', label: 'Codex' });

function setup(bracketed = false) {
  const clock = new ManualClock();
  const hub = new StatusHub({ epoch: 'E', now: clock.now });
  const waits = new AgentWaits({ hub, timers: clock, now: clock.now });
  const writes: string[] = [];
  const target: PromptTarget = { bracketedPaste: () => bracketed, write: (d) => void writes.push(d) };
  hub.addPane(1);
  hub.setOccupant(1, occ('a'));
  const deps = { hub, waits, target: (p: number) => (p === 1 ? target : undefined) };
  return { clock, hub, waits, writes, deps };
}

describe('encodePrompt', () => {
  it('strips ESC, turns every newline into CR and appends one Enter', () => {
    expect(encodePrompt('a\x1b[201~b\r\nc\nd\re', false)).toBe('a[201~b\rc\rd\re\r');
  });
  it('wraps in bracketed paste when the program asked for it', () => {
    expect(encodePrompt('two\nlines', true)).toBe('\x1b[200~two\rlines\x1b[201~\r');
  });
});

describe('fencedPrompt', () => {
  it('writes text + Enter in one write to an idle agent', () => {
    const { writes, deps } = setup();
    const r = fencedPrompt(deps, { pane: 1, text: 'fix the test' });
    expect(r).toMatchObject({ ok: true, written_bytes: 13 });
    expect(writes).toEqual(['fix the test\r']);
  });

  it('never writes into a blocked agent', () => {
    const { hub, writes, deps } = setup();
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'blocked' });
    expect(fencedPrompt(deps, { pane: 1, text: 'y', allowWorking: true })).toMatchObject({
      ok: false,
      code: 'blocked',
    });
    expect(writes).toEqual([]);
  });

  it('refuses a working agent unless allowWorking', () => {
    const { hub, writes, deps } = setup();
    hub.setScreen(1, { state: 'working' });
    expect(fencedPrompt(deps, { pane: 1, text: 'more' })).toMatchObject({ ok: false, code: 'working' });
    expect(writes).toEqual([]);
    expect(fencedPrompt(deps, { pane: 1, text: 'more', allowWorking: true })).toMatchObject({ ok: true });
    expect(writes).toEqual(['more\r']);
  });

  it('refuses a replacement occupant, a newer revision and another run, writing nothing', () => {
    const { hub, writes, deps } = setup();
    const row = hub.get(1);
    if (!row?.occupant_id) throw new Error('no occupant');
    const ref = { pane: 1, status_epoch: 'E', occupant_id: row.occupant_id, revision: row.revision };
    expect(fencedPrompt(deps, { pane: 1, text: 'x', ref: { ...ref, status_epoch: 'OLD' } })).toMatchObject({
      ok: false,
      code: 'stale-ref',
    });
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'idle' });
    expect(fencedPrompt(deps, { pane: 1, text: 'x', ref })).toMatchObject({ ok: false, code: 'stale-ref' });
    hub.setOccupant(1, occ('b'));
    expect(fencedPrompt(deps, { pane: 1, text: 'x', ref })).toMatchObject({ ok: false, code: 'replaced' });
    hub.setOccupant(1, null);
    expect(fencedPrompt(deps, { pane: 1, text: 'x', ref })).toMatchObject({ ok: false, code: 'gone' });
    expect(fencedPrompt(deps, { pane: 1, text: 'x' })).toMatchObject({ ok: false, code: 'no-agent' });
    expect(fencedPrompt(deps, { pane: 2, text: 'x' })).toMatchObject({ ok: false, code: 'gone' });
    expect(writes).toEqual([]);
  });

  it('caps text at 16,384 UTF-8 bytes (not characters) and refuses empty text', () => {
    const { writes, deps } = setup();
    expect(fencedPrompt(deps, { pane: 1, text: '' })).toMatchObject({ ok: false, code: 'empty' });
    expect(fencedPrompt(deps, { pane: 1, text: 'é'.repeat(MAX_PROMPT_BYTES / 2 + 1) })).toMatchObject({
      ok: false,
      code: 'too-long',
    });
    expect(writes).toEqual([]);
    expect(fencedPrompt(deps, { pane: 1, text: 'é'.repeat(MAX_PROMPT_BYTES / 2) })).toMatchObject({
      ok: true,
      written_bytes: MAX_PROMPT_BYTES + 1,
    });
  });

  it('registers the wait before writing, so an instant answer is not missed', async () => {
    const { hub, deps } = setup();
    const target = deps.target(1);
    if (!target) throw new Error('no target');
    // The "agent" reacts synchronously inside the write: working, then done.
    target.write = () => {
      hub.setScreen(1, { state: 'working' });
      hub.setScreen(1, { state: 'idle' });
    };
    const r = fencedPrompt(deps, { pane: 1, text: 'go', wait: { until: ['quiescent'], timeoutMs: 1000 } });
    if (!r.ok || !r.wait) throw new Error('expected a wait');
    expect(await r.wait.result).toMatchObject({
      code: 'matched',
      state: 'quiescent',
      row: { state: 'done' },
    });
  });

  it('a failing write cancels the wait and reports it', () => {
    const { waits, deps } = setup();
    const target = deps.target(1);
    if (!target) throw new Error('no target');
    target.write = () => {
      throw new Error('EIO');
    };
    expect(
      fencedPrompt(deps, { pane: 1, text: 'go', wait: { until: ['idle'], timeoutMs: 1000 } }),
    ).toMatchObject({ ok: false, code: 'write-failed' });
    expect(waits.size).toBe(0);
  });

  it('advances the fence on delivery: a replayed --ref and a second racing prompt are refused', () => {
    const { hub, writes, deps } = setup();
    const row = hub.get(1);
    if (!row?.occupant_id) throw new Error('no occupant');
    const ref = { pane: 1, status_epoch: 'E', occupant_id: row.occupant_id, revision: row.revision };
    // Two callers observed the same row; both send on it. One delivery, one stale-ref.
    const first = fencedPrompt(deps, { pane: 1, text: 'one', ref });
    const second = fencedPrompt(deps, { pane: 1, text: 'two', ref: { ...ref } });
    expect(first).toMatchObject({ ok: true, row: { revision: row.revision + 1 } });
    expect(second).toMatchObject({ ok: false, code: 'stale-ref' });
    // The same ref replayed later: still refused.
    expect(fencedPrompt(deps, { pane: 1, text: 'one', ref })).toMatchObject({ ok: false, code: 'stale-ref' });
    expect(writes).toEqual(['one\r']);
    // A ref read after the delivery works, once.
    const now = hub.get(1);
    if (!now?.occupant_id) throw new Error('no occupant');
    const fresh = { pane: 1, status_epoch: 'E', occupant_id: now.occupant_id, revision: now.revision };
    expect(fencedPrompt(deps, { pane: 1, text: 'three', ref: fresh })).toMatchObject({ ok: true });
    expect(fencedPrompt(deps, { pane: 1, text: 'three', ref: fresh })).toMatchObject({ ok: false });
    expect(writes).toEqual(['one\r', 'three\r']);
  });

  it('refuses control characters (^C, NUL, DEL, C1) instead of writing them raw', () => {
    const { writes, deps } = setup();
    for (const text of ['\x03', 'stop\x03', '\x00', 'a\x7f', 'x\x9by', '\x04']) {
      expect(fencedPrompt(deps, { pane: 1, text }), JSON.stringify(text)).toMatchObject({
        ok: false,
        code: 'control-char',
      });
    }
    expect(writes).toEqual([]);
    // Tab and newlines are text; ESC is stripped (the spec's encoding).
    expect(fencedPrompt(deps, { pane: 1, text: 'a\tb\nc\x1bd' })).toMatchObject({ ok: true });
    expect(writes).toEqual(['a\tb\rcd\r']);
  });

  it('the revision step of a delivery does not satisfy prompt --wait idle', async () => {
    const { clock, deps } = setup();
    const r = fencedPrompt(deps, { pane: 1, text: 'go', wait: { until: ['idle'], timeoutMs: 1000 } });
    if (!r.ok || !r.wait) throw new Error('expected a wait');
    clock.advance(1000);
    expect(await r.wait.result).toMatchObject({ code: 'timed-out' });
  });
});
