// Line numbers for diagnostics. smol-toml returns plain values with no source positions, so we
// scan the text once: every table header (`[x]`, `[[x]]`, `[x.y]`, counting array-of-tables
// occurrences) and every `key =` line at the start of a line inside it gets a path. A diagnostic's
// path is then looked up, dropping trailing segments until something matches (a key inside an
// inline table points at the line of the key that holds the table). This is exact for the usual
// layout of a manifest and approximate for exotic ones (keys inside multi-line inline tables),
// which is what a line hint needs.
import { formatPath, type LineOf, type ManifestPath } from './diagnostics';
import { MAX_DEPTH } from './structureLimits';

const BARE_PART = /[A-Za-z0-9_-]+/y;
/** Paths deeper than this are too deep to be valid anyway; indexing them would cost O(depth²). */
const MAX_INDEXED_PARTS = MAX_DEPTH + 1;

/** Splits `a."b.c".d` into ['a', 'b.c', 'd'] (at most MAX_INDEXED_PARTS); undefined for anything unexpected. */
function splitDottedKey(raw: string): string[] | undefined {
  const parts: string[] = [];
  let i = 0;
  const s = raw.trim();
  while (i < s.length && parts.length < MAX_INDEXED_PARTS) {
    while (s[i] === ' ' || s[i] === '\t') i++;
    let part: string;
    const q = s[i];
    if (q === '"' || q === "'") {
      const end = s.indexOf(q, i + 1);
      if (end === -1) return undefined;
      part = s.slice(i + 1, end);
      i = end + 1;
    } else {
      BARE_PART.lastIndex = i;
      const m = BARE_PART.exec(s);
      if (!m) return undefined;
      part = m[0];
      i += part.length;
    }
    parts.push(part);
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (i < s.length) {
      if (s[i] !== '.') return undefined;
      i++;
    }
  }
  return parts.length ? parts : undefined;
}

/** Only the start of a line is looked at: keys and headers longer than this are invalid anyway. */
const MAX_SCANNED = 4096;

/** `[a.b]` → { parts, isArray: false }; `[[a]]` → isArray. No regex: a line is scanned once. */
function parseHeader(row: string): { inner: string; isArray: boolean } | undefined {
  const t = row.trim();
  if (t[0] !== '[') return undefined;
  const isArray = t[1] === '[';
  const close = t.indexOf(isArray ? ']]' : ']');
  if (close === -1) return undefined;
  return { inner: t.slice(isArray ? 2 : 1, close), isArray };
}
const KEY_LINE =
  /^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=/;

/** Builds the lookup for one manifest text. Linear in the text. */
export function indexSourceLines(text: string): LineOf {
  const lines = new Map<string, number>();
  // Current index of each array of tables, keyed by its full path with the indices of its parents.
  const arrayCounts = new Map<string, number>();
  let section: (string | number)[] = [];
  let inMultiline: string | undefined;
  const rows = text.split('\n');
  for (let n = 0; n < rows.length; n++) {
    const full = rows[n] as string;
    if (inMultiline) {
      if (full.includes(inMultiline)) inMultiline = undefined;
      continue;
    }
    const row = full.length > MAX_SCANNED ? full.slice(0, MAX_SCANNED) : full;
    const header = parseHeader(row);
    if (header) {
      const parts = splitDottedKey(header.inner);
      if (!parts) continue;
      const isArray = header.isArray;
      // Resolve each prefix to the latest element of any array of tables on the way.
      const resolved: (string | number)[] = [];
      for (let k = 0; k < parts.length; k++) {
        resolved.push(parts[k] as string);
        const key = formatPath(resolved);
        const last = k === parts.length - 1;
        if (last && isArray) {
          if (!lines.has(key)) lines.set(key, n + 1);
          const next = (arrayCounts.get(key) ?? -1) + 1;
          arrayCounts.set(key, next);
          resolved.push(next);
        } else if (arrayCounts.has(key)) {
          resolved.push(arrayCounts.get(key) as number);
        }
      }
      section = resolved;
      const key = formatPath(section);
      if (!lines.has(key)) lines.set(key, n + 1);
      continue;
    }
    const keyMatch = KEY_LINE.exec(row);
    if (keyMatch) {
      const parts = splitDottedKey(keyMatch[1] as string);
      if (parts) {
        const key = formatPath([...section, ...parts]);
        if (!lines.has(key)) lines.set(key, n + 1);
      }
      const rest = full.slice(keyMatch[0].length);
      for (const quote of ['"""', "'''"]) {
        const at = rest.indexOf(quote);
        if (at !== -1 && rest.indexOf(quote, at + 3) === -1) inMultiline = quote;
      }
    }
  }
  return (path: ManifestPath) => {
    for (let len = path.length; len > 0; len--) {
      const hit = lines.get(formatPath(path.slice(0, len)));
      if (hit !== undefined) return hit;
    }
    return null;
  };
}
