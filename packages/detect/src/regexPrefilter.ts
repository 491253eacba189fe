// A cheap necessary condition for a regex-lite pattern, checked with native string search before
// re2js runs. re2js is linear but 5–25× slower than native search on a 12 KB screen; most rules
// fail on most screens, and almost every pattern needs some literal text (" interrupt",
// "permission required") or a distinctive character (a braille frame) that a screen without a
// match does not contain. The analysis is conservative: it only ever returns conditions every
// match must satisfy, and returns null (always run the regex) for anything it does not follow.
import { literalSearch } from './nativeSearch';

export type Prefilter = (text: string) => boolean;

/** Characters whose case folding is not plain lowercasing (ſ matches s) cannot be searched for. */
function foldsSimply(ch: string): boolean {
  return ch.toUpperCase().toLowerCase() === ch.toLowerCase();
}

type Candidate =
  | { kind: 'literal'; text: string }
  | { kind: 'any'; texts: string[] }
  | { kind: 'class'; re: RegExp; source: string };

const FLAGS_GROUP = /^\(\?[imsU-]+\)/;

/**
 * The pattern's characters from `from` on that are outside character classes and not escaped,
 * with their index: the ones group and alternation structure is made of.
 */
function* structuralChars(p: string, from: number): Generator<{ c: string; i: number }> {
  let inClass = false;
  for (let i = from; i < p.length; i++) {
    const c = p[i] as string;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      // A `]` right after `[` or `[^` is a member, not the end of the class.
      if (p[i + 1] === '^') i++;
      if (p[i + 1] === ']') i++;
    } else yield { c, i };
  }
}

/** Index just past the `)` closing the group opened at `open`, or -1. */
function groupEnd(p: string, open: number): number {
  let depth = 0;
  for (const { c, i } of structuralChars(p, open)) {
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

function classEnd(p: string, open: number): number {
  let i = open + 1;
  if (p[i] === '^') i++;
  if (p[i] === ']') i++;
  for (; i < p.length; i++) {
    if (p[i] === '\\') i++;
    else if (p[i] === '[' && p[i + 1] === ':') i = p.indexOf(':]', i + 2) + 1;
    else if (p[i] === ']') return i + 1;
  }
  return -1;
}

/** Whether the atom ending at `at` is optional (`?`, `*`, `{0…}`); also where its quantifier ends. */
function quantifier(p: string, at: number): { optional: boolean; end: number; present: boolean } {
  const c = p[at];
  let end = at;
  let optional = false;
  if (c === '?' || c === '*') {
    optional = true;
    end = at + 1;
  } else if (c === '+') end = at + 1;
  else if (c === '{') {
    const m = /^\{(\d+)(?:,\d*)?\}/.exec(p.slice(at));
    if (m) {
      optional = Number(m[1]) === 0;
      end = at + m[0].length;
    }
  }
  if (end > at && (p[end] === '?' || p[end] === '+')) end++; // lazy / possessive marker
  return { optional, end, present: end > at };
}

/** `\x{2733}` → the character; escaped punctuation → itself; anything else (a class, an anchor) → null. */
function escapedLiteral(p: string, at: number): { ch: string | null; end: number } {
  const n = p[at + 1] ?? '';
  if (n === 'x' && p[at + 2] === '{') {
    const close = p.indexOf('}', at + 3);
    const cp = Number.parseInt(p.slice(at + 3, close), 16);
    return { ch: Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : null, end: close + 1 };
  }
  if (n === 'x') return { ch: null, end: at + 4 };
  if ((n === 'p' || n === 'P') && p[at + 2] === '{') return { ch: null, end: p.indexOf('}', at) + 1 };
  if (/[A-Za-z0-9]/.test(n)) return { ch: null, end: at + 2 };
  return { ch: n, end: at + 2 };
}

/** A JS character class equivalent to a simple regex-lite class of literals and ranges, or null. */
function nativeClass(body: string): Candidate | null {
  if (body.startsWith('^')) return null;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\') {
      const esc = escapedLiteral(body, i);
      if (esc.ch === null) return null;
      out += `\\u{${esc.ch.codePointAt(0)!.toString(16)}}`;
      i = esc.end - 1;
    } else if (c === '[') return null;
    else out += c === '-' ? '-' : `\\u{${c.codePointAt(0)!.toString(16)}}`;
    if (c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdbff) return null;
  }
  // Only classes of non-ASCII characters filter anything: [ \t] or [a-z] is on every screen.
  if (/[\x00-\x7f]/.test(body.replace(/\\x\{[0-9a-fA-F]+\}/g, '').replace(/-/g, ''))) return null;
  try {
    return { kind: 'class', re: new RegExp(`[${out}]`, 'iu'), source: body };
  } catch {
    return null;
  }
}

