// Regex-lite: the regex dialect of agent rules. Patterns are written for Rust's `regex` crate
// (rozi's engine) and run here in re2js, a linear-time engine, so a rule can never stall a
// pane on catastrophic backtracking. The two dialects agree on almost everything, but re2js
// silently gives a different meaning to a few Rust-only forms (DESIGN.md, "Linear-time regex"):
// `\<` `\>` (read as literal < >), `\b{start}` (read as \b then a literal), class set operations
// `&&` `--` `~~` and nested classes (read as literal characters), and `a{,3}` (read as literal
// text). Those are rejected here with a message instead of matching something unexpected.
// Rust's `\u{2800}` / `\u2800` / `\U0001F600` escapes are rewritten to re2js's `\x{...}`.
import { RE2JS } from 're2js';
import { lineAnchors, regexPrefilter } from './regexPrefilter';

export type RegexCheck = { ok: true; source: string } | { ok: false; message: string };

const HEX = /^[0-9a-fA-F]+$/;

function unicodeEscape(pattern: string, at: number): { text: string; length: number } | string {
  // `at` points at the `u` or `U` after the backslash.
  const kind = pattern[at];
  if (pattern[at + 1] === '{') {
    const close = pattern.indexOf('}', at + 2);
    const digits = close === -1 ? '' : pattern.slice(at + 2, close);
    if (!digits || !HEX.test(digits) || digits.length > 6) return `bad \\${kind}{…} escape`;
    return { text: `\\x{${digits}}`, length: close - at + 1 };
  }
  const width = kind === 'u' ? 4 : 8;
  const digits = pattern.slice(at + 1, at + 1 + width);
  if (digits.length !== width || !HEX.test(digits)) return `\\${kind} needs ${width} hex digits or {…}`;
  return { text: `\\x{${digits}}`, length: width + 1 };
}

/** Rejects Rust-only forms re2js would misread and rewrites unicode escapes; does not compile. */
export function translateRegexLite(pattern: string): RegexCheck {
  let out = '';
  let inClass = false;
  let classStart = -1;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      const n = pattern[i + 1];
      if (n === undefined) return { ok: false, message: 'trailing backslash' };
      if (n === '<' || n === '>')
        return {
          ok: false,
          message: `\\${n} is a Rust word-boundary form this engine reads as a literal; use \\b`,
        };
      if ((n === 'b' || n === 'B') && pattern[i + 2] === '{')
        return { ok: false, message: `\\${n}{…} boundary forms are not supported; use \\b` };
      if (n === 'u' || n === 'U') {
        const esc = unicodeEscape(pattern, i + 1);
        if (typeof esc === 'string') return { ok: false, message: esc };
        out += esc.text;
        i += esc.length;
        continue;
      }
      out += c + n;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']' && i > classStart) {
        inClass = false;
      } else if (c === '[') {
        if (pattern[i + 1] === ':') {
          const close = pattern.indexOf(':]', i + 2);
          if (close === -1) return { ok: false, message: 'unterminated [:class:]' };
          out += pattern.slice(i, close + 2);
          i = close + 1;
          continue;
        }
        return {
          ok: false,
          message: 'nested character classes are not supported; escape [ inside a class as \\[',
        };
      } else if ((c === '&' || c === '-' || c === '~') && pattern[i + 1] === c) {
        return {
          ok: false,
          message: `'${c}${c}' inside a character class is a Rust set operation this engine reads literally; escape it`,
        };
      }
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      // A `]` right after `[` or `[^` is a literal member, not the end of the class.
      classStart = i + 1 + (pattern[i + 1] === '^' ? 1 : 0);
      out += c;
      if (pattern[classStart] === ']') {
        out += pattern.slice(i + 1, classStart + 1);
        i = classStart;
        classStart = i + 1;
      }
      continue;
    }
    if (c === '{' && /^\{\s*,\s*\d*\s*\}/.test(pattern.slice(i, i + 12))) {
      return { ok: false, message: "'{,n}' repetition is not supported; write '{0,n}'" };
    }
    out += c;
  }
  return { ok: true, source: out };
}

/** [start, end) of each line holding a hit of the global `anchor` regex, in screen order. */
function anchorLines(text: string, anchor: RegExp): Array<[number, number]> {
  const lines: Array<[number, number]> = [];
  anchor.lastIndex = 0;
  for (let m = anchor.exec(text); m !== null; m = anchor.exec(text)) {
    const start = text.lastIndexOf('\n', m.index) + 1;
    const nl = text.indexOf('\n', m.index);
    const end = nl === -1 ? text.length : nl;
    lines.push([start, end]);
    // One visit per line is enough: continue after it.
    anchor.lastIndex = end + 1;
    if (end >= text.length) break;
  }
  return lines;
}

export interface CompiledRegex {
  test(text: string): boolean;
  /** First match span in `text`, in UTF-16 offsets. */
  find(text: string): { start: number; end: number } | null;
}

/**
 * A regex-lite pattern translated and compiled for the engine, or why not. Agent rules match
 * case-insensitively (the default); `[[hints]]` patterns keep regex-lite's own case-sensitivity.
 */
export function compileRe2(
  pattern: string,
  o: { caseInsensitive?: boolean } = {},
): { ok: true; re: RE2JS; checked: { source: string } } | { ok: false; message: string } {
  const checked = translateRegexLite(pattern);
  if (!checked.ok) return checked;
  try {
    const flags = o.caseInsensitive === false ? 0 : RE2JS.CASE_INSENSITIVE;
    return { ok: true, re: RE2JS.compile(checked.source, flags), checked };
  } catch (err) {
    const message = err instanceof Error ? err.message.replace(/^error parsing regexp:\s*/, '') : String(err);
    return { ok: false, message };
  }
}

/**
 * Checks and compiles a regex-lite pattern. Matching ignores case (the engine's flag). A native-search
 * prefilter (regexPrefilter.ts) runs first, and line-local patterns run only on the lines that
 * can hold a match.
 */
export function compileRegexLite(
  pattern: string,
): { ok: true; regex: CompiledRegex } | { ok: false; message: string } {
  const compiled = compileRe2(pattern);
  if (!compiled.ok) return compiled;
  const { re, checked } = compiled;
  const pre = regexPrefilter(checked.source);
  const anchors = lineAnchors(checked.source);
  const findIn = (text: string, from = 0) => {
    const m = re.matcher(text);
    return m.find() ? { start: m.start() + from, end: m.end() + from } : null;
  };
  if (anchors) {
    // No match crosses a line: run the engine only on the lines holding an anchor literal.
    const lines = (text: string) => anchorLines(text, anchors);
    return {
      ok: true,
      regex: {
        test: (text) => lines(text).some(([a, b]) => re.test(text.slice(a, b))),
        find(text) {
          for (const [a, b] of lines(text)) {
            const hit = findIn(text.slice(a, b), a);
            if (hit) return hit;
          }
          return null;
        },
      },
    };
  }
  return {
    ok: true,
    regex: {
      test: (text) => (pre === null || pre(text)) && re.test(text),
      find: (text) => (pre !== null && !pre(text) ? null : findIn(text)),
    },
  };
}
