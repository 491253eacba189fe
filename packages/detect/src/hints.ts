// Hint mode's scanner (rozi: terminal.md "Hint mode", configuration.md `[[hints]]`): finds URLs,
// paths containing `/` (with an optional :line or :line:col), IPv4 addresses and 7–40 character
// Git SHAs in one logical line of terminal text (wrapped rows already rejoined), then the user's
// `[[hints]]` patterns. Built-ins run first and win on overlap; trailing `.,;:!?)]}` is trimmed
// from every match. Custom patterns are regex-lite, run in the linear-time engine, so a pattern
// from config.toml cannot stall the page. Pure: the page and the server share it.
import type { RE2JS } from 're2js';
import { compileRe2 } from './patternSyntax';

export type HintKind = 'url' | 'path' | 'ip' | 'sha' | 'custom';

export interface HintMatch {
  kind: HintKind;
  /** [start, end) in UTF-16 offsets of the scanned text. */
  start: number;
  end: number;
  text: string;
  /**
   * Whether an uppercase final label character opens it: URLs, paths (through a `file` link
   * handler, else copied) and custom hints with open = true; IPs and SHAs always copy.
   */
  opens: boolean;
}

export interface HintPatternInput {
  pattern: string;
  open?: boolean;
}

export interface CompiledHintPattern {
  pattern: string;
  open: boolean;
  re: RE2JS;
}

/** Patterns past this count are skipped: each one runs over every row on screen. */
export const MAX_HINT_PATTERNS = 64;

/** Label letters, home row first; `q` is not one (it leaves hint mode). */
export const HINT_ALPHABET = 'asdfjklghweruiotpzxcvbnmy';
/** Matches per scan past this are dropped: two-letter labels cover this many. */
export const MAX_HINTS = HINT_ALPHABET.length ** 2;

const TRAILING = /[.,;:!?)\]}]+$/;

// Scheme URLs and bare www. hosts; the character class stops at spaces, quotes and brackets that
// usually close a URL in prose.
const URL_RE = /\b(?:(?:https?|ftp|file|ssh|git|wss?):\/\/|www\.)[^\s<>"'`]+/g;
// A path holds at least one `/`: absolute, ~/, ./, ../ or relative (a/b), then an optional
// :line or :line:col. The look-behind keeps the tail of a URL or a longer word out.
const PATH_RE =
  /(?<![\w/.~:-])(?:~|\.{1,2}|[\w.@+-]+)?(?:\/[\w.@+,~-]+)+\/?(?::\d+(?::\d+)?)?|(?<![\w/.~:-])~\//g;
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IP_RE = new RegExp(`(?<![\\w.])(?:${OCTET}\\.){3}${OCTET}(?::\\d{1,5})?(?![\\w.]*\\w)`, 'g');
const SHA_RE = /\b[0-9a-f]{7,40}\b/g;

interface Builtin {
  kind: Exclude<HintKind, 'custom'>;
  re: RegExp;
  accept(text: string): boolean;
}

const BUILTINS: readonly Builtin[] = [
  { kind: 'url', re: URL_RE, accept: (t) => t.length > 4 },
  // "1/2" and "and/or" are not worth a label: a path has a letter and is not a bare fraction.
  { kind: 'path', re: PATH_RE, accept: (t) => /[A-Za-z]/.test(t) && t.length > 2 },
  { kind: 'ip', re: IP_RE, accept: () => true },
  // A run of hex is a SHA only with a digit and a letter (not a number, not a word like "deface").
  { kind: 'sha', re: SHA_RE, accept: (t) => /\d/.test(t) && /[a-f]/.test(t) },
];

/** Compiles `[[hints]]` entries; a bad entry is named in `problems` and skipped (rozi: warn-and-skip). */
export function compileHintPatterns(entries: readonly unknown[]): {
  patterns: CompiledHintPattern[];
  problems: string[];
} {
  const patterns: CompiledHintPattern[] = [];
  const problems: string[] = [];
  entries.forEach((entry, i) => {
    const where = `[[hints]] #${i + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${where} is not a table`);
      return;
    }
    const { pattern, open } = entry as Record<string, unknown>;
    if (typeof pattern !== 'string' || pattern === '') {
      problems.push(`${where}: pattern must be a non-empty string`);
      return;
    }
    if (open !== undefined && typeof open !== 'boolean') {
      problems.push(`${where}: open must be true or false`);
      return;
    }
    if (patterns.length >= MAX_HINT_PATTERNS) {
      problems.push(`${where} skipped: at most ${MAX_HINT_PATTERNS} patterns are used`);
      return;
    }
    const compiled = compileRe2(pattern, { caseInsensitive: false });
    if (!compiled.ok) {
      problems.push(`${where}: ${compiled.message}`);
      return;
    }
    patterns.push({ pattern, open: open === true, re: compiled.re });
  });
  return { patterns, problems };
}

function trimmed(text: string, start: number): { start: number; end: number; text: string } | null {
  const t = text.replace(TRAILING, '');
  return t === '' ? null : { start, end: start + t.length, text: t };
}

const overlaps = (a: { start: number; end: number }, taken: readonly HintMatch[]) =>
  taken.some((b) => a.start < b.end && b.start < a.end);

/** Every hint in one logical line, in text order. */
export function scanHints(text: string, custom: readonly CompiledHintPattern[] = []): HintMatch[] {
  const found: HintMatch[] = [];
  for (const b of BUILTINS) {
    b.re.lastIndex = 0;
    for (let m = b.re.exec(text); m !== null; m = b.re.exec(text)) {
      const span = trimmed(m[0], m.index);
      if (span && b.accept(span.text) && !overlaps(span, found))
        found.push({ kind: b.kind, ...span, opens: b.kind === 'url' || b.kind === 'path' });
    }
  }
  for (const c of custom) {
    const m = c.re.matcher(text);
    let guard = 0;
    while (m.find() && guard++ < MAX_HINTS) {
      if (m.end() === m.start()) continue; // an empty match labels nothing
      const span = trimmed(text.slice(m.start(), m.end()), m.start());
      if (span && !overlaps(span, found)) found.push({ kind: 'custom', ...span, opens: c.open });
    }
  }
  return found.sort((a, b) => a.start - b.start).slice(0, MAX_HINTS);
}

/** Labels for `count` hints, none a prefix of another: single letters while they last, else two. */
export function hintLabels(count: number): string[] {
  const letters = [...HINT_ALPHABET];
  if (count <= letters.length) return letters.slice(0, count);
  const out: string[] = [];
  for (const a of letters) for (const b of letters) if (out.length < count) out.push(a + b);
  return out;
}

/** rozi's split of `path:line:col` for ROZI_FILE / ROZI_LINE / ROZI_COLUMN (non-numeric colons stay in the path). */
export function splitPathPosition(text: string): { file: string; line: string; column: string } {
  const tail = (s: string) => {
    const i = s.lastIndexOf(':');
    if (i <= 0) return null;
    const n = s.slice(i + 1);
    return /^\d+$/.test(n) ? { head: s.slice(0, i), n } : null;
  };
  const last = tail(text);
  if (!last) return { file: text, line: '', column: '' };
  const before = tail(last.head);
  if (before) return { file: before.head, line: before.n, column: last.n };
  return { file: last.head, line: last.n, column: '' };
}