function pureAlternatives(body: string): string[] | null {
  const inner = body.replace(/^\?:/, '');
  if (inner.startsWith('?')) return null;
  const alts: string[] = [];
  let cur = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i] as string;
    if (c === '|') {
      alts.push(cur);
      cur = '';
    } else if (c === '\\') {
      const esc = escapedLiteral(inner, i);
      if (esc.ch === null) return null;
      cur += esc.ch;
      i = esc.end - 1;
    } else if ('()[].^$?*+{}'.includes(c)) return null;
    else cur += c;
  }
  alts.push(cur);
  if (alts.some((a) => a.length === 0 || ![...a].every(foldsSimply))) return null;
  return alts;
}

/** Splits at `|` outside groups and classes. */
function topLevelBranches(p: string): string[] {
  const branches: string[] = [];
  let depth = 0;
  let start = 0;
  for (const { c, i } of structuralChars(p, 0)) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      branches.push(p.slice(start, i));
      start = i + 1;
    }
  }
  branches.push(p.slice(start));
  return branches;
}

/** The strongest text condition of a branch as alternatives (a literal is one), or null. */
function branchTexts(p: string, depth: number): string[] | null {
  const found = candidates(p, depth);
  if (!found) return null;
  const texts = found.filter((c) => c.kind !== 'class').sort((a, b) => score(b) - score(a))[0];
  if (!texts) return null;
  return texts.kind === 'literal' ? [texts.text] : texts.kind === 'any' ? texts.texts : null;
}

/** For `a|b|c`: every branch's condition, united; null when some branch has none. */
function alternation(p: string, depth: number): Candidate | null {
  if (depth > 3) return null;
  const all: string[] = [];
  for (const branch of topLevelBranches(p)) {
    const texts = branchTexts(branch, depth + 1);
    if (!texts) return null;
    all.push(...texts);
  }
  return { kind: 'any', texts: [...new Set(all)] };
}

function candidates(p: string, depth = 0): Candidate[] | null {
  if (topLevelBranches(p).length > 1) {
    const alt = alternation(p, depth);
    return alt ? [alt] : null;
  }
  const out: Candidate[] = [];
  let run = '';
  const flush = () => {
    if (run.length >= 2) out.push({ kind: 'literal', text: run });
    run = '';
  };
  let i = 0;
  while (i < p.length) {
    const flags = FLAGS_GROUP.exec(p.slice(i));
    if (flags) {
      i += flags[0].length;
      continue;
    }
    const c = p[i] as string;
    if (c === '(') {
      flush();
      const end = groupEnd(p, i);
      if (end === -1) return null;
      const q = quantifier(p, end);
      if (!q.optional) {
        const body = p.slice(i + 1, end - 1);
        const alts = pureAlternatives(body);
        if (alts)
          out.push(
            alts.length === 1 ? { kind: 'literal', text: alts[0] as string } : { kind: 'any', texts: alts },
          );
        else if (body.startsWith('?:') || !body.startsWith('?')) {
          const inner = body.replace(/^\?:/, '');
          const alt = topLevelBranches(inner).length > 1 ? alternation(inner, depth) : null;
          if (alt) out.push(alt);
        }
      }
      i = q.end > end ? q.end : end;
      continue;
    }
    if (c === '[') {
      flush();
      const end = classEnd(p, i);
      if (end === -1) return null;
      const q = quantifier(p, end);
      if (!q.optional) {
        const cls = nativeClass(p.slice(i + 1, end - 1));
        if (cls) out.push(cls);
      }
      i = q.present ? q.end : end;
      continue;
    }
    let ch: string | null;
    let next: number;
    if (c === '\\') {
      const esc = escapedLiteral(p, i);
      ch = esc.ch;
      next = esc.end;
    } else if (c === '.' || c === '^' || c === '$') {
      ch = null;
      next = i + 1;
    } else {
      ch = String.fromCodePoint(p.codePointAt(i) as number);
      next = i + ch.length;
    }
    const q = quantifier(p, next);
    if (ch === null || q.optional || !foldsSimply(ch)) flush();
    else {
      run += ch;
      if (q.present) flush();
    }
    i = q.present ? q.end : next;
  }
  flush();
  return out;
}

