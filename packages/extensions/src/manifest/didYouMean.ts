// "Did you mean" for unknown keys and enum values: the closest known word by edit distance, when
// it is close enough to be a likely typo (`comands`, `restart = "on_failure"`, `Linux`).

/** Edit distance counting an adjacent transposition (`lable`) as one edit; gives up past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (prevPrev[j - 2] as number) + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prevPrev = prev;
    prev = cur;
  }
  return prev[b.length] as number;
}

/** The known word closest to `word`, or undefined when none is a plausible typo of it. */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  // Long attacker-supplied keys are not worth comparing; no real key is that long.
  if (word.length > 64) return undefined;
  const lower = word.toLowerCase().replace(/_/g, '-');
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    if (candidate.toLowerCase().replace(/_/g, '-') === lower) return candidate;
    const limit = Math.max(1, Math.min(3, Math.floor(candidate.length / 3)));
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase(), limit);
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` or an empty string, ready to append to a message. */
export function suggestion(word: string, known: readonly string[]): string {
  const hit = didYouMean(word, known);
  return hit === undefined ? '' : ` (did you mean "${hit}"?)`;
}
