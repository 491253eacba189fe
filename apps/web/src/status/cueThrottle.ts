// `[sounds] throttle_ms` (configuration.md): per-cue repeat suppression. A cue that played less
// than `ms` ago is skipped; each cue (bell, blocked, done, error) keeps its own clock, so a burst
// of bells never silences a pane that asks for input.
export type Cue = 'bell' | 'blocked' | 'done' | 'error';

export class CueThrottle {
  private readonly last = new Map<Cue, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** True when `cue` may play now (and records it as played); false inside its window. */
  allow(cue: Cue, ms: number): boolean {
    const t = this.now();
    const before = this.last.get(cue);
    if (before !== undefined && t - before < ms) return false;
    this.last.set(cue, t);
    return true;
  }
}
