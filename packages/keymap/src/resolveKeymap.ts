// The one keymap resolver (issue 13): the built-in table (defaultKeymap.ts, `prefix` expanded),
// the user's [keys] and extensions' suggested keys, in rozi's order — explicit [keys] > built-in
// defaults > extension suggestions (spec: Suggested keybindings). The server resolves it for the
// keybinding editor and the extension host, the browser for the keys a person presses. Never
// throws: every entry that cannot be used is one diagnostic naming it; the rest still work.
import { BROWSER_RESERVED } from './browserReserved';
import { displaySequence, expandPrefix, parseSequence, sequencesOverlap } from './chord';
import { DEFAULT_KEYMAP, DEFAULT_PREFIX } from './defaultKeymap';
import { mirrorOf, type HeldModifier } from './modifierScheme';

export interface KeySuggestion {
  extension: string;
  /** `command`: a command's `key`, a single chord inside `<prefix> x`. `core`: a [[suggested_keybindings]] entry. */
  kind: 'command' | 'core';
  /** For `command`: the public `<extension>.<command>` id; for `core`: the core action (smart-focus-left …). */
  action: string;
  key: string;
}

export type SuggestionState = 'active' | 'suppressed' | 'conflicting';

export interface ResolvedSuggestion extends KeySuggestion {
  /** The full normalized sequence the suggestion asks for, e.g. `ctrl-a x r`. */
  chord: string;
  state: SuggestionState;
  reason?: string;
}

export interface ResolvedBinding {
  action: string;
  /** The normalized sequence as one string (`ctrl-a %`), as config.toml writes it. */
  key: string;
  sequence: string[];
  source: 'user' | 'builtin' | 'extension';
  /** For `extension`: every extension whose identical suggestion produced it (merged). */
  extensions?: string[];
  /** A held-modifier mirror (`alt-%`): the leader key it mirrors (`ctrl-a %`). */
  mirrorOf?: string;
}

export interface KeymapInput {
  /** The prefix chord, e.g. `ctrl-a`. */
  prefix: string;
  /** Action → bindings with the `prefix` placeholder; the built-in table unless given. */
  defaults?: Readonly<Record<string, readonly string[]>>;
  /** The user's [keys]: action → binding or bindings; an empty list unbinds the action. */
  user?: Readonly<Record<string, string | readonly string[]>>;
  suggestions?: readonly KeySuggestion[];
  /**
   * `[input] modifier` when `modifier_shortcuts` is on: every `prefix X` binding (built-in or
   * [keys]) also answers to `<modifier>-X`. Absent or null: the leader scheme only.
   */
  modifier?: HeldModifier | null;
}

export interface KeymapResult {
  prefix: string[];
  bindings: ResolvedBinding[];
  suggestions: ResolvedSuggestion[];
  /** One line per [keys], default or prefix entry that could not be used. */
  diagnostics: string[];
  /** One line per losing suggestion: losing is a warning, never an error (spec). */
  warnings: string[];
}

