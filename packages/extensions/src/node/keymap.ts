// Keymap resolution with extension suggestions (spec: Suggested keybindings). Resolved once when
// extensions load; extension code never sees keys. Order: explicit [keys] > built-in defaults >
// extension suggestions. Pure: the host passes the user's [keys], the built-in table and the
// suggestions of every enabled extension; the result says which suggestion won and why not.

export interface KeyBinding {
  key: string;
  action: string;
}

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
  /** The full normalized chord the suggestion asks for, e.g. `ctrl-a x r`. */
  chord: string;
  state: SuggestionState;
  reason?: string;
}

export interface ResolvedBinding extends KeyBinding {
  source: 'user' | 'builtin' | 'extension';
  /** For `extension`: every extension whose identical suggestion produced it (merged). */
  extensions?: string[];
}

export interface KeymapInput {
  /** The prefix chord, e.g. `ctrl-a`. */
  prefix: string;
  builtins: KeyBinding[];
  /** The user's [keys]: action → key or keys; an empty list unbinds the action. */
  explicit: Record<string, string | string[]>;
  suggestions: KeySuggestion[];
}

export interface KeymapResult {
  bindings: ResolvedBinding[];
  suggestions: ResolvedSuggestion[];
  /** One line per losing suggestion: losing is a warning, never an error (spec). */
  warnings: string[];
}

/** `Ctrl-Shift-A  b` → `ctrl-shift-a b`: lower case, modifiers in a fixed order, single spaces. */
export function normalizeChord(chord: string): string {
  const order = ['ctrl', 'alt', 'shift', 'super', 'meta'];
  return chord
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((stroke) => {
      const lower = stroke.toLowerCase();
      // A trailing '-' is the minus key itself (`ctrl--`), not a separator.
      const keyPart = lower.endsWith('--') ? '-' : lower.slice(lower.lastIndexOf('-') + 1) || '-';
      const mods = lower
        .slice(0, lower.length - keyPart.length)
        .split('-')
        .filter(Boolean);
      mods.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return [...mods, keyPart].join('-');
    })
    .join(' ');
}

/** Two chords collide when equal or when one is a prefix of the other (the longer one could never fire). */
function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(b + ' ') || b.startsWith(a + ' ');
}

function chordOf(s: KeySuggestion, prefix: string): string {
  return s.kind === 'command' ? normalizeChord(`${prefix} x ${s.key}`) : normalizeChord(s.key);
}

export function resolveKeymap(input: KeymapInput): KeymapResult {
  const bindings: ResolvedBinding[] = [];
  const configured = new Set(Object.keys(input.explicit));
  for (const [action, keys] of Object.entries(input.explicit)) {
    for (const key of Array.isArray(keys) ? keys : [keys])
      bindings.push({ key: normalizeChord(key), action, source: 'user' });
  }
  const userKeys = bindings.map((b) => b.key);
  for (const b of input.builtins) {
    const key = normalizeChord(b.key);
    // A configured action drops its defaults; a user binding on the same key takes the key.
    if (configured.has(b.action) || userKeys.includes(key)) continue;
    bindings.push({ key, action: b.action, source: 'builtin' });
  }

  const resolved: ResolvedSuggestion[] = input.suggestions.map((s) => ({
    ...s,
    chord: chordOf(s, input.prefix),
    state: 'active' as SuggestionState,
  }));
  for (const s of resolved) {
    if (configured.has(s.action)) {
      s.state = 'suppressed';
      s.reason = `[keys] configures ${s.action}`;
      continue;
    }
    const taken = bindings.find((b) => overlaps(b.key, s.chord));
    if (taken) {
      s.state = 'conflicting';
      s.reason = `${taken.key} is bound to ${taken.action} (${taken.source})`;
    }
  }
  // Among suggestions on free keys, different actions on overlapping keys all lose: no extension
  // may win a key by load order.
  const free = resolved.filter((s) => s.state === 'active');
  for (const s of free) {
    const rival = free.find((o) => o.action !== s.action && overlaps(o.chord, s.chord));
    if (rival) {
      s.state = 'conflicting';
      s.reason = `${rival.extension} suggests ${rival.action} for ${rival.chord}`;
    }
  }
  const merged = new Map<string, ResolvedBinding>();
  for (const s of resolved) {
    if (s.state !== 'active') continue;
    const id = `${s.chord}\u0000${s.action}`;
    const existing = merged.get(id);
    if (existing) {
      if (!existing.extensions?.includes(s.extension)) existing.extensions?.push(s.extension);
    } else {
      merged.set(id, { key: s.chord, action: s.action, source: 'extension', extensions: [s.extension] });
    }
  }
  bindings.push(...merged.values());
  const warnings = resolved
    .filter((s) => s.state === 'conflicting')
    .map((s) => `${s.extension}: suggested key ${s.chord} for ${s.action} is inactive: ${s.reason}`);
  return { bindings, suggestions: resolved, warnings };
}
