import { describe, expect, it } from 'vitest';
import { ManualClock } from './manualClock';
import { NotificationClassifier, type AgentNotification } from './notificationClassifier';
import { StatusHub } from './statusHub';

function setup() {
  const clock = new ManualClock();
  const hub = new StatusHub({ epoch: 'E', now: clock.now });
  const delivered: AgentNotification[] = [];
  const classifier = new NotificationClassifier({
    timers: clock,
    isViewed: (p) => hub.isViewed(p),
    deliver: (n) => void delivered.push(n),
  });
  hub.subscribe((c) => classifier.onChange(c));
  hub.addPane(1);
  hub.setOccupant(1, { id: 'o', pid: 1, startTime: 1, agent: 'codex', label: 'Codex' });
  return { clock, hub, classifier, delivered };
}

describe('NotificationClassifier', () => {
  it('announces working → blocked after one second', () => {
    const { clock, hub, delivered } = setup();
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'blocked' });
    clock.advance(999);
    expect(delivered).toEqual([]);
    clock.advance(1);
    expect(delivered).toMatchObject([{ kind: 'blocked', pane: 1, agent: 'codex', label: 'Codex' }]);
  });

  it('announces working|blocked → done', () => {
    const { clock, hub, delivered } = setup();
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'idle' });
    clock.advance(1000);
    hub.setScreen(1, { state: 'blocked' });
    hub.setScreen(1, { state: 'idle' });
    clock.advance(1000);
    expect(delivered.map((n) => n.kind)).toEqual(['done', 'done']);
  });

  it('viewing the pane within the delay cancels the notice', () => {
    const { clock, hub, classifier, delivered } = setup();
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'blocked' });
    clock.advance(500);
    hub.setViewed(1, true);
    classifier.viewed(1);
    clock.advance(2000);
    expect(delivered).toEqual([]);
    expect(classifier.pendingCount).toBe(0);
  });

  it('never announces the pane being viewed', () => {
    const { clock, hub, delivered } = setup();
    hub.setViewed(1, true);
    hub.setScreen(1, { state: 'working' });
    hub.setScreen(1, { state: 'blocked' });
    hub.setScreen(1, { state: 'idle' });
    clock.advance(5000);
    expect(delivered).toEqual([]);
  });

  it('ignores idle → working, idle → blocked and a notice superseded within the delay', () => {
    const { clock, hub, delivered } = setup();
    hub.setScreen(1, { state: 'blocked' });
    hub.setScreen(1, { state: 'working' });
    clock.advance(2000);
    expect(delivered).toEqual([]);
    hub.setScreen(1, { state: 'blocked' });
    hub.setScreen(1, { state: 'working' });
    clock.advance(2000);
    expect(delivered).toEqual([]);
  });
});