function score(c: Candidate): number {
  if (c.kind === 'literal') return c.text.length;
  if (c.kind === 'any') return Math.min(...c.texts.map((t) => t.length)) - 0.5;
  return 2.5;
}

/** The necessary condition for `source` (already through translateRegexLite), or null. */
export function regexPrefilter(source: string): Prefilter | null {
  // \Q…\E quotes metacharacters; not worth following.
  if (source.includes('\\Q')) return null;
  const found = candidates(source);
  if (!found || found.length === 0) return null;
  // Two independent conditions filter better than one and cost one more native search.
  const best = [...found].sort((a, b) => score(b) - score(a)).slice(0, 2);
  const checks = best.map((c): Prefilter => {
    const re = c.kind === 'class' ? c.re : literalSearch(c.kind === 'literal' ? [c.text] : c.texts);
    return (t) => re.test(t);
  });
  return checks.length === 1 ? (checks[0] as Prefilter) : (t) => checks.every((f) => f(t));
}

/**
 * Whether no match of `source` can contain a line break, so the regex may run on single lines.
 * Conservative: any construct that can match "\n" (\s, \D, \W, \p, (?s), a negated class without
 * \n, POSIX classes), whole-text anchors (\A, \z) or `^`/`$` without (?m) all say no.
 */
function lineLocal(source: string): boolean {
  const lead = FLAGS_GROUP.exec(source)?.[0] ?? '';
  // (?s) lets `.` match a line break; a negated flag (?-m) is not worth following.
  if (/[s-]/.test(lead)) return false;
  const multiline = lead.includes('m');
  const body = source.slice(lead.length);
  if (/\(\?[a-zA-Z-]*[s-]/.test(body) || /\(\?[imsU-]+\)/.test(body)) return false;
  let inClass = false;
  let classBody = '';
  let negated = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\') {
      const n = body[i + 1] ?? '';
      // \n inside a negated class ([^\n]) excludes the break; anywhere else it may match one.
      if (n === 'n' && !(inClass && negated)) return false;
      if ('sDWpPAzQv'.includes(n)) return false;
      if (n === 'x') {
        const hex = body[i + 2] === '{' ? body.slice(i + 3, body.indexOf('}', i)) : body.slice(i + 2, i + 4);
        if (Number.parseInt(hex, 16) === 10) {
          if (!(inClass && negated)) return false;
        }
      }
      if (inClass) classBody += c + n;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']' && classBody.length > 0) {
        if (negated && !classBody.includes('\\n')) return false;
        inClass = false;
      } else if (c === '[' && body[i + 1] === ':') return false;
      else classBody += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      negated = body[i + 1] === '^';
      if (negated) i++;
      classBody = '';
      if (body[i + 1] === ']') {
        classBody = ']';
        i++;
      }
    } else if ((c === '^' || c === '$') && !multiline) return false;
  }
  return true;
}

/**
 * For a line-local pattern, a global regex finding text every match contains (a literal, one of
 * several, or a distinctive character): the engine then only needs to run on the lines holding
 * such a hit. Null when that does not apply.
 */
export function lineAnchors(source: string): RegExp | null {
  if (source.includes('\\Q') || !lineLocal(source)) return null;
  const found = candidates(source);
  if (!found) return null;
  const best = [...found].sort((a, b) => score(b) - score(a))[0];
  if (!best || score(best) < 1.5) return null;
  if (best.kind === 'class') return new RegExp(best.re.source, 'giu');
  return literalSearch(best.kind === 'literal' ? [best.text] : best.texts, true);
}
