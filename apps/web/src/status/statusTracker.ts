// Follows each pane's reported state across workspace snapshots: when it entered that state
// (for "since" in the Activity view), which transitions happened in the background (for toasts
// and notifications), and which ones the user has not looked at yet (the title's unseen count).
import type { AgentState } from '@rozi/ui';

export interface PaneStateSample {
  key: number;
  state: AgentState | null;
}

export interface Transition {
  key: number;
  from: AgentState;
  to: AgentState;
  at: number;
}

export interface TrackedState {
  state: AgentState;
  since: number;
}

/** Transitions worth interrupting for: an agent that stopped to ask, or finished. */
export function isAttentionTransition(from: AgentState, to: AgentState): boolean {
  return from === 'working' && (to === 'blocked' || to === 'done' || to === 'idle');
}

export class StatusTracker {
  private readonly states = new Map<number, TrackedState>();
  private readonly unseenKeys = new Set<number>();

  /**
   * Takes a snapshot of every pane. `viewing` is the pane the user is looking at now (focused,
   * page visible); its transitions are not background ones and it is never unseen.
   */
  update(samples: readonly PaneStateSample[], o: { now: number; viewing: number | null }): Transition[] {
    const transitions: Transition[] = [];
    const present = new Set<number>();
    for (const { key, state } of samples) {
      present.add(key);
      const previous = this.states.get(key);
      if (state === null) {
        this.states.delete(key);
        this.unseenKeys.delete(key);
        continue;
      }
      if (previous?.state === state) continue;
      this.states.set(key, { state, since: o.now });
      if (previous && isAttentionTransition(previous.state, state) && key !== o.viewing) {
        transitions.push({ key, from: previous.state, to: state, at: o.now });
        this.unseenKeys.add(key);
      }
      if (state === 'working') this.unseenKeys.delete(key);
    }
    for (const key of [...this.states.keys()]) {
      if (!present.has(key)) {
        this.states.delete(key);
        this.unseenKeys.delete(key);
      }
    }
    if (o.viewing !== null) this.unseenKeys.delete(o.viewing);
    return transitions;
  }

  /** Focusing a pane acknowledges what it finished or asked. */
  acknowledge(key: number): boolean {
    return this.unseenKeys.delete(key);
  }

  get(key: number): TrackedState | undefined {
    return this.states.get(key);
  }

  get unseen(): ReadonlySet<number> {
    return this.unseenKeys;
  }
}

/** `(2) rozi` while something waits unseen, plain `rozi` otherwise. */
export function pageTitle(unseen: number, base = 'rozi'): string {
  return unseen > 0 ? `(${unseen}) ${base}` : base;
}
