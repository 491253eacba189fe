// A small state machine over resolved bindings, fed one chord per key press: the page's keys
// (and anything else that must obey the keymap) ask it whether a key runs, waits or passes.

export interface SequenceBinding {
  action: string;
  sequence: readonly string[];
}

export type MatchResult =
  | { kind: 'run'; action: string }
  /** The chords so far begin at least one binding; wait for the next key. */
  | { kind: 'pending'; sequence: string[] }
  /** A sequence was under way and this key ends nothing: swallow it and reset. */
  | { kind: 'cancel' }
  /** Not ours: let the key reach the terminal. */
  | { kind: 'none' };

export class ChordMatcher {
  private pending: string[] = [];

  constructor(private readonly bindings: readonly SequenceBinding[]) {}

  get pendingSequence(): readonly string[] {
    return this.pending;
  }

  reset(): void {
    this.pending = [];
  }

  feed(chord: string): MatchResult {
    const attempt = [...this.pending, chord];
    let exact: SequenceBinding | undefined;
    let longer = false;
    for (const binding of this.bindings) {
      if (!startsWith(binding.sequence, attempt)) continue;
      if (binding.sequence.length === attempt.length) exact = binding;
      else longer = true;
    }
    // A longer binding wins over an exact one that is its prefix: the user can still finish it.
    if (longer) {
      this.pending = attempt;
      return { kind: 'pending', sequence: attempt };
    }
    const wasPending = this.pending.length > 0;
    this.pending = [];
    if (exact) return { kind: 'run', action: exact.action };
    return wasPending ? { kind: 'cancel' } : { kind: 'none' };
  }
}

function startsWith(sequence: readonly string[], head: readonly string[]): boolean {
  if (head.length > sequence.length) return false;
  return head.every((chord, i) => sequence[i] === chord);
}
