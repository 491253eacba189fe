// Resolves bindings (defaults with `prefix`, plus the user's `[keys]`) into chord sequences and
// matches key events against them. Explicit `[keys]` entries replace the defaults of that action
// (an empty list unbinds it), the order rozi resolves them in.
import { displaySequence, parseSequence } from './keyChord';

export interface Binding {
  actionId: string;
  sequence: string[];
}

export interface ResolvedKeymap {
  prefix: string[];
  bindings: Binding[];
  /** One line per binding that could not be used, naming it; the rest still work. */
  diagnostics: string[];
}

export interface KeymapInput {
  defaults: Readonly<Record<string, readonly string[]>>;
  /** The user's `[keys]` table: action id → one binding or a list (empty list = unbound). */
  user?: Readonly<Record<string, string | readonly string[]>>;
  prefix: string;
}

export function resolveKeymap({ defaults, user = {}, prefix }: KeymapInput): ResolvedKeymap {
  const diagnostics: string[] = [];
  const prefixSequence = parseSequence(prefix);
  if (!prefixSequence) diagnostics.push(`prefix: "${prefix}" is not a key chord; using ctrl-a`);
  const prefixChords = prefixSequence ?? ['ctrl-a'];
  const bindings: Binding[] = [];
  const seen = new Map<string, string>();

  const add = (actionId: string, text: string, origin: string) => {
    const expanded = text.replace(/(^|\s)prefix(?=\s|$)/g, `$1${prefixChords.join(' ')}`);
    const sequence = parseSequence(expanded);
    if (!sequence) {
      diagnostics.push(`${origin} "${actionId}": "${text}" is not a key sequence`);
      return;
    }
    const id = sequence.join(' ');
    const holder = seen.get(id);
    if (holder !== undefined && holder !== actionId) {
      diagnostics.push(
        `${origin} "${actionId}": ${displaySequence(sequence)} is already bound to "${holder}"`,
      );
      return;
    }
    seen.set(id, actionId);
    bindings.push({ actionId, sequence });
  };

  // User bindings first so they win a conflict with a default.
  for (const [actionId, value] of Object.entries(user)) {
    for (const text of typeof value === 'string' ? [value] : value) add(actionId, text, '[keys]');
  }
  for (const [actionId, texts] of Object.entries(defaults)) {
    if (actionId in user) continue;
    for (const text of texts) add(actionId, text, 'default');
  }
  return { prefix: prefixChords, bindings, diagnostics };
}

export function bindingsOf(keymap: ResolvedKeymap, actionId: string): string[][] {
  return keymap.bindings.filter((b) => b.actionId === actionId).map((b) => b.sequence);
}

export type MatchResult =
  | { kind: 'run'; actionId: string }
  /** The chords so far begin at least one binding; wait for the next key. */
  | { kind: 'pending'; sequence: string[] }
  /** A sequence was under way and this key ends nothing: swallow it and reset. */
  | { kind: 'cancel' }
  /** Not ours: let the key reach the terminal. */
  | { kind: 'none' };

/** A small state machine over the bindings, fed one chord per key press. */
export class ChordMatcher {
  private pending: string[] = [];

  constructor(private readonly bindings: readonly Binding[]) {}

  get pendingSequence(): readonly string[] {
    return this.pending;
  }

  reset(): void {
    this.pending = [];
  }

  feed(chord: string): MatchResult {
    const attempt = [...this.pending, chord];
    let exact: Binding | undefined;
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
    if (exact) return { kind: 'run', actionId: exact.actionId };
    return wasPending ? { kind: 'cancel' } : { kind: 'none' };
  }
}

function startsWith(sequence: readonly string[], head: readonly string[]): boolean {
  if (head.length > sequence.length) return false;
  return head.every((chord, i) => sequence[i] === chord);
}