export function resolveKeymap(input: KeymapInput): KeymapResult {
  const diagnostics: string[] = [];
  const parsedPrefix = parseSequence(input.prefix);
  if (!parsedPrefix)
    diagnostics.push(`prefix: "${input.prefix}" is not a key chord; using ${DEFAULT_PREFIX}`);
  const prefix = parsedPrefix ?? [DEFAULT_PREFIX];
  const user = input.user ?? {};
  const configured = new Set(Object.keys(user));
  const bindings: ResolvedBinding[] = [];
  const holderOf = new Map<string, ResolvedBinding>();
  const mirrors: ResolvedBinding[] = [];

  const add = (action: string, text: string, source: 'user' | 'builtin') => {
    const sequence = parseSequence(expandPrefix(text, prefix));
    if (!sequence) {
      diagnostics.push(
        `${source === 'user' ? '[keys]' : 'default'} "${action}": "${text}" is not a key sequence`,
      );
      return;
    }
    const key = sequence.join(' ');
    const holder = holderOf.get(key);
    if (holder) {
      // A user binding takes a default's key quietly (that is what rebinding means); two
      // bindings the same origin gives to different actions are a mistake worth saying.
      if (holder.action !== action && holder.source === source)
        diagnostics.push(
          `${source === 'user' ? '[keys]' : 'default'} "${action}": ${displaySequence(sequence)} is already bound to "${holder.action}"`,
        );
      return;
    }
    const binding: ResolvedBinding = { action, key, sequence, source };
    holderOf.set(key, binding);
    bindings.push(binding);
    const mirror = input.modifier
      ? mirrorOf(text, { modifier: input.modifier, prefix: prefix.join(' ') })
      : null;
    if (mirror) mirrors.push({ action, key: mirror, sequence: [mirror], source, mirrorOf: key });
  };

  for (const [action, value] of Object.entries(user))
    for (const text of typeof value === 'string' ? [value] : value) add(action, text, 'user');
  // A configured action drops its defaults (an empty list unbinds it).
  for (const [action, texts] of Object.entries(input.defaults ?? DEFAULT_KEYMAP))
    if (!configured.has(action)) for (const text of texts) add(action, text, 'builtin');
  // Mirrors come after every leader and literal binding: a key someone bound keeps its meaning,
  // and a mirror that would shadow one is left out (the chord reaches the pane, as rozi does), as
  // is one the browser keeps for itself (Alt+Tab): it could never fire; its leader still does.
  for (const m of mirrors)
    if (!BROWSER_RESERVED[m.key] && !bindings.some((b) => sequencesOverlap(b.sequence, m.sequence)))
      bindings.push(m);

  const suggestions = resolveSuggestions(input.suggestions ?? [], { prefix, configured, bindings });
  for (const s of suggestions) {
    if (s.state !== 'active') continue;
    const existing = bindings.find(
      (b) => b.source === 'extension' && b.key === s.chord && b.action === s.action,
    );
    if (existing) {
      if (!existing.extensions?.includes(s.extension)) existing.extensions?.push(s.extension);
    } else
      bindings.push({
        action: s.action,
        key: s.chord,
        sequence: s.chord.split(' '),
        source: 'extension',
        extensions: [s.extension],
      });
  }
  const warnings = suggestions
    .filter((s) => s.state === 'conflicting')
    .map((s) => `${s.extension}: suggested key ${s.chord} for ${s.action} is inactive: ${s.reason}`);
  return { prefix, bindings, suggestions, diagnostics, warnings };
}

function resolveSuggestions(
  suggestions: readonly KeySuggestion[],
  o: { prefix: string[]; configured: Set<string>; bindings: readonly ResolvedBinding[] },
): ResolvedSuggestion[] {
  const resolved: ResolvedSuggestion[] = suggestions.map((s) => {
    // A command's key lives inside `<prefix> x`, the chords rozi leaves to extensions.
    const text = s.kind === 'command' ? `${o.prefix.join(' ')} x ${s.key}` : s.key;
    const sequence = parseSequence(text);
    if (!sequence)
      return { ...s, chord: s.key, state: 'conflicting', reason: `"${s.key}" is not a key chord` };
    return { ...s, chord: sequence.join(' '), state: 'active' };
  });
  for (const s of resolved) {
    if (s.state !== 'active') continue;
    if (o.configured.has(s.action)) {
      s.state = 'suppressed';
      s.reason = `[keys] configures ${s.action}`;
      continue;
    }
    const taken = o.bindings.find((b) => sequencesOverlap(b.sequence, s.chord.split(' ')));
    if (taken) {
      s.state = 'conflicting';
      s.reason = `${taken.key} is bound to ${taken.action} (${taken.source})`;
    }
  }
  // Among suggestions on free keys, different actions on overlapping keys all lose: no extension
  // may win a key by load order.
  const free = resolved.filter((s) => s.state === 'active');
  for (const s of free) {
    const rival = free.find(
      (r) => r.action !== s.action && sequencesOverlap(r.chord.split(' '), s.chord.split(' ')),
    );
    if (rival) {
      s.state = 'conflicting';
      s.reason = `${rival.extension} suggests ${rival.action} for ${rival.chord}`;
    }
  }
  return resolved;
}

/** The sequences bound to one action. */
export function bindingsOf(keymap: Pick<KeymapResult, 'bindings'>, action: string): string[][] {
  return keymap.bindings.filter((b) => b.action === action).map((b) => b.sequence);
}
