// What the last status refresh of a worktree read, kept for a moment: the Changes view asks for
// the diff right after a refresh made a new stamp, and that refresh has just snapshotted the
// worktree and listed its checkpoints. Reusing them (and the fork point from the base, which
// moves only with HEAD or the base) saves the git process starts that dominate a diff's time on
// a loaded machine. A checkpoint invalidates what was read (generation), and nothing is older
// than FRESH_MS, the working agent's refresh period.
import type { Checkpoint } from './checkpoint';

export const FRESH_MS = 2000;

export interface Reading {
  /** The snapshot tree of a dirty worktree (null when it was clean: the diff snapshots then). */
  tree: string | null;
  checkpoints: Checkpoint[];
}

export class WorktreeReadings {
  private readonly last = new Map<string, Reading & { at: number; gen: number }>();
  private readonly gens = new Map<string, number>();
  private readonly forks = new Map<string, { key: string; from: string }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The generation to pass to keep(): read it before the reads it vouches for. */
  gen(id: string): number {
    return this.gens.get(id) ?? 0;
  }

  /** The worktree's checkpoints changed (or may have): what was read before is dropped. */
  bump(id: string): void {
    this.gens.set(id, this.gen(id) + 1);
    this.last.delete(id);
  }

  keep(id: string, o: Reading & { gen: number }): void {
    if (o.gen !== this.gen(id)) return;
    this.last.set(id, { ...o, at: this.now() });
  }

  /** The last reading when it is recent and no checkpoint came after it, else null. */
  fresh(id: string): Reading | null {
    const r = this.last.get(id);
    if (!r || r.gen !== this.gen(id) || this.now() - r.at > FRESH_MS) return null;
    return { tree: r.tree, checkpoints: r.checkpoints };
  }

  /** The fork point for `key` (base, HEAD, how far behind): computed once per key. */
  async forkPoint(id: string, key: string, compute: () => Promise<string>): Promise<string> {
    const known = this.forks.get(id);
    if (known?.key === key) return known.from;
    const from = await compute();
    this.forks.set(id, { key, from });
    return from;
  }

  forget(id: string): void {
    this.last.delete(id);
    this.gens.delete(id);
    this.forks.delete(id);
  }
}
