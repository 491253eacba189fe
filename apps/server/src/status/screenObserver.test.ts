import { describe, expect, it } from 'vitest';
import { ManualClock } from './manualClock';
import { ScreenObserver, SCREEN_POLICY, type ScreenSample } from './screenObserver';
import type { DetectedState } from './types';

/** A screen whose text is the state it shows: evaluate reads it back. */
function setup() {
  const clock = new ManualClock();
  let sample: ScreenSample = { screen: 'idle', title: '' };
  const obs = new ScreenObserver({
    now: clock.now,
    read: () => sample,
    evaluate: (s) => ({ state: s.screen.split(' ')[0] as DetectedState }),
  });
  obs.setAgentPresent(true);
  /** Output arrives; runs the observer at its due times until `ms` have passed. */
  const draw = (screen: string) => {
    sample = { screen, title: sample.title };
    obs.noteOutput();
  };
  const run = (ms: number) => {
    const end = clock.now() + ms;
    const seen: (string | null)[] = [];
    for (;;) {
      const due = obs.nextDueAt();
      if (due === null || due > end) break;
      clock.advance(Math.max(0, due - clock.now()));
      const r = obs.tick();
      if (r !== undefined) seen.push(r?.state ?? null);
    }
    clock.advance(end - clock.now());
    return seen;
  };
  const setTitle = (title: string) => {
    sample = { screen: sample.screen, title };
    obs.noteOutput();
  };
  return { clock, obs, draw, run, setTitle };
}

describe('ScreenObserver', () => {
  it('reads a new agent promptly and reports idle', () => {
    const { run } = setup();
    expect(run(SCREEN_POLICY.debounceMs)).toEqual(['idle']);
  });

  it('debounces output by tens of ms and evaluates once per burst', () => {
    const { obs, draw, run, clock } = setup();
    run(100);
    const before = obs.stats.evaluations;
    draw('working a');
    clock.advance(10);
    draw('working b');
    clock.advance(10);
    draw('working c');
    expect(run(SCREEN_POLICY.debounceMs)).toEqual(['working']);
    expect(obs.stats.evaluations - before).toBe(1);
  });

  it('does no evaluation when the screen and title did not change', () => {
    const { obs, draw, run } = setup();
    draw('working x');
    run(200);
    const evals = obs.stats.evaluations;
    draw('working x');
    run(200);
    run(SCREEN_POLICY.slowPeriodMs * 3);
    expect(obs.stats.evaluations).toBe(evals);
    expect(obs.stats.reads).toBeGreaterThan(1);
  });

  it('reads a quiet pane once more after its last output, then never until it writes again', () => {
    const { obs, draw, run } = setup();
    draw('idle prompt');
    run(SCREEN_POLICY.debounceMs);
    const reads = obs.stats.reads;
    run(SCREEN_POLICY.slowPeriodMs);
    expect(obs.stats.reads).toBe(reads + 1);
    expect(obs.nextDueAt()).toBeNull();
    run(SCREEN_POLICY.slowPeriodMs * 20);
    expect(obs.stats.reads).toBe(reads + 1);
    draw('working now');
    expect(run(SCREEN_POLICY.debounceMs)).toEqual(['working']);
  });

  it('caps evaluations under continuous output', () => {
    const { obs, draw, clock } = setup();
    const start = obs.stats.evaluations;
    for (let i = 0; i < 100; i++) {
      draw(`working frame ${i}`);
      clock.advance(10);
      if ((obs.nextDueAt() ?? Infinity) <= clock.now()) obs.tick();
    }
    // 1 s of output every 10 ms → at most one evaluation per busyGapMs.
    expect(obs.stats.evaluations - start).toBeLessThanOrEqual(1000 / SCREEN_POLICY.busyGapMs + 1);
  });

  it('waits the confirmation window before working → idle', () => {
    const { draw, run } = setup();
    run(50);
    draw('working');
    expect(run(50)).toEqual(['working']);
    draw('idle');
    // Read within the busy gap; the window counts from that read.
    expect(run(SCREEN_POLICY.busyGapMs)).toEqual([]);
    expect(run(SCREEN_POLICY.confirmIdleMs - 1)).toEqual([]);
    expect(run(1)).toEqual(['idle']);
  });

  it('a blank status line for a frame does not read as finished', () => {
    const { draw, run } = setup();
    draw('working');
    run(50);
    draw('idle');
    run(200);
    draw('working again');
    expect(run(SCREEN_POLICY.confirmIdleMs * 2)).toEqual([]);
  });

  it('never delays blocked, even inside the confirmation window', () => {
    const { draw, run } = setup();
    draw('working');
    run(50);
    draw('idle');
    run(100);
    draw('blocked');
    expect(run(SCREEN_POLICY.busyGapMs)).toEqual(['blocked']);
    // blocked → idle needs no confirmation either.
    draw('idle');
    expect(run(SCREEN_POLICY.busyGapMs)).toEqual(['idle']);
  });

  it('unknown keeps the last state, then returns to idle after the quiet period', () => {
    const { draw, run } = setup();
    draw('working');
    run(50);
    draw('unknown help page');
    expect(run(SCREEN_POLICY.unknownQuietMs - 100)).toEqual([]);
    expect(run(200)).toEqual(['idle']);
  });

  it('title changes count as changes', () => {
    const { obs, setTitle, run } = setup();
    run(50);
    const evals = obs.stats.evaluations;
    setTitle('⠋ codex');
    run(50);
    expect(obs.stats.evaluations).toBe(evals + 1);
  });

  it('does nothing without an agent', () => {
    const { obs, draw } = setup();
    obs.setAgentPresent(false);
    draw('working');
    expect(obs.nextDueAt()).toBeNull();
    expect(obs.tick()).toBeUndefined();
  });
});
