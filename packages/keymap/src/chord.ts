// The one chord grammar (issue 13): key chords in rozi's config syntax (`ctrl-a`, `ctrl-shift-p`,
// `alt-left`, `%`; `+` works as a separator too, `escape`/`return`/`cmd`/`super`… are aliases) and
// the normalised form a KeyboardEvent is compared in. A binding is a space-separated sequence of
// chords: `ctrl-a %` is the prefix, then %. The server (config.toml [keys], the keybinding
// editor, extension suggestions) and the browser (the keys a person presses) both read chords
// here, so they cannot disagree about what a binding means.

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

const NAMED: Record<string, string> = {
  arrowleft: 'left',
  arrowright: 'right',
  arrowup: 'up',
  arrowdown: 'down',
  escape: 'esc',
  ' ': 'space',
  enter: 'enter',
  tab: 'tab',
  backspace: 'backspace',
  delete: 'delete',
  pageup: 'pageup',
  pagedown: 'pagedown',
  home: 'home',
  end: 'end',
};

const ALIASES: Record<string, string> = {
  escape: 'esc',
  return: 'enter',
  control: 'ctrl',
  option: 'alt',
  cmd: 'meta',
  command: 'meta',
  super: 'meta',
  win: 'meta',
  del: 'delete',
  ins: 'insert',
  arrowleft: 'left',
  arrowright: 'right',
  arrowup: 'up',
  arrowdown: 'down',
  pgup: 'pageup',
  pgdn: 'pagedown',
  minus: '-',
  plus: '+',
  equal: '=',
};

const MODIFIERS = ['ctrl', 'alt', 'shift', 'meta'] as const;

/** Keys a chord may name besides one character: rozi's named keys (configuration.md, prefix syntax). */
const NAMED_KEYS = new Set([
  ...Object.values(NAMED),
  'insert',
  ...Array.from({ length: 24 }, (_, i) => `f${i + 1}`),
]);

/** One printable character (`%`, `a`, `é`) or a named key; `ctrl-`, `ctrl-ab`, `ctrl-foo` are not keys. */
function isKey(key: string): boolean {
  return NAMED_KEYS.has(key) || ([...key].length === 1 && !/\s/.test(key));
}

/**
 * Normalises one chord string: modifiers in a fixed order, key lower-cased, aliases resolved.
 * Returns null when the chord is not understood (the caller reports it, naming the binding).
 */
export function normalizeChord(chord: string): string | null {
  const text = chord.trim().toLowerCase();
  if (!text) return null;
  // The prefix placeholder (`prefix %`; `<prefix> %` as the docs write it): expandPrefix
  // replaces it with the [input] prefix's chords once that is known.
  if (text === 'prefix' || text === '<prefix>') return 'prefix';
  // A lone '-' or a chord ending in '--' binds the minus key itself.
  const parts =
    text === '-'
      ? ['-']
      : text.endsWith('--')
        ? [...text.slice(0, -2).split('-').filter(Boolean), '-']
        : text.split(/[-+](?=.)/);
  const mods = new Set<string>();
  let key: string | null = null;
  for (const raw of parts) {
    const part = ALIASES[raw] ?? raw;
    if ((MODIFIERS as readonly string[]).includes(part)) mods.add(part);
    else if (key === null) key = part;
    else return null;
  }
  if (key === null || !isKey(key)) return null;
  return [...MODIFIERS.filter((m) => mods.has(m)), key].join('-');
}

/** Parses a binding (`ctrl-a %`) into normalised chords, or null when any chord is not understood. */
export function parseSequence(binding: string): string[] | null {
  const chords = binding.trim().split(/\s+/).map(normalizeChord);
  if (chords.length === 0 || chords.some((c) => c === null)) return null;
  return chords as string[];
}

/** A binding in its one normal form (`Shift-Ctrl-P  x` → `ctrl-shift-p x`), or null if not a key sequence. */
export function normalizeSequence(binding: string): string | null {
  return parseSequence(binding)?.join(' ') ?? null;
}

/** Two sequences collide when equal or when one begins the other (the longer could never fire). */
export function sequencesOverlap(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `prefix` in a binding stands for the prefix chord(s): `prefix %` → `ctrl-a %`. */
export function expandPrefix(binding: string, prefix: readonly string[]): string {
  return binding.replace(/(^|\s)prefix(?=\s|$)/g, `$1${prefix.join(' ')}`);
}

/**
 * The chord a key event stands for. Printable symbols keep the character the keyboard produced
 * and drop shift (`%` is shift-5 on one layout and something else on another); letters keep
 * shift so `ctrl-shift-p` differs from `ctrl-p`.
 */
export function chordOfEvent(e: KeyLike): string | null {
  const raw = e.key;
  if (
    raw === 'Control' ||
    raw === 'Shift' ||
    raw === 'Alt' ||
    raw === 'Meta' ||
    raw === 'Dead' ||
    raw === 'Unidentified'
  )
    return null;
  const lower = raw.toLowerCase();
  let key = NAMED[lower] ?? lower;
  const printableSymbol = raw.length === 1 && !/[a-z0-9 ]/i.test(raw);
  if (raw.length === 1 && /[a-z]/i.test(raw)) key = lower;
  const mods: string[] = [];
  if (e.ctrlKey) mods.push('ctrl');
  if (e.altKey) mods.push('alt');
  if (e.shiftKey && !printableSymbol) mods.push('shift');
  if (e.metaKey) mods.push('meta');
  return [...mods, key].join('-');
}

/** How a chord is shown to people: `Ctrl+A`, `Ctrl+Shift+P`, `%`, `←`. */
export function displayChord(chord: string): string {
  const parts =
    chord === '-' ? ['-'] : chord.endsWith('--') ? [...chord.slice(0, -2).split('-'), '-'] : chord.split('-');
  const key = parts.pop() ?? '';
  const arrows: Record<string, string> = { left: '←', right: '→', up: '↑', down: '↓' };
  // A bare letter stays lower-case (`Ctrl+A c`, as tmux writes it) so it is not read as Shift+C.
  const shownKey =
    arrows[key] ??
    (key.length === 1 ? (parts.length ? key.toUpperCase() : key) : key[0]!.toUpperCase() + key.slice(1));
  const mods = parts.map((m) => ({ ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', meta: 'Meta' })[m] ?? m);
  return [...mods, shownKey].join('+');
}

export function displaySequence(sequence: readonly string[]): string {
  return sequence.map(displayChord).join(' ');
}
