// Fuzzy matching for the command palette: the query's characters must appear in order; matches
// at word starts and in runs score higher, so "spr" finds "Split right" before "Showprefix".

export interface FuzzyMatch {
  score: number;
  /** Indices of matched characters in the text, for highlighting. */
  positions: number[];
}

export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return { score: 0, positions: [] };
  const t = text.toLowerCase();
  // The first character may match in several places; a match that starts later can be the
  // better one ("thm" in "Toggle light/dark theme" is "th" + "m" of "theme", not the "t" of
  // "Toggle"), so each start is tried (a few, to stay cheap on 100,000 picker rows).
  let best: FuzzyMatch | null = null;
  let tries = 0;
  for (
    let start = t.indexOf(q[0]!);
    start !== -1 && tries < 8;
    start = t.indexOf(q[0]!, start + 1), tries++
  ) {
    const m = matchFrom(q, text, start);
    if (m && (!best || m.score > best.score)) best = m;
  }
  return best;
}

function matchFrom(q: string, text: string, start: number): FuzzyMatch | null {
  const t = text.toLowerCase();
  const positions: number[] = [];
  let score = 0;
  let from = start;
  let previous = -2;
  for (const ch of q) {
    // Prefer the next occurrence at a word start over the first occurrence anywhere.
    let index = -1;
    for (let i = from; i < t.length; i++) {
      if (t[i] !== ch) continue;
      if (index === -1) index = i;
      if (isWordStart(text, i) && i !== previous + 1) {
        index = i;
        break;
      }
      if (i === previous + 1) break;
    }
    if (index === -1) return null;
    score += 1;
    if (index === previous + 1) score += 3;
    if (isWordStart(text, index)) score += 4;
    if (index === 0) score += 2;
    positions.push(index);
    previous = index;
    from = index + 1;
  }
  // Matches spread over the text count a little less than compact ones.
  const gaps = positions[positions.length - 1]! - positions[0]! + 1 - positions.length;
  // Shorter texts win ties: "Zoom" over "Zoom all panes in every session".
  return { score: score - gaps * 0.05 - text.length * 0.01, positions };
}

function isWordStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const before = text[i - 1]!;
  const here = text[i]!;
  return /[\s\-_./:]/.test(before) || (/[a-z]/.test(before) && /[A-Z]/.test(here));
}

/** Ranks items by their best-matching field; items that do not match are left out. */
export function rankByFuzzy<T>(
  items: readonly T[],
  query: string,
  fields: (item: T) => string[],
): Array<{ item: T; match: FuzzyMatch }> {
  const out: Array<{ item: T; match: FuzzyMatch; order: number }> = [];
  items.forEach((item, order) => {
    let best: FuzzyMatch | null = null;
    for (const [i, field] of fields(item).entries()) {
      const m = fuzzyMatch(query, field);
      // Secondary fields (ids, categories) count a little less than the title.
      if (m && i > 0) m.positions = [];
      if (m && i > 0) m.score -= 1;
      if (m && (!best || m.score > best.score)) best = m;
    }
    if (best) out.push({ item, match: best, order });
  });
  return out
    .sort((a, b) => b.match.score - a.match.score || a.order - b.order)
    .map(({ item, match }) => ({ item, match }));
}
